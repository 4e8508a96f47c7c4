import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { headersWithNonce, NONCE_PLACEHOLDER, NonceTemplate } from "./nonce-template.ts";
import { newNonce } from "#app/server/http/security-headers.server.ts";
import { isPrivatePath } from "#app/server/http/site-paths.server.ts";
import { isNewerStamp, sameOutsidePosts, sameStamp, stampKey, type ContentStamp } from "./content-version.ts";
import { RenderGate, RenderQueueFull } from "./render-gate.ts";
import { SegmentedLru } from "./segmented-lru.ts";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** better-auth's session cookie (with the __Secure- prefix on https). */
export function hasSessionCookie(cookieHeader: string | null): boolean {
  return !!cookieHeader && /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/.test(cookieHeader);
}

/** What the cache needs of a request: satisfied by a Web Request and by a thin view of a Node one. */
export interface RequestInfo {
  method: string;
  /** path and query, e.g. "/tools?q=dds" */
  pathAndQuery: string;
  header(name: string): string | null;
}

export function requestInfo(request: Request): RequestInfo {
  const url = new URL(request.url);
  return { method: request.method, pathAndQuery: url.pathname + url.search, header: (n) => request.headers.get(n) };
}

/** A GET/HEAD of a public path: a page render, whoever asks. */
const isPublicRead = (info: RequestInfo) => (info.method === "GET" || info.method === "HEAD") && !isPrivatePath(info.pathAndQuery);

/** Anonymous GET/HEAD of a public path: the only requests the cache may answer. */
export function isCacheableRequest(request: Request | RequestInfo): boolean {
  const info = request instanceof Request ? requestInfo(request) : request;
  return isPublicRead(info) && !hasSessionCookie(info.header("cookie"));
}

/** Routes opt in with a public Cache-Control; anything setting a cookie is never shared. */
function isCacheableResponse(response: Response): boolean {
  return (
    (response.status === 200 || response.status === 404) &&
    !response.headers.has("set-cookie") &&
    /\bpublic\b/.test(response.headers.get("cache-control") ?? "")
  );
}

/** A ready answer: status, headers and body bytes (null for 304 and HEAD). */
export interface CachedReply {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array | null;
}

/**
 * A stored page. Pages rendered with script nonces (every HTML page) keep the nonce placeholder in
 * a NonceTemplate and get a fresh nonce per reply, so no nonce is ever sent twice; they are served
 * gzip or identity (brotli cannot be patched per reply). Other bodies (sitemap, feeds) keep a
 * ready brotli and gzip copy.
 */
interface CachedPage {
  version: ContentStamp;
  /** "site": the page reads no post, another post's write leaves it current (decision 063) */
  scope: PageScope;
  /** what the render recorded of the posts it showed, to check them again after a post's write (null: nothing) */
  fingerprint: string | null;
  status: number;
  headers: Record<string, string>;
  etag: string;
  body: { nonced: NonceTemplate } | { identity: Buffer; br: Buffer; gzip: Buffer };
}

async function toCachedPage(response: Response, version: ContentStamp, scope: PageScope, fingerprint: string | null): Promise<CachedPage> {
  const identity = Buffer.from(await response.arrayBuffer());
  const headers = Object.fromEntries([...response.headers].filter(([k]) => !/^(content-length|content-encoding|etag)$/i.test(k)));
  const etag = `"${crypto.createHash("sha1").update(identity).digest("base64url").slice(0, 22)}"`;
  const template = new NonceTemplate(identity);
  if (template.hasHoles || Object.values(headers).some((v) => v.includes(NONCE_PLACEHOLDER))) {
    return { version, scope, fingerprint, status: response.status, headers, etag, body: { nonced: template } };
  }
  const [br, gz] = await Promise.all([
    brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } }),
    gzip(identity, { level: 6 }),
  ]);
  return { version, scope, fingerprint, status: response.status, headers, etag, body: { identity, br, gzip: gz } };
}

function replyFromPage(page: CachedPage, req: RequestInfo): CachedReply {
  const nonce = newNonce();
  const headers: Record<string, string> = { ...headersWithNonce(page.headers, nonce), etag: page.etag, vary: "Accept-Encoding" };
  const match = req.header("if-none-match");
  if (match && match.split(",").some((t) => t.trim().replace(/^W\//, "") === page.etag)) {
    // The browser keeps its copy, whose scripts carry the nonce of its own policy: a new policy
    // would not match them (and Chromium keeps the stored one anyway).
    if ("nonced" in page.body) delete headers["content-security-policy"];
    return { status: 304, headers, body: null };
  }
  const accept = req.header("accept-encoding") ?? "";
  const stored = page.body;
  const [encoding, body] =
    "nonced" in stored
      ? /\bgzip\b/.test(accept)
        ? ["gzip", stored.nonced.gzipWith(nonce)]
        : [null, stored.nonced.identityWith(nonce)]
      : /\bbr\b/.test(accept)
        ? ["br", stored.br]
        : /\bgzip\b/.test(accept)
          ? ["gzip", stored.gzip]
          : [null, stored.identity];
  if (encoding) headers["content-encoding"] = encoding;
  headers["content-length"] = String(body.length);
  return { status: page.status, headers, body: req.method === "HEAD" ? null : body };
}

/**
 * A response rendered with the placeholder that will not be cached (an error, a redirect, a page
 * that set a cookie): it gets its own fresh nonce before it leaves.
 */
async function withFreshNonce(response: Response): Promise<Response> {
  const nonce = newNonce();
  const headers = new Headers(headersWithNonce(Object.fromEntries([...response.headers].filter(([k]) => k !== "set-cookie")), nonce));
  for (const cookie of response.headers.getSetCookie()) headers.append("set-cookie", cookie);
  if (!response.body || !/^text\/html\b/i.test(response.headers.get("content-type") ?? "")) {
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
  const text = (await response.text()).replaceAll(NONCE_PLACEHOLDER, nonce);
  headers.delete("content-length");
  return new Response(text, { status: response.status, statusText: response.statusText, headers });
}

const flightKey = (version: ContentStamp, pathAndQuery: string) => `${stampKey(version)} ${pathAndQuery}`;

const toResponse = (reply: CachedReply) =>
  new Response(reply.body ? new Uint8Array(reply.body) : null, { status: reply.status, headers: reply.headers });

/** The answer when the render queue is full: nothing was rendered, the visitor may retry. */
const busyResponse = () =>
  new Response("This site is busy. Please try again in a moment.", {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "2" },
  });

/** A flight's outcome when the render gate refused it. */
const BUSY = Symbol("busy");

/** What a render leaves for the cache: the fingerprint of the posts it showed (decision 063), when its page records one. */
export interface RenderRecord {
  fingerprint: string | null;
}

type Render = (request: Request, nonce: string, record: RenderRecord) => Promise<Response>;

/**
 * What a stored page depends on (decision 063). "posts": the posts' version too (the default:
 * every version); "site": only the version of everything else.
 */
export type PageScope = "site" | "posts";

export interface PageDependencies {
  /** the scope of a page rendered for `key` with this status */
  scopeOf(key: string, status: number): PageScope;
  /**
   * The fingerprint the render of `key` would record now, read from the database after the call;
   * null when the page records none.
   */
  currentFingerprint(key: string): Promise<string | null>;
}

/** Every page depends on every write (no partial invalidation). */
const ALL_WRITES: PageDependencies = { scopeOf: () => "posts", currentFingerprint: async () => null };

/**
 * Anonymous public pages rendered once per content version and kept in memory (a segmented LRU:
 * pages read twice are protected from keys read once). Every admin write bumps a version, and a
 * page of an older version is never served: readers after a write wait for the one render of the
 * new version, which all of them share. The version comes stamped with the next scheduled
 * publication (ContentStamp), so a page rendered before that instant is stale after it.
 *
 * Partial invalidation (decision 063): a post's write bumps only the posts' version. A page that
 * reads no post (scope "site") stays current through it; a page that recorded a fingerprint of the
 * posts it shows stays current while the database gives the same fingerprint again (one check per
 * page and version, shared by its readers); any other page is rendered again.
 */
export class PageCache {
  private readonly entries: SegmentedLru<CachedPage>;
  private readonly inflight = new Map<string, Promise<CachedPage | Response | typeof BUSY>>();
  private readonly checks = new Map<string, Promise<boolean>>();
  private readonly gate: RenderGate;
  private readonly dependencies: PageDependencies;

  constructor(
    private readonly options: { maxEntries: number; currentVersion: () => Promise<ContentStamp>; gate?: RenderGate; dependencies?: PageDependencies },
  ) {
    this.entries = new SegmentedLru(options.maxEntries);
    this.gate = options.gate ?? new RenderGate({ concurrency: 4, maxWaitingNew: 100 });
    this.dependencies = options.dependencies ?? ALL_WRITES;
  }

  /** The stored answer when it is current under the current content version; null otherwise. */
  async lookup(req: RequestInfo): Promise<CachedReply | null> {
    if (!isCacheableRequest(req) || !this.entries.has(req.pathAndQuery)) return null;
    const hit = await this.fresh(req.pathAndQuery, await this.options.currentVersion());
    return hit ? replyFromPage(hit, req) : null;
  }

  /**
   * The stored page for `key` when it is current under `version` (counted as a read): rendered
   * under it, or under an older posts' version that it does not depend on, or whose posts the
   * database still gives as they were.
   */
  private async fresh(key: string, version: ContentStamp, count = true): Promise<CachedPage | null> {
    const hit = this.entries.peek(key);
    if (!hit || !sameOutsidePosts(hit.version, version)) return null;
    if (!sameStamp(hit.version, version)) {
      if (hit.scope === "posts" && !(hit.fingerprint !== null && isNewerStamp(version, hit.version) && (await this.unchanged(key, version, hit)))) return null;
    }
    if (count) this.entries.get(key);
    return hit;
  }

  /** Whether the posts `page` recorded are what the database gives under `version` (one check per page and version). */
  private unchanged(key: string, version: ContentStamp, page: CachedPage): Promise<boolean> {
    const checkKey = `${flightKey(version, key)} ${page.fingerprint}`;
    let check = this.checks.get(checkKey);
    if (!check) {
      check = this.dependencies
        .currentFingerprint(key)
        .then((now) => {
          if (now !== page.fingerprint) return false;
          // the same page, current under this version too: later readers need no check (unless a newer render replaced it)
          if (this.entries.peek(key) === page) this.entries.set(key, { ...page, version });
          return true;
        })
        // a failed check proves nothing: the page is rendered again
        .catch(() => false)
        .finally(() => this.checks.delete(checkKey));
      this.checks.set(checkKey, check);
    }
    return check;
  }

  /**
   * Answer from memory, or render (once, even for concurrent requests) and keep a cacheable result.
   * `render` gets the nonce to render with: a fresh one for requests the cache never answers, the
   * placeholder for cacheable ones (substituted per reply).
   */
  async respond(request: Request, render: Render): Promise<Response> {
    const info = requestInfo(request);
    if (!isCacheableRequest(info)) {
      // a public page for a session cookie (real or made up) is rendered every time: through the gate
      if (!isPublicRead(info)) return render(request, newNonce(), { fingerprint: null });
      return this.gate.run(this.entries.has(info.pathAndQuery), () => render(request, newNonce(), { fingerprint: null })).catch((error: unknown) => {
        if (error instanceof RenderQueueFull) return busyResponse();
        throw error;
      });
    }
    const key = info.pathAndQuery;
    // one version read decides both: the stored page, or the render this request waits for
    const version = await this.options.currentVersion();
    const hit = await this.fresh(key, version);
    if (hit) return toResponse(replyFromPage(hit, info));
    const { flight, starts } = this.flight(key, version, request, render);
    const result = await flight;
    if (result === BUSY) return busyResponse();
    if (!(result instanceof Response)) return toResponse(replyFromPage(result, info));
    // an uncacheable answer is the starter's own; a request that shared the flight renders its own
    return starts ? result : this.gate.run(true, () => render(request, newNonce(), { fingerprint: null }));
  }

  /**
   * Pre-renders, off any visitor's request, those of `keys` the cache holds that are not current
   * any more (after a write: the popular pages), so their readers find the render already started
   * or done. Readers still wait for that one render when they arrive before it ends: a page older
   * than the version they read is never served. Resolves once the renders are done.
   */
  async refresh(keys: readonly string[], request: (key: string) => Request, render: Render): Promise<void> {
    const version = await this.options.currentVersion();
    const renders: Promise<unknown>[] = [];
    for (const key of keys) {
      if (!this.entries.has(key) || (await this.fresh(key, version, false))) continue;
      renders.push(this.flight(key, version, request(key), render).flight);
    }
    await Promise.allSettled(renders);
  }

  /** The one render of `key` under `version`: started here, or the one already under way. */
  private flight(key: string, version: ContentStamp, request: Request, render: Render) {
    const inflightKey = flightKey(version, key);
    const running = this.inflight.get(inflightKey);
    if (running) return { flight: running, starts: false };
    const rendering = this.gate.run(this.entries.has(key), () => this.renderAndStore(key, version, request, render));
    const flight = rendering
      .catch((error: unknown) => (error instanceof RenderQueueFull ? BUSY : Promise.reject(error)))
      .finally(() => this.inflight.delete(inflightKey));
    this.inflight.set(inflightKey, flight);
    return { flight, starts: true };
  }

  get size(): number {
    return this.entries.size;
  }

  private async renderAndStore(key: string, version: ContentStamp, request: Request, render: Render): Promise<CachedPage | Response> {
    // Render as a GET without conditional headers so the stored page is complete.
    const headers = new Headers(request.headers);
    headers.delete("if-none-match");
    const record: RenderRecord = { fingerprint: null };
    const response = await render(new Request(request.url, { method: "GET", headers, signal: request.signal }), NONCE_PLACEHOLDER, record);
    const stored = this.entries.peek(key);
    // a render that started before a newer one finished never replaces it
    if (stored && isNewerStamp(stored.version, version)) {
      if (!isCacheableResponse(response)) return withFreshNonce(response);
      await response.body?.cancel();
      return stored;
    }
    if (!isCacheableResponse(response)) {
      // the version decided this page is gone (maintenance, deleted, unpublished, moved): so is the copy
      this.entries.delete(key);
      return withFreshNonce(response);
    }
    const scope = this.dependencies.scopeOf(key, response.status);
    const page = await toCachedPage(response, version, scope, scope === "posts" ? record.fingerprint : null);
    this.entries.set(key, page);
    return page;
  }
}
