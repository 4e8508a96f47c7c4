import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export const FEATURED_TOOLS_LIMIT = 6;

export function listFeaturedTools(db: Kysely<Database>) {
  return db
    .selectFrom("tools")
    .select(["slug", "name", "description", "category", "icon"])
    .where("is_featured", "=", 1)
    .orderBy("rank", "desc")
    .orderBy("name", "asc")
    .limit(FEATURED_TOOLS_LIMIT)
    .execute();
}
