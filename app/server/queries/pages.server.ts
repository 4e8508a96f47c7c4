import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

export function getPublishedPage(db: Kysely<Database>, slug: string) {
  return db
    .selectFrom("pages")
    .select(["slug", "title", "excerpt", "content", "seo_title", "social_image", "updated_at"])
    .where("slug", "=", slug)
    .where("published", "=", 1)
    .executeTakeFirst();
}

/** A draft page by its slug, for an admin's preview (the route checks the admin first). */
export function getDraftPage(db: Kysely<Database>, slug: string) {
  return db
    .selectFrom("pages")
    .select(["id", "slug", "title", "excerpt", "content", "seo_title", "social_image", "updated_at"])
    .where("slug", "=", slug)
    .where("published", "=", 0)
    .executeTakeFirst();
}

export function listPageSitemapEntries(db: Kysely<Database>) {
  return db.selectFrom("pages").select(["slug", "updated_at as updatedAt"]).where("published", "=", 1).orderBy("slug").execute();
}
