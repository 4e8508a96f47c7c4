import type express from "express";
import type { Kysely } from "kysely";
import type { Database } from "#app/server/db/schema.ts";
import { isPrivatePath, routePath } from "#app/server/http/site-paths.server.ts";
import { addRedirectHits, loadRedirectMap } from "#app/server/queries/redirects.server.ts";
import { redirectLocation } from "#app/server/redirects/rules.server.ts";
import { canonicalTarget } from "./canonical-url.ts";

// The redirects, answered before the page cache (issue 29). The rules live in memory and are read
// again only when the content version moves (every admin write bumps it, on any instance), so a
// lookup is a map read; hits are counted in memory and written in batches, one UPDATE per rule.

type RedirectMap = Awaited<ReturnType<typeof loadRedirectMap>>;

export interface RedirectServerOptions {
  db: () => Kysely<Database>;
  /** The content version now (ContentVersionClock.current). */
  version: () => Promise<number>;
  /** How long counted hits wait before they are written; default 10 s. */
  flushAfterMs?: number;
  now?: () => Date;
}

export class RedirectServer {
  private loaded: { version: number; map: RedirectMap } | undefined;
  private loading: { version: number; table: Promise<{ version: number; map: RedirectMap }> } | undefined;
  private pending = new Map<number, { count: number; last: string }>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: RedirectServerOptions) {}

  /** The rule for a request path (any form the router accepts), or undefined. */
  async find(rawPath: string) {
    const version = await this.options.version();
    let table = this.loaded;
    if (table?.version !== version) table = await this.load(version);
    return table.map.get(routePath(rawPath));
  }

  private load(version: number) {
    // requests of one version share one read; a newer version never waits on an older read
    if (this.loading?.version === version) return this.loading.table;
    const table = loadRedirectMap(this.options.db()).then((map) => {
      if (!this.loaded || this.loaded.version <= version) this.loaded = { version, map };
      return { version, map };
    });
    this.loading = { version, table };
    const done = () => {
      if (this.loading?.table === table) this.loading = undefined;
    };
    table.then(done, done);
    return table;
  }

  /** Counts a hit; written with the next batch. */
  count(id: number) {
    const last = (this.options.now?.() ?? new Date()).toISOString();
    const entry = this.pending.get(id);
    this.pending.set(id, { count: (entry?.count ?? 0) + 1, last });
    this.timer ??= setTimeout(() => void this.flush().catch((error: unknown) => console.error("[redirects] counting hits failed:", error)), this.options.flushAfterMs ?? 10_000);
    this.timer.unref?.();
  }

  /** Writes the counted hits now. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = new Map();
    if (batch.size > 0) await addRedirectHits(this.options.db(), batch);
  }

  /** The middleware: public GET and HEAD requests whose path has a rule are redirected. */
  readonly middleware: express.RequestHandler = (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || isPrivatePath(req.originalUrl)) return next();
    const [path = "/", query = ""] = splitQuery(req.originalUrl);
    const page = dataRequestPage(path);
    this.find(page ?? path).then(
      (rule) => {
        if (!rule) return next();
        this.count(rule.id);
        if (page !== null) {
          // a client navigation's data request: React Router's redirect answer (a 3xx would be followed by fetch)
          res.status(204).set({ "X-Remix-Redirect": rule.to, "X-Remix-Status": String(rule.status), "Cache-Control": "no-store" });
          if (!rule.to.startsWith("/")) res.set("X-Remix-Reload-Document", "true");
          res.end();
          return;
        }
        res.set("Cache-Control", rule.status === 301 ? "public, max-age=3600" : "no-cache").redirect(rule.status, canonicalLocation(redirectLocation(rule.to, query)));
      },
      (error: unknown) => {
        // the rules unreadable (database down): the page answers as it would without them
        console.error("[redirects] reading the rules failed:", error);
        next();
      },
    );
  };
}

/** A public address on this site in its canonical form, so the visitor is sent there in one hop
 * (the canonical-URL step would otherwise answer the redirect's target with a second 301). */
function canonicalLocation(location: string): string {
  if (!location.startsWith("/") || location.startsWith("//") || isPrivatePath(location)) return location;
  const target = canonicalTarget(location);
  return target.kind === "redirect" ? target.location : location;
}

/** The page a React Router data request (`/blog/x.data`) is for, or null for any other request. */
export function dataRequestPage(path: string): string | null {
  return path.endsWith(".data") ? path.slice(0, -".data".length) : null;
}

function splitQuery(url: string): [string, string] {
  const at = url.indexOf("?");
  return at === -1 ? [url, ""] : [url.slice(0, at), url.slice(at)];
}
