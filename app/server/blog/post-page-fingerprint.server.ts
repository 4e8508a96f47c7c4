import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { createContext, RouterContextProvider } from "react-router";
import type { Database } from "#app/server/db/schema.ts";
import { isStorableText } from "#app/server/http/text-safety.server.ts";
import { getPublishedPost, listRelatedPosts } from "#app/server/queries/posts.server.ts";

/**
 * Decision 063: what a public post page shows of the posts table is its own row and its related
 * posts, nothing else (the layout reads settings, menus and ads; its images read the media table,
 * both of the site-wide version). The page's loader records a fingerprint of exactly those rows;
 * after another post's write the page cache asks the database for the same two reads again and
 * keeps the page while the fingerprint is unchanged (a new post that is not among its related
 * posts), instead of rendering it again.
 */
export type PostPageRows = {
  post: Awaited<ReturnType<typeof getPublishedPost>>;
  related: Awaited<ReturnType<typeof listRelatedPosts>>;
};

/** The fingerprint of a post page's posts-table rows (undefined post: no public post at that slug). */
export function postPageFingerprint({ post, related }: PostPageRows): string {
  return crypto.createHash("sha256").update(JSON.stringify([post ?? null, related])).digest("base64url");
}

/** The same reads as the post page's loader, at `now`: its fingerprint as the database holds it now. */
export async function currentPostPageFingerprint(db: Kysely<Database>, slug: string, now: string): Promise<string> {
  const post = isStorableText(slug) ? await getPublishedPost(db, slug, now) : undefined;
  const related = post ? await listRelatedPosts(db, post, now) : [];
  return postPageFingerprint({ post, related });
}

/** Where a render leaves the fingerprint of the rows it showed (set by server/app.ts for each render). */
export interface PageRecord {
  fingerprint: string | null;
}

export const pageRecordContext = createContext<PageRecord | null>(null);

/** The load context with a record for this render's fingerprint. */
export function withPageRecord(context: RouterContextProvider, record: PageRecord): RouterContextProvider {
  context.set(pageRecordContext, record);
  return context;
}

/** Called by the post page's loader with the rows it read (a public view only; no-op without a record). */
export function recordPostPageRows(context: Readonly<RouterContextProvider> | undefined, rows: PostPageRows): void {
  const record = context instanceof RouterContextProvider ? context.get(pageRecordContext) : null;
  if (record) record.fingerprint = postPageFingerprint(rows);
}
