import type { Insertable, Kysely } from "kysely";
import type { Database } from "#app/server/db/schema.ts";
import { keywordWords } from "#app/server/queries/posts.server.ts";

// Many rows at once for list and load tests: direct inserts in chunks (SQLite and PostgreSQL both
// cap the bound parameters of one statement), with created_at one second apart so "newest first"
// has one right answer.

const CHUNK = 500;
const BASE = Date.UTC(2024, 0, 1);
const at = (i: number) => new Date(BASE + i * 1000).toISOString();

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * `count` posts "<prefix>-0".."<prefix>-(count-1)"; the higher the number, the newer. Each is in the
 * categories whose slug its keywords name, as the seed places its posts (decision 048).
 */
export async function insertPosts(
  db: Kysely<Database>,
  count: number,
  { prefix = "bulk-post", published = true, keywords = (_i: number) => "tools", start = 0 }: { prefix?: string; published?: boolean; keywords?: (i: number) => string; start?: number } = {},
): Promise<void> {
  const rows: Insertable<Database["blog_posts"]>[] = Array.from({ length: count }, (_, i) => ({
    title: `Post ${prefix} ${i}`,
    slug: `${prefix}-${i}`,
    excerpt: `Excerpt ${i}`,
    content: `<p>Body of post ${i}</p>`,
    thumbnail: "",
    keywords: keywords(i),
    published: published ? 1 : 0,
    created_at: at(start + i),
    updated_at: at(start + i),
  }));
  await insertChunked(rows, (chunk) => db.insertInto("blog_posts").values(chunk).execute());
  const categories = await db.selectFrom("blog_categories").select(["id", "slug"]).execute();
  const inserted = await db.selectFrom("blog_posts").select(["id", "keywords"]).where("slug", "like", `${prefix}-%`).execute();
  const links = inserted.flatMap((p) => {
    const words = keywordWords(p.keywords);
    return categories.filter((c) => words.includes(c.slug)).map((c) => ({ post_id: Number(p.id), category_id: Number(c.id) }));
  });
  await insertChunked(links, (chunk) => db.insertInto("blog_post_categories").values(chunk).onConflict((oc) => oc.doNothing()).execute());
}

export async function insertPages(db: Kysely<Database>, count: number, prefix = "bulk-page"): Promise<void> {
  const rows: Insertable<Database["pages"]>[] = Array.from({ length: count }, (_, i) => ({
    title: `Page ${i}`,
    slug: `${prefix}-${i}`,
    excerpt: "",
    content: `<p>Page ${i}</p>`,
    published: i % 2,
    created_at: at(i),
    updated_at: at(i),
  }));
  await insertChunked(rows, (chunk) => db.insertInto("pages").values(chunk).execute());
}

export async function insertTools(db: Kysely<Database>, count: number, prefix = "bulk-tool"): Promise<void> {
  const rows: Insertable<Database["tools"]>[] = Array.from({ length: count }, (_, i) => ({
    name: `Bulk Tool ${i}`,
    slug: `${prefix}-${i}`,
    description: "",
    category: "Text",
    icon: "",
    search_volume: 10_000_000 + i, // above every seeded tool
    is_featured: 0,
    content: "",
    rank: i % 7,
    meta_keywords: "",
    meta_description: "",
    blog_content: "",
    created_at: at(i),
    updated_at: at(i),
  }));
  await insertChunked(rows, (chunk) => db.insertInto("tools").values(chunk).execute());
}

/**
 * `count` accounts shaped like `template` (a row better-auth wrote, so each column keeps the type
 * the dialect stores: dates, booleans), with created dates one second apart.
 */
export async function insertUsers(db: Kysely<Database>, count: number, template: Database["user"], prefix = "bulk-user"): Promise<void> {
  const when = (i: number) => (template.createdAt instanceof Date ? new Date(BASE + i * 1000) : at(i));
  const rows: Database["user"][] = Array.from({ length: count }, (_, i) => ({
    ...template,
    id: `${prefix}-${i}`,
    name: `${prefix} ${i}`,
    email: `${prefix}-${i}@example.com`,
    role: "user",
    createdAt: when(i),
    updatedAt: when(i),
  }));
  await insertChunked(rows, (chunk) => db.insertInto("user").values(chunk).execute());
}
