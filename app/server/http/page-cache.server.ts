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

/** Anonymous GET/HEAD of a public path: the only requests the cache may answer. */
export function isCacheableRequest(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (hasSessionCookie(request.headers.get("cookie"))) return false;
  return !PRIVATE_PATHS.test(new URL(request.url).pathname);
}

/** Routes opt in with a public Cache-Control; anything setting a cookie is never shared. */
function isCacheableResponse(response: Response): boolean {
  return (
    (response.status === 200 || response.status === 404) &&
    !response.headers.has("set-cookie") &&
    /\bpublic\b/.test(response.headers.get("cache-control") ?? "")
  );
}

interface CachedPage {
  version: number;
  status: number;
  headers: [string, string][];
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
  const headers = [...response.headers].filter(([k]) => !/^(content-length|content-encoding|etag)$/i.test(k));
  const etag = `"${crypto.createHash("sha1").update(identity).digest("base64url").slice(0, 22)}"`;
  return { version, status: response.status, headers, identity, br, gzip: gz, etag };
}

function fromCachedPage(page: CachedPage, request: Request): Response {
  const headers = new Headers(page.headers);
  headers.set("ETag", page.etag);
  headers.append("Vary", "Accept-Encoding");
  const match = request.headers.get("if-none-match");
  if (match && match.split(",").some((t) => t.trim().replace(/^W\//, "") === page.etag)) {
    return new Response(null, { status: 304, headers });
  }
  const accept = request.headers.get("accept-encoding") ?? "";
  const [encoding, body] = /\bbr\b/.test(accept) ? ["br", page.br] : /\bgzip\b/.test(accept) ? ["gzip", page.gzip] : [null, page.identity];
  if (encoding) headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(body.length));
  return new Response(request.method === "HEAD" ? null : new Uint8Array(body), { status: page.status, headers });
}

/**
 * Anonymous public pages rendered once per content version and kept in memory (least recently
 * used first out). Every admin write bumps the version, so the next request renders afresh.
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private readonly inflight = new Map<string, Promise<CachedPage | Response>>();

  constructor(private readonly options: { maxEntries: number; currentVersion: () => Promise<number> }) {}

  async respond(request: Request, render: (request: Request) => Promise<Response>): Promise<Response> {
    if (!isCacheableRequest(request)) return render(request);
    const url = new URL(request.url);
    const key = url.pathname + url.search;
    const version = await this.options.currentVersion();
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return fromCachedPage(hit, request);
    }
    const flightKey = `${version} ${key}`;
    let flight = this.inflight.get(flightKey);
    if (!flight) {
      flight = this.renderAndStore(key, version, request, render).finally(() => this.inflight.delete(flightKey));
      this.inflight.set(flightKey, flight);
      const result = await flight;
      return result instanceof Response ? result : fromCachedPage(result, request);
    }
    // Another request is rendering this page: share its result when it was cacheable.
    const shared = await flight;
    return shared instanceof Response ? render(request) : fromCachedPage(shared, request);
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
