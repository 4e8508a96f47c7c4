import { describe, expect, it } from "vitest";
import { seedContentSections, seedPages } from "#app/server/seed/pages.data.ts";
import { DEFAULT_SETTINGS } from "#app/server/seed/settings.data.ts";
import { fillSiteName, SITE_NAME_TOKEN } from "./site-name-token.ts";

describe("fillSiteName", () => {
  it("puts the escaped site name where the token is", () => {
    expect(fillSiteName(`<p>${SITE_NAME_TOKEN} is free. ${SITE_NAME_TOKEN}!</p>`, "A&B <Tools>")).toBe("<p>A&amp;B &lt;Tools&gt; is free. A&amp;B &lt;Tools&gt;!</p>");
    expect(fillSiteName("<p>no token</p>", "X")).toBe("<p>no token</p>");
  });

  it("the seeded About page and home-page article name the site only through the token (a rename shows there)", () => {
    const seeded = [seedPages.find((p) => p.slug === "about")!.content, seedContentSections.find((s) => s.pageKey === "home_seo")!.content];
    for (const html of seeded) {
      expect(html).toContain(SITE_NAME_TOKEN);
      const renamed = fillSiteName(html, "Acme Converters");
      expect(renamed).toContain("Acme Converters");
      expect(renamed).not.toContain(DEFAULT_SETTINGS.site_name);
    }
  });
});
