import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { DEFAULT_SETTINGS } from "../seed/settings.data";

export type SiteSettings = Record<string, string>;

/** All settings as a key → value map, defaults filled in for keys without a row. */
export async function getSiteSettings(db: Kysely<Database>): Promise<SiteSettings> {
  const rows = await db.selectFrom("site_settings").select(["setting_key", "setting_value"]).execute();
  const settings: SiteSettings = { ...DEFAULT_SETTINGS };
  for (const row of rows) settings[row.setting_key] = row.setting_value;
  return settings;
}
