import type { Kysely } from "kysely";
import { publishNow } from "../blog/publish-clock.server.ts";
import type { Database } from "../db/schema.ts";
import { listCategorySitemapEntries } from "../queries/categories.server.ts";
import { listPageSitemapEntries } from "../queries/pages.server.ts";
import { listPostSitemapEntries } from "../queries/posts.server.ts";
import { listToolSitemapEntries } from "../queries/tools.server.ts";
import { buildSitemapXml } from "./sitemap.server.ts";

// Where /sitemap.xml comes from: the public route and the admin's SEO screen both read it here, so
// the public route needs no admin module.

/** The custom sitemap uploaded on the SEO screen; served at /sitemap.xml instead of the generated one while it exists. */
export const CUSTOM_SITEMAP_KEY = "custom_sitemap";

/** The generated sitemap, exactly as /sitemap.xml serves it when there is no custom one. */
/** `now`: the publishing clock's instant (posts scheduled after it are left out). */
export async function generateSitemapXml(db: Kysely<Database>, origin: string, now: string = publishNow()): Promise<string> {
  const [posts, pages, tools, categories] = await Promise.all([
    listPostSitemapEntries(db, now),
    listPageSitemapEntries(db),
    listToolSitemapEntries(db),
    listCategorySitemapEntries(db, now),
  ]);
  return buildSitemapXml({ origin, posts, pages, tools, categories });
}

/** What /sitemap.xml serves: the uploaded sitemap while there is a non-empty one, otherwise the generated one. */
export async function servedSitemapXml(db: Kysely<Database>, origin: string, now: string = publishNow()): Promise<string> {
  const custom = await db.selectFrom("site_settings").select("setting_value").where("setting_key", "=", CUSTOM_SITEMAP_KEY).executeTakeFirst();
  return custom?.setting_value || generateSitemapXml(db, origin, now);
}
