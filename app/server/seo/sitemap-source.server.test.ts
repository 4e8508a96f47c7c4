import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { saveSettings } from "../queries/settings-admin.server.ts";
import { CUSTOM_SITEMAP_KEY, generateSitemapXml, servedSitemapXml } from "./sitemap-source.server.ts";

describeEachDialect("the served sitemap on %s", (dialect) => {
  let s: TestServices;
  beforeAll(async () => {
    s = await createTestServices(dialect);
  });
  afterAll(() => s.cleanup());

  it("is generated from the seeded rows while there is no custom sitemap", async () => {
    const xml = await servedSitemapXml(s.database.db, "https://tools.example.com/");
    expect(xml).toBe(await generateSitemapXml(s.database.db, "https://tools.example.com"));
    expect(xml).toContain("<loc>https://tools.example.com/tool/dds-to-png</loc>");
    expect(xml).toContain("<loc>https://tools.example.com/tool/word-counter</loc>");
  });

  it("is the uploaded one while it exists, and generated again when it is emptied", async () => {
    const custom = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>`;
    await saveSettings(s.database.db, { [CUSTOM_SITEMAP_KEY]: custom });
    expect(await servedSitemapXml(s.database.db, "https://tools.example.com")).toBe(custom);
    await saveSettings(s.database.db, { [CUSTOM_SITEMAP_KEY]: "" });
    expect(await servedSitemapXml(s.database.db, "https://tools.example.com")).toContain("/tool/dds-to-png</loc>");
  });
});
