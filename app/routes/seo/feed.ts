import { data } from "react-router";
import { SANDBOX_POLICY } from "#app/server/http/security-headers.server.ts";
import { blogFeedXml } from "#app/server/seo/feed-source.server.ts";
import { getCategoryBySlug } from "#app/server/queries/categories.server.ts";
import { isStorableText } from "#app/server/http/text-safety.server.ts";
import { services } from "#app/server/services.server.ts";
import { PUBLIC_PAGE_HEADERS } from "#app/server/site-shell.server.ts";
import type { Route } from "./+types/feed";

/**
 * /rss.xml (the blog) and /blog/category/<slug>/rss.xml: RSS 2.0 of the newest published posts.
 * Public and cacheable like /sitemap.xml (the page cache keeps it until the next admin write), and
 * sandboxed: nothing in a feed opened in a browser runs on our origin.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const { db } = services().database;
  const category = params.category === undefined || !isStorableText(params.category) ? undefined : await getCategoryBySlug(db, params.category);
  if (params.category !== undefined && !category) throw data(null, { status: 404 });
  const xml = await blogFeedXml(db, services().env.PUBLIC_URL, category);
  return new Response(xml, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      ...PUBLIC_PAGE_HEADERS,
      "Content-Security-Policy": SANDBOX_POLICY,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
