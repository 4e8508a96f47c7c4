// The path as React Router matches it, and the path-based rules that must agree with it (issue 28,
// finding 6): the router decodes percent-escapes and ignores case, so `/ADMIN/x` and `/%61dmin/x`
// are the admin. Every decision made on a path (frame headers, the page cache, admin-write
// invalidation) reads `routePath`, never the raw request path.

/**
 * The request path as the router sees it: each segment percent-decoded (a segment that is not
 * valid UTF-8 stays as sent, as the router keeps it), lower-cased, runs of slashes collapsed and the
 * trailing slash dropped. `.data` (React Router's data requests) stays on.
 */
export function routePath(rawPath: string): string {
  const path = rawPath.split("?")[0] ?? "";
  const decoded = path
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join("/")
    .toLowerCase()
    .replace(/\/{2,}/g, "/");
  return decoded.length > 1 ? decoded.replace(/\/$/, "") : decoded || "/";
}

/** Areas whose first segment makes a path private: never framed, never cached, never canonicalised. */
const FRAME_PRIVATE = /^\/(?:admin|auth)(?:[/.]|$)/;
// __manifest: React Router's route discovery (answered before any render, read with its own query);
// __test: the browser tests' harness pages (e2e builds only), which read their own query
const UNCACHEABLE = /^\/(?:admin|auth|api|uploads|healthz|readyz|__manifest|__test)(?:[/.]|$)/;
const ADMIN = /^\/admin(?:[/.]|$)/;

/** /admin and /auth (and their resources): framed by no one. */
export const isFramePrivatePath = (rawPath: string) => FRAME_PRIVATE.test(routePath(rawPath));

/** Paths whose answers depend on the visitor or are files: the page cache never answers them. */
export const isPrivatePath = (rawPath: string) => UNCACHEABLE.test(routePath(rawPath));

/** A write to the admin area (its pages' actions, data requests and resource routes): cached pages go stale. */
export const isAdminWrite = (method: string, rawPath: string) => !["GET", "HEAD", "OPTIONS"].includes(method) && ADMIN.test(routePath(rawPath));
