import { describe, expect, it } from "vitest";
import { DEFAULT_ROBOTS_TXT } from "#app/server/seed/settings.data.ts";
import { buildRobotsTxt } from "./robots.server.ts";

const origin = "https://tools.example.com";

describe("buildRobotsTxt", () => {
  it("falls back to allow-all for an empty or blank setting", () => {
    const expected = "User-agent: *\nAllow: /\n\nSitemap: https://tools.example.com/sitemap.xml\n";
    expect(buildRobotsTxt("", origin)).toBe(expected);
    expect(buildRobotsTxt("  \r\n\t\n", origin)).toBe(expected);
  });

  it("keeps the setting as written and appends the Sitemap line", () => {
    expect(buildRobotsTxt("User-agent: *\nDisallow: /admin/\n", origin)).toBe(
      "User-agent: *\nDisallow: /admin/\n\nSitemap: https://tools.example.com/sitemap.xml\n",
    );
  });

  it("adds the missing trailing newline", () => {
    expect(buildRobotsTxt("User-agent: *\nDisallow:", origin)).toBe(
      "User-agent: *\nDisallow:\n\nSitemap: https://tools.example.com/sitemap.xml\n",
    );
  });

  it("does not add a second blank line when the setting already ends with one", () => {
    expect(buildRobotsTxt("User-agent: *\nAllow: /\n\n", origin)).toBe(
      "User-agent: *\nAllow: /\n\nSitemap: https://tools.example.com/sitemap.xml\n",
    );
  });

  it("normalises CRLF and CR line endings", () => {
    expect(buildRobotsTxt("User-agent: *\r\nAllow: /\rDisallow: /api/\r\n", origin)).toBe(
      "User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: https://tools.example.com/sitemap.xml\n",
    );
  });

  it("keeps an existing Sitemap line, whatever its case, and adds none", () => {
    const own = "User-agent: *\nAllow: /\nsitemap: https://cdn.example.com/map.xml";
    expect(buildRobotsTxt(own, origin)).toBe(`${own}\n`);
    const upper = "SITEMAP : https://x.test/a.xml\r\nUser-agent: *\r\n";
    expect(buildRobotsTxt(upper, origin)).toBe("SITEMAP : https://x.test/a.xml\nUser-agent: *\n");
    const indented = "User-agent: *\n  Sitemap: https://x.test/s.xml\n";
    expect(buildRobotsTxt(indented, origin)).toBe(indented);
  });

  it("does not mistake a mention of sitemap inside a line for a Sitemap line", () => {
    expect(buildRobotsTxt("# see our sitemap: below\nUser-agent: *\nDisallow: /sitemap-old/\n", origin)).toBe(
      "# see our sitemap: below\nUser-agent: *\nDisallow: /sitemap-old/\n\nSitemap: https://tools.example.com/sitemap.xml\n",
    );
  });

  it("strips a trailing slash from the origin", () => {
    expect(buildRobotsTxt("", "https://x.test/")).toBe("User-agent: *\nAllow: /\n\nSitemap: https://x.test/sitemap.xml\n");
  });

  it("serves the seeded default robots.txt with the Sitemap line at the end", () => {
    const out = buildRobotsTxt(DEFAULT_ROBOTS_TXT, origin);
    expect(out.startsWith(DEFAULT_ROBOTS_TXT)).toBe(true);
    expect(out.slice(DEFAULT_ROBOTS_TXT.length)).toBe("\nSitemap: https://tools.example.com/sitemap.xml\n");
    expect(out).toContain("User-agent: Googlebot\nAllow: /\n");
  });
});
