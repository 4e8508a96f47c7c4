import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/**
 * End every session of an account, except the one whose token is `keepToken` (the session of the
 * person who changed the password, when they changed their own). Returns how many were ended.
 */
export async function endSessions(db: Kysely<Database>, userId: string, keepToken?: string): Promise<number> {
  let query = db.deleteFrom("session").where("userId", "=", userId);
  if (keepToken) query = query.where("token", "!=", keepToken);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
