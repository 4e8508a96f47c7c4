import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { siteSettings } from "./settings.server.ts";
import { deleteSetting, getSettingValue, saveSettings } from "./settings-admin.server.ts";

describeEachDialect("site settings writes on %s", (dialect) => {
  let s: TestServices;
  beforeAll(async () => {
    s = await createTestServices(dialect);
  });
  afterAll(() => s.cleanup());

  const rows = (key: string) =>
    s.database.db.selectFrom("site_settings").select(["setting_value", "updated_at"]).where("setting_key", "=", key).execute();

  it("updates existing keys in place, one row per key, stamping updated_at", async () => {
    const [before] = await rows("site_tagline");
    await saveSettings(s.database.db, { site_tagline: "Fresh tagline", contact_email: "me@example.com" });
    const after = await rows("site_tagline");
    expect(after).toHaveLength(1);
    expect(after[0]!.setting_value).toBe("Fresh tagline");
    expect(after[0]!.updated_at >= before!.updated_at).toBe(true);
    expect(Date.parse(after[0]!.updated_at)).not.toBeNaN();
    const settings = await siteSettings(s.database.db);
    expect(settings.siteTagline).toBe("Fresh tagline");
    expect(settings.contactEmail).toBe("me@example.com");
  });

  it("inserts keys that have no row yet, and saving twice keeps one row", async () => {
    expect(await getSettingValue(s.database.db, "custom_sitemap")).toBeUndefined();
    await saveSettings(s.database.db, { custom_sitemap: "<urlset/>" });
    await saveSettings(s.database.db, { custom_sitemap: "<urlset></urlset>" });
    expect(await rows("custom_sitemap")).toHaveLength(1);
    expect(await getSettingValue(s.database.db, "custom_sitemap")).toBe("<urlset></urlset>");
  });

  it("keeps long values and text exactly as given", async () => {
    const big = "<urlset>" + "<url><loc>https://e.com/ü?a=1&amp;b=2</loc></url>\n".repeat(20_000) + "</urlset>";
    await saveSettings(s.database.db, { custom_sitemap: big, robots_txt: "User-agent: *\n\nDisallow: /x\n" });
    expect(await getSettingValue(s.database.db, "custom_sitemap")).toBe(big);
    expect(await getSettingValue(s.database.db, "robots_txt")).toBe("User-agent: *\n\nDisallow: /x\n");
  });

  it("deletes a key's row", async () => {
    expect(await deleteSetting(s.database.db, "custom_sitemap")).toBe(true);
    expect(await getSettingValue(s.database.db, "custom_sitemap")).toBeUndefined();
    expect(await deleteSetting(s.database.db, "custom_sitemap")).toBe(false);
  });

  it("does nothing for an empty map", async () => {
    await expect(saveSettings(s.database.db, {})).resolves.toBeUndefined();
  });
});
