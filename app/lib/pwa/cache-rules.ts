// What the service worker (app/pwa/service-worker.ts) does with each request, and the names of its
// caches (decision 049). Pure, so the rules that keep private answers out of every cache are tested.

/**
 * - "never": not handled at all (the browser goes to the network as if there were no worker): the
 *   admin, sign-in, the API, uploads, health, the test harness, the worker script itself, and
 *   anything on another origin or not a GET.
 * - "asset": hashed build files under /assets/ (a name never changes content): cache first.
 * - "page": every other public GET (pages, React Router's .data and route discovery, the manifest,
 *   icons, the search index): network first, the cached copy offline.
 */
/** The page shown for a navigation that is neither reachable nor cached (precached). */
export const OFFLINE_PATH = "/offline";
/** The service worker script; served by the app with no-cache (server/app.ts). */
export const SERVICE_WORKER_PATH = "/sw.js";
/** Per tool slug, the files "Make available offline" fetches (written by the build, precached). */
export const ENGINES_PATH = "/offline-engines.json";
/** The message a page sends a waiting worker when the visitor accepts the new version. */
export const SKIP_WAITING = "skip-waiting";

export type CacheRule = "never" | "asset" | "page";

// First path segments that are private or per-visitor. The server's page cache keeps its own list
// (app/server/http/site-paths.server.ts); this one adds what only a service worker must skip.
const NEVER = /^\/(?:admin|auth|api|uploads|healthz|__test|sw\.js)(?:[/.]|$)/;
const ASSET = /^\/assets\/[\w.-]+$/;

/** The path as the router matches it: percent-decoded, lower-case, one slash at a time. */
function matchedPath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // a broken escape stays as sent (the router does the same)
  }
  return decoded.toLowerCase().replace(/\/{2,}/g, "/");
}

export function cacheRuleOf(request: { method: string; url: string }, origin: string): CacheRule {
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== origin) return "never";
  const path = matchedPath(url.pathname);
  if (NEVER.test(path)) return "never";
  if (ASSET.test(url.pathname)) return "asset";
  return "page";
}

/** Whether an answer may be kept: a full same-origin 200 that its server did not mark no-store (a signed-in admin's page). */
export function isStorable(response: { status: number; type: string; headers: { get(name: string): string | null } }): boolean {
  if (response.status !== 200 || (response.type !== "basic" && response.type !== "default")) return false;
  return !/(?:^|,)\s*(?:no-store|private)\s*(?:,|$)/i.test(response.headers.get("cache-control") ?? "");
}

const PREFIX = "tools-site";
/** Network-first answers of this build (pages refer to its hashed files, so they go with it). */
export const pagesCacheName = (version: string) => `${PREFIX}-pages-${version}`;
/** Hashed files fetched at run time (tool engines): kept across builds while the new build still has them. */
export const assetsCacheName = (version: string) => `${PREFIX}-assets-${version}`;

/** Runtime caches of another build, removed when this build's worker activates. */
export function outdatedCaches(names: readonly string[], version: string): string[] {
  const current = new Set([pagesCacheName(version), assetsCacheName(version)]);
  return names.filter((name) => name.startsWith(`${PREFIX}-`) && !current.has(name));
}

/** The tool a cached page URL is, or null (the offline page lists the tools whose page is cached). */
export function toolSlugOfPage(url: string): string | null {
  const match = /^\/tool\/([a-z0-9-]+)$/.exec(new URL(url).pathname);
  return match?.[1] ?? null;
}
