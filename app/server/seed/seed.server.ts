import type { Kysely } from "kysely";
import { nowIso } from "../db/connection.server.ts";
import type { Database } from "../db/schema.ts";
import { categoryIdsFromKeywords } from "../queries/categories.server.ts";
import { keywordWords } from "../queries/posts.server.ts";
import { seedContentSections, seedPages } from "./pages.data.ts";
import { seedPosts } from "./posts.data.ts";
import { DEFAULT_MENUS, DEFAULT_SETTINGS } from "./settings.data.ts";
import { seedTools } from "./tools.seed.ts";

/**
 * First-start content. Each item is written once and recorded in seed_log, so a restart never
 * overwrites an admin's edit nor brings back what an admin deleted, while items added in a later
 * release still arrive. Rows whose unique key an admin already used are left alone.
 */
export async function seedDatabase(db: Kysely<Database>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const done = new Set((await trx.selectFrom("seed_log").select("item").execute()).map((r) => r.item));
    let written = 0;
    const once = async (item: string, write: (now: string) => Promise<unknown>) => {
      if (done.has(item)) return;
      const now = nowIso();
      await write(now);
      await trx.insertInto("seed_log").values({ item, created_at: now }).execute();
      written++;
    };

    for (const t of seedTools) {
      await once(`tool:${t.slug}`, (now) =>
        trx
          .insertInto("tools")
          .values({
            slug: t.slug,
            name: t.name,
            description: t.description,
            category: t.category,
            icon: t.icon,
            search_volume: t.searchVolume,
            rank: t.rank,
            is_featured: t.isFeatured ? 1 : 0,
            meta_description: t.metaDescription,
            meta_keywords: t.metaKeywords,
            content: t.content,
            blog_content: t.blogContent,
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) => oc.column("slug").doNothing())
          .execute(),
      );
    }

    for (const p of seedPosts) {
      await once(`post:${p.slug}`, async () => {
        const row = await trx
          .insertInto("blog_posts")
          .values({
            slug: p.slug,
            title: p.title,
            excerpt: p.excerpt,
            content: p.content,
            keywords: p.keywords,
            thumbnail: "",
            published: 1,
            created_at: p.publishedAt,
            updated_at: p.publishedAt,
          })
          .onConflict((oc) => oc.column("slug").doNothing())
          .returning("id")
          .executeTakeFirst();
        // in the categories its keywords name, as decision 048's migration placed the posts of a running site
        if (!row) return;
        const ids = await categoryIdsFromKeywords(trx, keywordWords(p.keywords));
        if (ids.length > 0) await trx.insertInto("blog_post_categories").values(ids.map((category_id) => ({ post_id: Number(row.id), category_id }))).execute();
      });
    }

    for (const p of seedPages) {
      await once(`page:${p.slug}`, (now) =>
        trx
          .insertInto("pages")
          .values({ ...p, published: 1, created_at: now, updated_at: now })
          .onConflict((oc) => oc.column("slug").doNothing())
          .execute(),
      );
    }

    for (const s of seedContentSections) {
      await once(`content-section:${s.pageKey}`, (now) =>
        trx
          .insertInto("content_sections")
          .values({ page_key: s.pageKey, title: s.title, content: s.content, published: 1, created_at: now, updated_at: now })
          .execute(),
      );
    }

    for (const [type, items] of [["header", DEFAULT_MENUS.filter((m) => m.menu_type === "header")], ["footer", DEFAULT_MENUS.filter((m) => m.menu_type === "footer")]] as const) {
      await once(`menu:${type}`, (now) =>
        trx
          .insertInto("menus")
          .values(items.map((m, i) => ({ ...m, author_url: null, order_index: i + 1, created_at: now })))
          .execute(),
      );
    }

    for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) {
      await once(`setting:${key}`, (now) =>
        trx
          .insertInto("site_settings")
          .values({ setting_key: key, setting_value: value, updated_at: now })
          .onConflict((oc) => oc.column("setting_key").doNothing())
          .execute(),
      );
    }
    return written;
  });
}
