import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { isTimeZone } from "#app/lib/schedule.ts";
import { DEFAULT_SETTINGS } from "../seed/settings.data.ts";

// The one way to read site settings: a typed object with every value present. A missing row, or a
// stored value its type does not accept (a flag that is not "true"/"false", a colour that is not
// #rrggbb), reads as the default from settings.data.ts, so no caller needs `?? ""` or its own fallback.

type SettingKey = keyof typeof DEFAULT_SETTINGS;

/** How a stored string is read. `nonEmpty`: "" is the default too (the site's name, title template and home link). */
type SettingType = "text" | "nonEmpty" | "flag" | "color" | "timeZone";

const flag = (key: SettingKey) => ({ key, type: "flag" }) as const;
const text = (key: SettingKey) => ({ key, type: "text" }) as const;
const nonEmpty = (key: SettingKey) => ({ key, type: "nonEmpty" }) as const;
const color = (key: SettingKey) => ({ key, type: "color" }) as const;
const timeZone = (key: SettingKey) => ({ key, type: "timeZone" }) as const;

/** Every setting: its name in code, its stored key and its type. */
export const SETTINGS = {
  siteName: nonEmpty("site_name"),
  homeTitle: text("home_title"),
  titleTemplate: nonEmpty("title_template"),
  siteDescription: text("site_description"),
  siteKeywords: text("site_keywords"),
  siteTagline: text("site_tagline"),
  siteUrl: nonEmpty("site_url"),
  contactEmail: text("contact_email"),
  footerText: text("footer_text"),
  ogImage: text("og_image"),
  twitterHandle: text("twitter_handle"),
  googleAnalytics: text("google_analytics"),
  googleSearchConsole: text("google_search_console"),
  robotsTxt: text("robots_txt"),
  siteLogo: text("site_logo"),
  siteIcon: text("site_icon"),
  sidebarLogo: text("sidebar_logo"),
  sidebarBgColor: color("sidebar_bg_color"),
  sidebarTextColor: color("sidebar_text_color"),
  /** the public site's primary colour and its dark-mode variant (app/lib/theme/site-theme.ts) */
  brandColor: color("brand_color"),
  brandDarkColor: color("brand_dark_color"),
  enableComments: flag("enable_comments"),
  maintenanceMode: flag("maintenance_mode"),
  allowNewAccounts: flag("allow_new_accounts"),
  customCss: text("custom_css"),
  customJs: text("custom_js"),
  /** JSON; parseAdsConfig reads it (and logs a broken value). */
  adsConfig: text("ads_config"),
  /** RSS feeds carry the whole post (true) or its excerpt (false, the default) */
  feedFullContent: flag("feed_full_content"),
  /** IANA zone scheduled posts are typed and shown in (an unknown zone reads as UTC) */
  siteTimeZone: timeZone("site_time_zone"),
} as const satisfies Record<string, { key: SettingKey; type: SettingType }>;

export type SettingName = keyof typeof SETTINGS;
type ValueOf<T extends SettingType> = T extends "flag" ? boolean : string;
export type SiteSettings = { -readonly [N in SettingName]: ValueOf<(typeof SETTINGS)[N]["type"]> };

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** One setting's value from its stored string (undefined: no row). */
function readValue(type: SettingType, stored: string | undefined, fallback: string): string | boolean {
  switch (type) {
    case "flag": {
      const value = stored === "true" || stored === "false" ? stored : fallback;
      return value === "true";
    }
    case "color":
      return stored !== undefined && HEX_COLOR.test(stored) ? stored : fallback;
    case "timeZone":
      return stored !== undefined && isTimeZone(stored) ? stored : fallback;
    case "nonEmpty":
      return stored?.trim() ? stored : fallback;
    case "text":
      return stored ?? fallback;
  }
}

/** A setting by name from the stored rows (key → value). */
export function readSetting<N extends SettingName>(name: N, stored: string | undefined): SiteSettings[N] {
  const { key, type } = SETTINGS[name];
  return readValue(type, stored, DEFAULT_SETTINGS[key]) as SiteSettings[N];
}

/** Every setting from the stored rows (key → value); pure, for the DB reader and its tests. */
export function settingsFromRows(rows: Readonly<Record<string, string>>): SiteSettings {
  const out: Partial<Record<SettingName, string | boolean>> = {};
  for (const name of Object.keys(SETTINGS) as SettingName[]) out[name] = readSetting(name, Object.hasOwn(rows, SETTINGS[name].key) ? rows[SETTINGS[name].key] : undefined);
  return out as SiteSettings;
}

/** The defaults alone (what a new site starts with). */
export const defaultSiteSettings = (): SiteSettings => settingsFromRows({});

/** All settings, typed, defaults filled in. */
export async function siteSettings(db: Kysely<Database>): Promise<SiteSettings> {
  // custom_sitemap (up to 5 MB) is read only by /sitemap.xml and the SEO screen
  const rows = await db.selectFrom("site_settings").select(["setting_key", "setting_value"]).where("setting_key", "!=", "custom_sitemap").execute();
  return settingsFromRows(Object.fromEntries(rows.map((r) => [r.setting_key, r.setting_value])));
}

/** "Allow new accounts" (General Settings): read from the row on every call, so a change applies at once. */
export async function allowsNewAccounts(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom("site_settings").select("setting_value").where("setting_key", "=", SETTINGS.allowNewAccounts.key).executeTakeFirst();
  return readSetting("allowNewAccounts", row?.setting_value);
}

/** The site name (the brand), read from its row on every call: mails written after a rename carry the new name. */
export async function currentSiteName(db: Kysely<Database>): Promise<string> {
  const row = await db.selectFrom("site_settings").select("setting_value").where("setting_key", "=", SETTINGS.siteName.key).executeTakeFirst();
  return readSetting("siteName", row?.setting_value);
}
