import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { DEFAULT_SETTINGS } from "../seed/settings.data";

export type SiteSettings = Record<string, string>;

/** All settings as a key → value map, defaults filled in for keys without a row. */
export async function getSiteSettings(db: Kysely<Database>): Promise<SiteSettings> {
  // custom_sitemap (up to 5 MB) is read only by /sitemap.xml and the SEO screen
  const rows = await db.selectFrom("site_settings").select(["setting_key", "setting_value"]).where("setting_key", "!=", "custom_sitemap").execute();
  const settings: SiteSettings = { ...DEFAULT_SETTINGS };
  for (const row of rows) settings[row.setting_key] = row.setting_value;
  return settings;
}

/** "Allow new accounts" (General Settings): read from the row on every call, so a change applies at once. */
export const ALLOW_NEW_ACCOUNTS_KEY = "allow_new_accounts";

export async function allowsNewAccounts(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom("site_settings").select("setting_value").where("setting_key", "=", ALLOW_NEW_ACCOUNTS_KEY).executeTakeFirst();
  return (row?.setting_value ?? DEFAULT_SETTINGS[ALLOW_NEW_ACCOUNTS_KEY]) !== "false";
}
