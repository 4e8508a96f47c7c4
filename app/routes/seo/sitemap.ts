import { listPageSitemapEntries } from "~/server/queries/pages.server";
import { listPostSitemapEntries } from "~/server/queries/posts.server";
import { listToolSitemapEntries } from "~/server/queries/tools.server";
import { buildSitemapXml } from "~/server/seo/sitemap.server";
import { services } from "~/server/services.server";
import { PUBLIC_PAGE_HEADERS } from "~/server/site-shell.server";

/** /sitemap.xml, live from the database. */
export async function loader() {
  const { db } = services().database;
  const [posts, pages, tools] = await Promise.all([listPostSitemapEntries(db), listPageSitemapEntries(db), listToolSitemapEntries(db)]);
  const xml = buildSitemapXml({ origin: services().env.PUBLIC_URL, posts, pages, tools });
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", ...PUBLIC_PAGE_HEADERS } });
}
