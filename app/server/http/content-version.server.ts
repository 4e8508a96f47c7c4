import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";

/** The current content version; cached public pages rendered under an older one are stale. */
export async function getContentVersion(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom("content_version").select("version").where("id", "=", 1).executeTakeFirst();
  return row?.version ?? 0;
}

/** Called after every admin write: makes every cached public page stale, on every instance. */
export async function bumpContentVersion(db: Kysely<Database>): Promise<void> {
  await db.updateTable("content_version").set({ version: sql`version + 1` }).where("id", "=", 1).execute();
}
