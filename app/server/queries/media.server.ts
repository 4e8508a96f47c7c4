import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { Selectable } from "kysely";
import type { Database } from "../db/schema.ts";
import { readPage, type ListPage } from "./paging.server.ts";

// The media library (issue 29, decision 047): one row per uploaded image, written by uploadImage.

/** A smaller copy made at upload (same format, or AVIF where that is smaller). */
export interface MediaVariant {
  key: string;
  width: number;
  height: number;
  mime: string;
  bytes: number;
}

export interface MediaItem {
  id: number;
  key: string;
  fileName: string;
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  alt: string;
  caption: string;
  variants: MediaVariant[];
  createdAt: string;
}

export const MEDIA_PAGE_SIZE = 24;

const COLUMNS = ["id", "storage_key", "file_name", "mime", "bytes", "width", "height", "alt", "caption", "variants", "created_at"] as const;
type MediaRow = Pick<Selectable<Database["media"]>, (typeof COLUMNS)[number]>;

function parseVariants(json: string): MediaVariant[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as MediaVariant[]) : [];
  } catch {
    return [];
  }
}

const toItem = (r: MediaRow): MediaItem => ({
  id: r.id,
  key: r.storage_key,
  fileName: r.file_name,
  mime: r.mime,
  bytes: Number(r.bytes),
  width: r.width === null ? null : Number(r.width),
  height: r.height === null ? null : Number(r.height),
  alt: r.alt,
  caption: r.caption,
  variants: parseVariants(r.variants),
  createdAt: r.created_at,
});

export interface NewMedia {
  key: string;
  fileName: string;
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  alt?: string;
  caption?: string;
  variants: MediaVariant[];
  uploadedBy: string | null;
  createdAt: string;
}

export async function recordMedia(db: Kysely<Database>, media: NewMedia): Promise<number> {
  const row = await db
    .insertInto("media")
    .values({
      storage_key: media.key,
      file_name: media.fileName.slice(0, 255),
      mime: media.mime,
      bytes: media.bytes,
      width: media.width,
      height: media.height,
      alt: media.alt ?? "",
      caption: media.caption ?? "",
      variants: JSON.stringify(media.variants),
      created_at: media.createdAt,
      uploaded_by: media.uploadedBy,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** LIKE on user-typed text: its wildcards escaped with "!" (standard SQL, the same on both databases). */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
const lowerLike = (column: string, pattern: string) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '!'`;

function matches(query: string): Expression<SqlBool> | null {
  const text = query.trim();
  if (!text) return null;
  const pattern = likePattern(text);
  return sql<SqlBool>`(${lowerLike("file_name", pattern)} or ${lowerLike("alt", pattern)} or ${lowerLike("caption", pattern)})`;
}

/** One page of the library, newest first, optionally only images whose file name, alt text or caption holds `query`. */
export async function listMedia(db: Kysely<Database>, options: { query?: string; page?: number; pageSize?: number } = {}): Promise<ListPage<MediaItem>> {
  const where = matches(options.query ?? "");
  const base = () => (where ? db.selectFrom("media").where(where) : db.selectFrom("media"));
  return readPage(
    options.page ?? 1,
    async () => Number((await base().select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n),
    async (limit, offset) =>
      (await base().select(COLUMNS).orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute()).map(toItem),
    options.pageSize ?? MEDIA_PAGE_SIZE,
  );
}

export async function getMedia(db: Kysely<Database>, id: number): Promise<MediaItem | undefined> {
  const row = await db.selectFrom("media").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  return row ? toItem(row) : undefined;
}

/** The rows of these storage keys (the images a page's HTML shows), by key. */
export async function mediaByKeys(db: Kysely<Database>, keys: readonly string[]): Promise<Map<string, MediaItem>> {
  if (keys.length === 0) return new Map();
  const rows = await db.selectFrom("media").select(COLUMNS).where("storage_key", "in", [...new Set(keys)]).execute();
  return new Map(rows.map((r) => [r.storage_key, toItem(r)]));
}

export async function updateMediaText(db: Kysely<Database>, id: number, text: { alt: string; caption: string }): Promise<boolean> {
  const result = await db.updateTable("media").set({ alt: text.alt, caption: text.caption }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Where an image is used, as the admin reads it ("post “Hello”"). */
export interface MediaUse {
  kind: "post" | "page" | "content section" | "tool" | "setting";
  label: string;
}

/**
 * Every place that refers to the image: post and page content and thumbnails, content sections,
 * tool texts, and settings (logo, icon, og image). Storage keys are unique (a random part), so a
 * reference to the key in any form of its URL (relative, absolute, CDN) counts.
 */
export async function findMediaUses(db: Kysely<Database>, key: string): Promise<MediaUse[]> {
  const pattern = `%${key.replace(/[!%_]/g, (c) => `!${c}`)}%`;
  const like = (column: string) => sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '!'`;
  const [posts, pages, sections, tools, settings] = await Promise.all([
    db.selectFrom("blog_posts").select(["title"]).where((eb) => eb.or([like("content"), like("thumbnail")])).orderBy("id").execute(),
    db.selectFrom("pages").select(["title"]).where(like("content")).orderBy("id").execute(),
    db.selectFrom("content_sections").select(["page_key"]).where(like("content")).orderBy("id").execute(),
    db.selectFrom("tools").select(["name"]).where((eb) => eb.or([like("content"), like("blog_content")])).orderBy("id").execute(),
    db.selectFrom("site_settings").select(["setting_key"]).where(like("setting_value")).orderBy("id").execute(),
  ]);
  return [
    ...posts.map((r) => ({ kind: "post" as const, label: r.title })),
    ...pages.map((r) => ({ kind: "page" as const, label: r.title })),
    ...sections.map((r) => ({ kind: "content section" as const, label: r.page_key })),
    ...tools.map((r) => ({ kind: "tool" as const, label: r.name })),
    ...settings.map((r) => ({ kind: "setting" as const, label: r.setting_key })),
  ];
}

/** "post “A”, page “B” and 3 more" */
export function describeUses(uses: readonly MediaUse[], shown = 3): string {
  const names = uses.slice(0, shown).map((u) => `${u.kind} “${u.label}”`);
  const more = uses.length - names.length;
  return more > 0 ? `${names.join(", ")} and ${more} more` : names.join(", ");
}

export type DeleteMediaResult = { ok: true; keys: string[] } | { ok: false; reason: "not-found" } | { ok: false; reason: "in-use"; uses: MediaUse[] };

/** Removes the row of an unused image; answers the storage keys (original and variants) to delete. */
export async function deleteUnusedMedia(db: Kysely<Database>, id: number): Promise<DeleteMediaResult> {
  const item = await getMedia(db, id);
  if (!item) return { ok: false, reason: "not-found" };
  const uses = await findMediaUses(db, item.key);
  if (uses.length > 0) return { ok: false, reason: "in-use", uses };
  await db.deleteFrom("media").where("id", "=", id).execute();
  return { ok: true, keys: [item.key, ...item.variants.map((v) => v.key)] };
}

/** Whether the library holds this storage key (a post's thumbnail there outlives the post). */
export async function isLibraryKey(db: Kysely<Database>, key: string): Promise<boolean> {
  return (await db.selectFrom("media").select("id").where("storage_key", "=", key).executeTakeFirst()) !== undefined;
}

/** Removes the row of a key whatever uses it (an upload whose form failed); answers its variants' keys. */
export async function forgetMedia(db: Kysely<Database>, key: string): Promise<string[]> {
  const row = await db.selectFrom("media").select(["id", "variants"]).where("storage_key", "=", key).executeTakeFirst();
  if (!row) return [];
  await db.deleteFrom("media").where("id", "=", row.id).execute();
  return parseVariants(row.variants).map((v) => v.key);
}
