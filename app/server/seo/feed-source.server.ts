import type { Kysely } from "kysely";
import { publishNow } from "../blog/publish-clock.server.ts";
import type { Database } from "../db/schema.ts";
import { sanitizeHtml } from "../html/sanitize.server.ts";
import { categoryFeedPath, categoryPath } from "#app/lib/blog.ts";
import { categoryNamesOfPosts, type Category } from "../queries/categories.server.ts";
import { listFeedPosts } from "../queries/posts.server.ts";
import { siteSettings } from "../queries/settings.server.ts";
import { buildRssXml, RSS_ITEM_LIMIT } from "./rss.server.ts";

export type BlogCategory = Pick<Category, "id" | "slug" | "name">;

/** Where a feed lives: the blog's at /rss.xml, a category's beside its page. */
export const feedPath = (category?: BlogCategory) => (category ? categoryFeedPath(category.slug) : "/rss.xml");

/** The RSS document of the blog, or of one category: its newest published posts, excerpt or full per the setting. */
export async function blogFeedXml(db: Kysely<Database>, origin: string, category?: BlogCategory, now: string = publishNow()): Promise<string> {
  const [settings, rows] = await Promise.all([siteSettings(db), listFeedPosts(db, { limit: RSS_ITEM_LIMIT, category: category?.id, now })]);
  const categoryNames = await categoryNamesOfPosts(db, rows.map((r) => Number(r.id)));
  const posts = rows.map((row) => {
    return {
      slug: row.slug,
      title: row.title,
      excerpt: row.excerpt,
      html: settings.feedFullContent ? sanitizeHtml(row.content) : "",
      categories: categoryNames.get(Number(row.id)) ?? [],
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  });
  return buildRssXml(
    {
      origin,
      title: category ? `${settings.siteName} – ${category.name}` : `${settings.siteName} – Blog`,
      description: category ? `${category.name} articles from ${settings.siteName}.` : settings.siteDescription,
      pagePath: category ? categoryPath(category.slug) : "/blog",
      feedPath: feedPath(category),
      fullContent: settings.feedFullContent,
    },
    posts,
  );
}
