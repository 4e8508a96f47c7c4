import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../seed/settings.data.ts";
import { createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { saveSettings } from "./settings-admin.server.ts";
import { allowsNewAccounts, defaultSiteSettings, readSetting, SETTINGS, settingsFromRows, siteSettings } from "./settings.server.ts";

describe("settingsFromRows", () => {
  it("gives every setting its default when nothing is stored", () => {
    const settings = defaultSiteSettings();
    expect(settings).toMatchObject({
      siteName: DEFAULT_SETTINGS.site_name,
      siteUrl: "/",
      sidebarBgColor: "#f8f9fa",
      sidebarTextColor: "#000000",
      enableComments: false,
      maintenanceMode: false,
      allowNewAccounts: true,
      ogImage: "",
      robotsTxt: DEFAULT_SETTINGS.robots_txt,
    });
    // one named setting per stored key, none left out
    expect(Object.values(SETTINGS).map((s) => s.key).toSorted()).toEqual(Object.keys(DEFAULT_SETTINGS).toSorted());
  });

  it("reads stored values by their type", () => {
    const settings = settingsFromRows({ site_name: "My Site", maintenance_mode: "true", allow_new_accounts: "false", sidebar_bg_color: "#ABCDEF", og_image: "" });
    expect(settings.siteName).toBe("My Site");
    expect(settings.maintenanceMode).toBe(true);
    expect(settings.allowNewAccounts).toBe(false);
    expect(settings.sidebarBgColor).toBe("#ABCDEF");
    expect(settings.ogImage).toBe("");
  });

  it("reads a bad stored value as the default", () => {
    const settings = settingsFromRows({ maintenance_mode: "yes", allow_new_accounts: "0", sidebar_text_color: "red", sidebar_bg_color: "#fff", site_name: "  ", site_url: "", site_time_zone: "Mars/Base" });
    expect(settings.maintenanceMode).toBe(false);
    expect(settings.siteTimeZone).toBe("UTC");
    expect(settings.allowNewAccounts).toBe(true);
    expect(settings.sidebarTextColor).toBe("#000000");
    expect(settings.sidebarBgColor).toBe("#f8f9fa");
    expect(settings.siteName).toBe(DEFAULT_SETTINGS.site_name);
    expect(settings.siteUrl).toBe("/");
  });

  it("ignores keys it does not know and keys inherited from Object", () => {
    const settings = settingsFromRows({ unknown_key: "x", custom_sitemap: "<urlset/>" });
    expect(settings).toEqual(defaultSiteSettings());
    expect(readSetting("siteTagline", undefined)).toBe(DEFAULT_SETTINGS.site_tagline);
  });
});

describeEachDialect("siteSettings on %s", (dialect) => {
  let s: TestServices;
  beforeAll(async () => {
    s = await createTestServices(dialect);
  });
  afterAll(() => s.cleanup());

  it("reads the seeded defaults, then what an admin saved, typed", async () => {
    const { db } = s.database;
    expect(await siteSettings(db)).toEqual(defaultSiteSettings());
    await saveSettings(db, { site_name: "Saved Title", maintenance_mode: "true", sidebar_bg_color: "#123456", allow_new_accounts: "false" });
    const settings = await siteSettings(db);
    expect(settings).toMatchObject({ siteName: "Saved Title", maintenanceMode: true, sidebarBgColor: "#123456", allowNewAccounts: false });
    expect(await allowsNewAccounts(db)).toBe(false);
  });

  it("falls back to the default for a broken row or a missing one", async () => {
    const { db } = s.database;
    await saveSettings(db, { allow_new_accounts: "maybe", sidebar_text_color: "javascript:alert(1)" });
    await db.deleteFrom("site_settings").where("setting_key", "=", "site_tagline").execute();
    const settings = await siteSettings(db);
    expect(settings.allowNewAccounts).toBe(true);
    expect(await allowsNewAccounts(db)).toBe(true);
    expect(settings.sidebarTextColor).toBe("#000000");
    expect(settings.siteTagline).toBe(DEFAULT_SETTINGS.site_tagline);
  });
});
