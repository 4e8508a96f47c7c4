import type { Kysely } from "kysely";
import { nowIso } from "../db/connection.server.ts";
import type { Database } from "../db/schema.ts";

/**
 * The spec's bootstrap_first_admin, done on the server: the first account ever created becomes the
 * admin. The claim is one row under a unique key, so among racing sign-ups exactly one insert wins.
 */
export async function claimFirstAdmin(db: Kysely<Database>, userId: string): Promise<boolean> {
  const result = await db
    .insertInto("claims")
    .values({ name: "first_admin", value: userId, created_at: nowIso() })
    .onConflict((oc) => oc.column("name").doNothing())
    .executeTakeFirst();
  const won = Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  if (won) await db.updateTable("user").set({ role: "admin" }).where("id", "=", userId).execute();
  return won;
}

/** Whether the next account will become the admin: the claim is still free (a fresh install). /auth says so on its Sign Up tab. */
export async function nextAccountBecomesAdmin(db: Kysely<Database>): Promise<boolean> {
  const claim = await db.selectFrom("claims").select("name").where("name", "=", "first_admin").executeTakeFirst();
  return claim === undefined;
}
