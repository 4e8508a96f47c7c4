// Page numbers for long lists (browser-safe): the public blog lists and the admin lists.
//
// - Public lists (/blog, /blog/category/x) have one URL per page: page 1 is the bare path, page N
//   is `?page=N`. Anything else in `page` (0, -1, 2.5, "02", "abc", "") is not a page: 404.
//   `?page=1` redirects (301) to the bare path so page 1 has a single URL.
// - Admin lists are forgiving instead: a bad value shows page 1 and a page past the end shows the
//   last page (deleting the last row of the last page must not end on an error).

import type { MetaDescriptor } from "react-router";

export const BLOG_PAGE_SIZE = 12;
export const ADMIN_PAGE_SIZE = 50;
/** Above this the number is not a page of any list we could hold; also keeps OFFSET a safe integer. */
const MAX_PAGE = 1_000_000;

export interface PageWindow {
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
  offset: number;
}

/** What a list page needs to draw its pager. */
export type Paging = Pick<PageWindow, "page" | "pageCount" | "total">;

/** The `page` search parameter of a public list: 1 when absent, null when it is not a page number written as we write it. */
export function parsePublicPage(raw: string | null): number | null {
  if (raw === null) return 1;
  if (!/^[1-9]\d*$/.test(raw)) return null;
  const page = Number(raw);
  return page <= MAX_PAGE ? page : null;
}

/** The `page` search parameter of an admin list: any usable positive integer, otherwise 1. */
export function parseAdminPage(raw: string | null): number {
  const page = raw !== null && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : 1;
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

/** Pages needed for `total` rows; an empty list still has its first page. */
export function pageCountFor(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The rows of `page`, clamped to the last page (admin lists clamp; public lists 404 first). */
export function pageWindow(page: number, total: number, pageSize: number): PageWindow {
  const pageCount = pageCountFor(total, pageSize);
  const current = Math.min(Math.max(1, page), pageCount);
  return { page: current, pageCount, total, pageSize, offset: (current - 1) * pageSize };
}

/** The URL of page `page` of the list at `path`: the bare path for page 1; other search parameters are kept. */
export function pageHref(path: string, page: number, search: URLSearchParams | string = ""): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** "Blog" on page 1, "Blog – Page 3 of 9" after. */
export function pagedTitle(title: string, page: number, pageCount: number): string {
  return page > 1 ? `${title} – Page ${page} of ${pageCount}` : title;
}

/** `<link rel="prev">` / `<link rel="next">` for the pages that have a neighbour. */
export function pageRelLinks(origin: string, path: string, page: number, pageCount: number): MetaDescriptor[] {
  const links: MetaDescriptor[] = [];
  if (page > 1) links.push({ tagName: "link", rel: "prev", href: origin + pageHref(path, page - 1) });
  if (page < pageCount) links.push({ tagName: "link", rel: "next", href: origin + pageHref(path, page + 1) });
  return links;
}
