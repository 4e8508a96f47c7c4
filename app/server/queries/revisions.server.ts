import type { Kysely, Selectable } from "kysely";
import type { ContentRevisionsTable, Database } from "../db/schema.ts";

// Saved states of posts and pages (issue 29, finding 6). Every save stores one; consecutive
// autosaves by one admin share one (they would otherwise push the real saves out within a minute of
// typing); the newest KEPT_REVISIONS of each post or page stay, older ones go in the same transaction.

export const KEPT_REVISIONS = 20;

export type RevisionKind = ContentRevisionsTable["kind"];
export type RevisionSource = ContentRevisionsTable["source"];

/** The fields a revision keeps (a page has no keywords or thumbnail: stored as ""). */
export interface RevisionFields {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  keywords?: string;
  thumbnail?: string;
  seoTitle?: string;
  socialImage?: string;
}

/** Who saved, and how; given to the writes of posts and pages. */
export interface RevisionStamp {
  author: string;
  source: RevisionSource;
}

const SUMMARY_COLUMNS = ["id", "title", "source", "author", "saved_at"] as const;
const FULL_COLUMNS = ["id", "kind", "content_id", "title", "slug", "excerpt", "content", "keywords", "thumbnail", "seo_title", "social_image", "source", "author", "saved_at"] as const;

export type RevisionSummary = Pick<Selectable<ContentRevisionsTable>, (typeof SUMMARY_COLUMNS)[number]>;
export type Revision = Pick<Selectable<ContentRevisionsTable>, (typeof FULL_COLUMNS)[number]>;

/**
 * Stores the saved state of a post or page and prunes the oldest beyond KEPT_REVISIONS. Call it
 * inside the transaction of the save, so the content and its history never disagree.
 */
export async function recordRevision(
  db: Kysely<Database>,
  owner: { kind: RevisionKind; contentId: number },
  fields: RevisionFields,
  stamp: RevisionStamp,
  savedAt: string,
): Promise<void> {
  const values = {
    title: fields.title,
    slug: fields.slug,
    excerpt: fields.excerpt,
    content: fields.content,
    keywords: fields.keywords ?? "",
    thumbnail: fields.thumbnail ?? "",
    seo_title: fields.seoTitle ?? "",
    social_image: fields.socialImage ?? "",
    source: stamp.source,
    author: stamp.author,
    saved_at: savedAt,
  };
  const latest = await db
    .selectFrom("content_revisions")
    .select(["id", "source", "author"])
    .where("kind", "=", owner.kind)
    .where("content_id", "=", owner.contentId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (stamp.source === "autosave" && latest?.source === "autosave" && latest.author === stamp.author) {
    await db.updateTable("content_revisions").set(values).where("id", "=", latest.id).execute();
    return;
  }
  await db
    .insertInto("content_revisions")
    .values({ kind: owner.kind, content_id: owner.contentId, ...values })
    .execute();
  await pruneRevisions(db, owner);
}

/** Deletes all but the newest KEPT_REVISIONS revisions of one post or page. */
async function pruneRevisions(db: Kysely<Database>, owner: { kind: RevisionKind; contentId: number }): Promise<void> {
  const oldestKept = await db
    .selectFrom("content_revisions")
    .select("id")
    .where("kind", "=", owner.kind)
    .where("content_id", "=", owner.contentId)
    .orderBy("id", "desc")
    .offset(KEPT_REVISIONS - 1)
    .limit(1)
    .executeTakeFirst();
  if (!oldestKept) return;
  await db
    .deleteFrom("content_revisions")
    .where("kind", "=", owner.kind)
    .where("content_id", "=", owner.contentId)
    .where("id", "<", oldestKept.id)
    .execute();
}

/** The revisions of a post or page, newest first (what the editor lists). */
export function listRevisions(db: Kysely<Database>, kind: RevisionKind, contentId: number): Promise<RevisionSummary[]> {
  return db
    .selectFrom("content_revisions")
    .select(SUMMARY_COLUMNS)
    .where("kind", "=", kind)
    .where("content_id", "=", contentId)
    .orderBy("id", "desc")
    .limit(KEPT_REVISIONS)
    .execute();
}

/** One revision of the given post or page (undefined for another's id or an unknown one). */
export function getRevision(db: Kysely<Database>, kind: RevisionKind, contentId: number, id: number): Promise<Revision | undefined> {
  return db
    .selectFrom("content_revisions")
    .select(FULL_COLUMNS)
    .where("id", "=", id)
    .where("kind", "=", kind)
    .where("content_id", "=", contentId)
    .executeTakeFirst();
}

/** A deleted post or page takes its history with it. */
export async function deleteRevisions(db: Kysely<Database>, kind: RevisionKind, contentId: number): Promise<void> {
  await db.deleteFrom("content_revisions").where("kind", "=", kind).where("content_id", "=", contentId).execute();
}
