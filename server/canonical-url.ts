// One URL per public page (issue 28, findings 5 and 6). The page cache keys by path and query, so
// every spelling of a page that renders the same thing (`/?x=1`, `/?x=2`, `/BLOG`, `/blog/`) would
// be a fresh render and a new entry pushing popular pages out. Public GETs are answered with a
// redirect to the canonical URL instead: the path as the router matches it, and only the query
// parameters that page reads. React Router's data requests (`.data`) are rewritten, not redirected:
// its client follows redirects of data requests as navigations.
import { routePath } from "#app/server/http/site-paths.server.ts";

/** The query parameters each public page reads (its loader's `searchParams`); the rest are dropped. */
export const READ_PARAMS: readonly { path: RegExp; params: readonly string[] }[] = [
  { path: /^\/tools$/, params: ["q"] },
  { path: /^\/blog(?:\/category\/[^/]+)?$/, params: ["page"] },
  { path: /^\/open$/, params: ["shared"] },
];

/**
 * Pages whose query the page itself reads in the browser (a tool's options as a link, issue 30):
 * the query stays in the address but the server renders and caches the page without it, so links
 * with settings cost no render and no cache entry of their own.
 */
export const BROWSER_READ_QUERY: readonly RegExp[] = [/^\/tool\/[^/]+$/];

/** A browser-read query longer than this is dropped (no tool has that many options). */
const MAX_BROWSER_QUERY_LENGTH = 1000;

/** React Router's own parameter on data requests: which route loaders to run. */
const DATA_PARAMS = ["_routes"];

/** Longer values are cut: no loader reads more (the tools search reads 200 characters). */
const MAX_VALUE_LENGTH = 200;

// only paths that can match a public route are rewritten; anything else is a 404 as sent
const PLAIN_PATH = /^[a-z0-9/_.-]*$/;

export type CanonicalTarget =
  | { kind: "canonical" }
  | { kind: "redirect"; location: string }
  | { kind: "rewrite"; pathAndQuery: string };

/** For a public GET or HEAD: where its canonical URL is, when this is not it. */
export function canonicalTarget(pathAndQuery: string): CanonicalTarget {
  const queryAt = pathAndQuery.indexOf("?");
  const rawPath = queryAt === -1 ? pathAndQuery : pathAndQuery.slice(0, queryAt);
  const rawQuery = queryAt === -1 ? "" : pathAndQuery.slice(queryAt + 1);
  const normalised = routePath(rawPath);
  const path = PLAIN_PATH.test(normalised) ? normalised : rawPath;
  const isData = path.endsWith(".data");
  const pagePath = isData ? path.slice(0, -".data".length).replace(/^\/_root$/, "/") : path;
  if (!isData && rawQuery !== "" && BROWSER_READ_QUERY.some((rule) => rule.test(pagePath))) {
    const query = rawQuery.length > MAX_BROWSER_QUERY_LENGTH ? "" : `?${rawQuery}`;
    return path === rawPath && query ? { kind: "rewrite", pathAndQuery: path } : { kind: "redirect", location: path + query };
  }
  const read = READ_PARAMS.find((rule) => rule.path.test(pagePath))?.params ?? [];
  const allowed = isData ? [...read, ...DATA_PARAMS] : read;

  const given = new URLSearchParams(rawQuery);
  const kept = new URLSearchParams();
  for (const name of allowed) {
    const value = given.get(name);
    if (value) kept.set(name, value.slice(0, MAX_VALUE_LENGTH));
  }
  const query = kept.size ? `?${kept}` : "";
  const canonical = path + query;
  if (canonical === pathAndQuery) return { kind: "canonical" };
  return isData ? { kind: "rewrite", pathAndQuery: canonical } : { kind: "redirect", location: canonical };
}
