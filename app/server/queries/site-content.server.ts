import type { Kysely } from "kysely";
import { sanitizeHtml } from "../html/sanitize.server.ts";
import type { Database } from "../db/schema.ts";

export type MenuItem = { label: string; url: string };

export async function listMenu(db: Kysely<Database>, type: "header" | "footer"): Promise<MenuItem[]> {
  return db.selectFrom("menus").select(["label", "url"]).where("menu_type", "=", type).orderBy("order_index").orderBy("id").execute();
}

/** The published content section for a page key (home_seo, tools_seo), if any. */
export function getPublishedSection(db: Kysely<Database>, pageKey: string) {
  return db
    .selectFrom("content_sections")
    .select(["title", "content"])
    .where("page_key", "=", pageKey)
    .where("published", "=", 1)
    .orderBy("id")
    .executeTakeFirst();
}

/** The published section for a page key, ready to render: title and sanitised HTML. */
export async function getSeoSection(db: Kysely<Database>, pageKey: "home_seo" | "tools_seo"): Promise<{ title: string; html: string } | null> {
  const section = await getPublishedSection(db, pageKey);
  return section ? { title: section.title, html: sanitizeHtml(section.content) } : null;
}
