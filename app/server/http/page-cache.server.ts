import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** better-auth's session cookie (with the __Secure- prefix on https). */
export function hasSessionCookie(cookieHeader: string | null): boolean {
  return !!cookieHeader && /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/.test(cookieHeader);
}

const PRIVATE_PATHS = /^\/(?:admin|auth|api|uploads|healthz)(?:[/.]|$)/;

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

/** Anonymous GET/HEAD of a public path: the only requests the cache may answer. */
export function isCacheableRequest(request: Request | RequestInfo): boolean {
  const info = request instanceof Request ? requestInfo(request) : request;
  if (info.method !== "GET" && info.method !== "HEAD") return false;
  if (hasSessionCookie(info.header("cookie"))) return false;
  return !PRIVATE_PATHS.test(info.pathAndQuery.split("?")[0] ?? "");
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

interface CachedPage {
  version: number;
  status: number;
  headers: Record<string, string>;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

async function toCachedPage(response: Response, version: number): Promise<CachedPage> {
  const identity = Buffer.from(await response.arrayBuffer());
  const [br, gz] = await Promise.all([
    brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } }),
    gzip(identity, { level: 6 }),
  ]);
  const headers = Object.fromEntries([...response.headers].filter(([k]) => !/^(content-length|content-encoding|etag)$/i.test(k)));
  const etag = `"${crypto.createHash("sha1").update(identity).digest("base64url").slice(0, 22)}"`;
  return { version, status: response.status, headers, identity, br, gzip: gz, etag };
}

function replyFromPage(page: CachedPage, req: RequestInfo): CachedReply {
  const headers: Record<string, string> = { ...page.headers, etag: page.etag, vary: "Accept-Encoding" };
  const match = req.header("if-none-match");
  if (match && match.split(",").some((t) => t.trim().replace(/^W\//, "") === page.etag)) {
    return { status: 304, headers, body: null };
  }
  const accept = req.header("accept-encoding") ?? "";
  const [encoding, body] = /\bbr\b/.test(accept) ? ["br", page.br] : /\bgzip\b/.test(accept) ? ["gzip", page.gzip] : [null, page.identity];
  if (encoding) headers["content-encoding"] = encoding;
  headers["content-length"] = String(body.length);
  return { status: page.status, headers, body: req.method === "HEAD" ? null : body };
}

const toResponse = (reply: CachedReply) =>
  new Response(reply.body ? new Uint8Array(reply.body) : null, { status: reply.status, headers: reply.headers });

/**
 * Anonymous public pages rendered once per content version and kept in memory (least recently
 * used first out). Every admin write bumps the version, so the next request renders afresh.
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private readonly inflight = new Map<string, Promise<CachedPage | Response>>();

  constructor(private readonly options: { maxEntries: number; currentVersion: () => Promise<number> }) {}

  /** The stored answer for a request when there is a fresh one; null on a miss or for uncacheable requests. */
  async lookup(req: RequestInfo): Promise<CachedReply | null> {
    if (!isCacheableRequest(req)) return null;
    const hit = this.entries.get(req.pathAndQuery);
    if (!hit || hit.version !== (await this.options.currentVersion())) return null;
    this.entries.delete(req.pathAndQuery);
    this.entries.set(req.pathAndQuery, hit);
    return replyFromPage(hit, req);
  }

  /** Answer from memory, or render (once, even for concurrent requests) and keep a cacheable result. */
  async respond(request: Request, render: (request: Request) => Promise<Response>): Promise<Response> {
    const info = requestInfo(request);
    if (!isCacheableRequest(info)) return render(request);
    const hit = await this.lookup(info);
    if (hit) return toResponse(hit);
    const key = info.pathAndQuery;
    const version = await this.options.currentVersion();
    const flightKey = `${version} ${key}`;
    let flight = this.inflight.get(flightKey);
    if (!flight) {
      flight = this.renderAndStore(key, version, request, render).finally(() => this.inflight.delete(flightKey));
      this.inflight.set(flightKey, flight);
      const result = await flight;
      return result instanceof Response ? result : toResponse(replyFromPage(result, info));
    }
    // Another request is rendering this page: share its result when it was cacheable.
    const shared = await flight;
    return shared instanceof Response ? render(request) : toResponse(replyFromPage(shared, info));
  }

  get size(): number {
    return this.entries.size;
  }

  private async renderAndStore(
    key: string,
    version: number,
    request: Request,
    render: (request: Request) => Promise<Response>,
  ): Promise<CachedPage | Response> {
    // Render as a GET without conditional headers so the stored page is complete.
    const headers = new Headers(request.headers);
    headers.delete("if-none-match");
    const response = await render(new Request(request.url, { method: "GET", headers, signal: request.signal }));
    if (!isCacheableResponse(response)) return response;
    const page = await toCachedPage(response, version);
    this.entries.delete(key);
    this.entries.set(key, page);
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return page;
  }
}
