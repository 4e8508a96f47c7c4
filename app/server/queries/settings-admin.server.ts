import type { Kysely } from "kysely";
import { nowIso } from "../db/connection.server.ts";
import type { Database } from "../db/schema.ts";

// Writes to site_settings for the admin screens (upsert by setting_key, one row per key).

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
