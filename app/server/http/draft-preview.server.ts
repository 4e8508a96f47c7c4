import { data } from "react-router";
import { isAdminRequest } from "#app/server/auth/session.server.ts";

// A draft post or page at its public address, for a signed-in admin only (issue 29, finding 6):
// everyone else gets the same 404 as for a slug that does not exist. The answer is the admin's
// alone: private, never stored (the page cache never answers or keeps a request with a session
// cookie, see server/page-cache.ts) and never indexed.

export const DRAFT_PREVIEW_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } as const;

/** The published row, else the draft for an admin, else a thrown 404. */
export async function publishedOrPreview<T>(request: Request, published: () => Promise<T | undefined>, draft: () => Promise<T | undefined>) {
  const row = await published();
  if (row) return { row, preview: false };
  const previewed = (await isAdminRequest(request)) ? await draft() : undefined;
  if (!previewed) throw data(null, { status: 404 });
  return { row: previewed, preview: true };
}

/** The loader's answer: a preview carries its private, noindex headers. */
export const withPreviewHeaders = <T>(value: T, preview: boolean) => (preview ? data(value, { headers: DRAFT_PREVIEW_HEADERS }) : value);

/** The route's headers: a preview's own, else the layout's (public pages' caching). */
export function previewAwareHeaders({ loaderHeaders, parentHeaders }: { loaderHeaders: Headers; parentHeaders: Headers }): Headers {
  return loaderHeaders.has("X-Robots-Tag") ? loaderHeaders : parentHeaders;
}
