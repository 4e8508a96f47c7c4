import type { Kysely } from "kysely";
import { nowIso } from "../db/connection.server.ts";
import type { Database } from "../db/schema.ts";

// Admin queries for content_sections (the /admin/content screen). Posts and pages admin queries do
// NOT go here: they live in posts-admin.server.ts and pages-admin.server.ts.

const COLUMNS = ["id", "page_key", "title", "content", "published", "updated_at"] as const;
export type ContentSectionRow = Pick<Database["content_sections"], Exclude<(typeof COLUMNS)[number], "id">> & { id: number };

/** Every section, ordered by page_key, then oldest first. */
export function listContentSections(db: Kysely<Database>): Promise<ContentSectionRow[]> {
  return db.selectFrom("content_sections").select(COLUMNS).orderBy("page_key").orderBy("id").execute();
}

export function getContentSection(db: Kysely<Database>, id: number): Promise<ContentSectionRow | undefined> {
  return db.selectFrom("content_sections").select(COLUMNS).where("id", "=", id).executeTakeFirst();
}

/** Update title, content and published by id; false when there is no such section. */
export async function updateContentSection(
  db: Kysely<Database>,
  id: number,
  input: { title: string; content: string; published: boolean },
): Promise<boolean> {
  const result = await db
    .updateTable("content_sections")
    .set({ title: input.title, content: input.content, published: input.published ? 1 : 0, updated_at: nowIso() })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Insert a section for a page key, returning the row. */
export async function createContentSection(
  db: Kysely<Database>,
  input: { page_key: string; title: string; content: string; published: boolean },
): Promise<ContentSectionRow> {
  const now = nowIso();
  return db
    .insertInto("content_sections")
    .values({ page_key: input.page_key, title: input.title, content: input.content, published: input.published ? 1 : 0, created_at: now, updated_at: now })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function deleteContentSection(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom("content_sections").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
