import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SiteLogo, type SiteLogoSize } from "./site-logo.tsx";

// A wide or tall logo keeps its aspect ratio: a fixed height, width auto (bounded), no square box.
describe("SiteLogo", () => {
  for (const size of ["header", "footer", "sidebar", "sidebar-collapsed"] as SiteLogoSize[]) {
    it(`${size}: fixed height, width from the image, never a square box`, () => {
      const html = renderToStaticMarkup(createElement(SiteLogo, { src: "/logo.png", size }));
      expect(html).not.toMatch(/\swidth=/);
      expect(html).not.toMatch(/\bw-\d/);
      expect(html).toMatch(/class="[^"]*\bh-\d+\b[^"]*\bmax-w-\[[^\]]+\][^"]*\bw-auto\b[^"]*\bobject-contain\b/);
    });
  }
});

describe("every place that shows the site logo uses SiteLogo", () => {
  for (const file of ["app/components/site/site-header.tsx", "app/components/site/site-footer.tsx", "app/components/admin/admin-sidebar.tsx"]) {
    it(file, () => {
      const source = readFileSync(file, "utf8");
      expect(source).toMatch(/<SiteLogo /);
      expect(source).not.toMatch(/<img\s/);
    });
  }
});
