import type { Kysely } from "kysely";
import { nowIso } from "../db/connection.server";
import type { Database } from "../db/schema";
import { buildSitemapXml } from "../seo/sitemap.server";
import { listPageSitemapEntries } from "./pages.server";
import { listPostSitemapEntries } from "./posts.server";
import { listToolSitemapEntries } from "./tools.server";

// Writes to site_settings for the admin screens (spec §7: upsert by setting_key, one row per key).

/** Upsert every key → value in one transaction, stamping updated_at. */
export async function saveSettings(db: Kysely<Database>, values: Record<string, string>): Promise<void> {
  const entries = Object.entries(values);
  if (entries.length === 0) return;
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    for (const [setting_key, setting_value] of entries) {
      await trx
        .insertInto("site_settings")
        .values({ setting_key, setting_value, updated_at: now })
        .onConflict((oc) => oc.column("setting_key").doUpdateSet({ setting_value, updated_at: now }))
        .execute();
    }
  });
}

/** One setting's stored value (no default), or undefined when there is no row. */
export async function getSettingValue(db: Kysely<Database>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom("site_settings").select("setting_value").where("setting_key", "=", key).executeTakeFirst();
  return row?.setting_value;
}

/** Remove a setting's row (for keys that exist only while in use, like custom_sitemap). */
export async function deleteSetting(db: Kysely<Database>, key: string): Promise<boolean> {
  const result = await db.deleteFrom("site_settings").where("setting_key", "=", key).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The custom sitemap uploaded on the SEO screen; served at /sitemap.xml instead of the generated one while it exists. */
export const CUSTOM_SITEMAP_KEY = "custom_sitemap";

/** The generated sitemap, exactly as /sitemap.xml serves it when there is no custom one. */
export async function generateSitemapXml(db: Kysely<Database>, origin: string): Promise<string> {
  const [posts, pages, tools] = await Promise.all([listPostSitemapEntries(db), listPageSitemapEntries(db), listToolSitemapEntries(db)]);
  return buildSitemapXml({ origin, posts, pages, tools });
}
