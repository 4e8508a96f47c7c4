import { data, redirect } from "react-router";
import type { Kysely } from "kysely";
import { BLOG_PAGE_SIZE, pageWindow, parsePublicPage } from "#app/lib/pagination.ts";
import type { Database } from "../db/schema.ts";
import { publishNow } from "./publish-clock.server.ts";
import { listCategories, type Category } from "../queries/categories.server.ts";
import { countPublishedPosts, listPublishedPosts, RECENT_POSTS_LIMIT, type PostSummary } from "../queries/posts.server.ts";

export interface BlogListPage {
  posts: PostSummary[];
  recent: Pick<PostSummary, "slug" | "title">[];
  /** the sidebar's category links */
  categories: Pick<Category, "slug" | "name">[];
  page: number;
  pageCount: number;
  total: number;
}

/**
 * One page of a public post list (/blog or a category page at `path`), from the request's ?page=.
 * Throws a 301 to the bare path for ?page=1 and a 404 for anything that is not an existing page,
 * so every page has exactly one URL and no URL shows an empty list past the end.
 */
export async function loadBlogListPage(
  db: Kysely<Database>,
  request: Request,
  path: string,
  category?: number,
  now: string = publishNow(),
): Promise<BlogListPage> {
  const values = new URL(request.url).searchParams.getAll("page");
  if (values.length > 1) throw data(null, { status: 404 });
  const raw = values[0] ?? null;
  if (raw === "1") throw redirect(path, 301);
  const page = parsePublicPage(raw);
  if (page === null) throw data(null, { status: 404 });
  const total = await countPublishedPosts(db, now, category);
  const window = pageWindow(page, total, BLOG_PAGE_SIZE);
  if (page > window.pageCount) throw data(null, { status: 404 });
  const [posts, recent, categories] = await Promise.all([
    listPublishedPosts(db, { limit: BLOG_PAGE_SIZE, offset: window.offset, category, now }),
    // the sidebar's 3 newest: the first rows of page 1 when we are on it
    page === 1 && category === undefined ? null : listPublishedPosts(db, { limit: RECENT_POSTS_LIMIT, now }),
    listCategories(db),
  ]);
  return {
    posts,
    categories: categories.map(({ slug, name }) => ({ slug, name })),
    recent: (recent ?? posts.slice(0, RECENT_POSTS_LIMIT)).map((p) => ({ slug: p.slug, title: p.title })),
    page,
    pageCount: window.pageCount,
    total,
  };
}
