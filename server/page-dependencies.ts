import type { Kysely } from "kysely";
import { currentPostPageFingerprint } from "#app/server/blog/post-page-fingerprint.server.ts";
import { publishNow } from "#app/server/blog/publish-clock.server.ts";
import type { Database } from "#app/server/db/schema.ts";
import { routePath } from "#app/server/http/site-paths.server.ts";
import type { PageDependencies, PageScope } from "./page-cache.ts";

/**
 * Decision 063: which cached pages a post's write leaves current.
 *
 * Pages whose loaders (and the layout's: settings, menus, ads, tools) read no post, by route:
 * the home page (featured tools, its SEO section), the tool list and tool pages, the site's own
 * pages, licenses, open, offline, robots.txt and the web app manifest; each also as React Router's
 * data request (`/_root.data` is the home page's). Only a 200 counts: a 404 of any path shows the
 * newest posts (the not-found page). Every other page (the blog lists, categories, feeds, sitemap,
 * search index, post pages) depends on the posts' version, and a new route does too until it is
 * listed here.
 */
const READS_NO_POST = [
  /^\/(?:_root\.data)?$/,
  /^\/tools(?:\.data)?$/,
  /^\/tool\/[^/]+$/,
  /^\/page\/[^/]+$/,
  /^\/(?:licenses|open|offline)(?:\.data)?$/,
  /^\/(?:robots\.txt|manifest\.webmanifest)$/,
];

export function pageScope(key: string, status: number): PageScope {
  if (status !== 200) return "posts";
  const path = routePath(key);
  return READS_NO_POST.some((rule) => rule.test(path)) ? "site" : "posts";
}

/** The slug a key's post page shows (`/blog/<slug>`, or its data request), else null. */
export function postPageSlug(key: string): string | null {
  const path = key.split("?")[0] ?? "";
  const match = /^\/blog\/([^/]+?)(?:\.data)?$/.exec(path);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/** The page cache's dependencies on this site's database (`now`: the publishing clock). */
export function siteDependencies(db: () => Kysely<Database>, now: () => string = publishNow): PageDependencies {
  return {
    scopeOf: pageScope,
    async currentFingerprint(key) {
      const slug = postPageSlug(key);
      return slug === null ? null : currentPostPageFingerprint(db(), slug, now());
    },
  };
}

/** The post editor's actions (`/admin/blog/new`, `/admin/blog/<id>`, and their data requests). */
const POST_EDITOR = /^\/admin\/blog\/[^/]+$/;

/**
 * What an admin write makes stale: the post editor's saves (and autosaves) change a post, its
 * categories, its revisions, its old address's redirect and a thumbnail newly added to the media
 * library (a fresh key no stored page names), so only the posts' version moves; every other write
 * (the post list's delete and feed setting, categories, media, pages, settings...) moves the version
 * of everything.
 */
export function writeScope(rawPath: string): "posts" | "all" {
  return POST_EDITOR.test(routePath(rawPath)) ? "posts" : "all";
}

/** The popular pages rendered again after a write, off the visitors' requests. */
export const HOT_PATHS = ["/", "/blog"] as const;
