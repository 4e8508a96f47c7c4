import { describe, expect, it } from "vitest";
import zlib from "node:zlib";
import { hasSessionCookie, isCacheableRequest, PageCache } from "./page-cache.ts";
import { RenderGate } from "./render-gate.ts";

const origin = "http://localhost:3999";

function setup(maxEntries = 10) {
  let version = 1;
  let renders = 0;
  const cache = new PageCache({ maxEntries, currentVersion: async () => ({ version, nextPublishAt: null }) });
  const render = async (request: Request) => {
    renders++;
    const path = new URL(request.url).pathname;
    const headers: Record<string, string> = { "Content-Type": "text/html", "Cache-Control": "public, max-age=0" };
    if (path === "/private") headers["Cache-Control"] = "private, no-store";
    if (path === "/cookie") headers["Set-Cookie"] = "a=b";
    return new Response(`<p>${path} v${version} render ${renders}</p>`, { status: path === "/missing" ? 404 : path === "/error" ? 500 : 200, headers });
  };
  const get = (path: string, headers: Record<string, string> = {}) => cache.respond(new Request(origin + path, { headers }), render);
  return { cache, get, bump: () => version++, renders: () => renders };
}

describe("PageCache", () => {
  it("renders a public page once and serves it from memory until the content version changes", async () => {
    const t = setup();
    expect(await (await t.get("/blog")).text()).toBe("<p>/blog v1 render 1</p>");
    expect(await (await t.get("/blog")).text()).toBe("<p>/blog v1 render 1</p>");
    expect(t.renders()).toBe(1);
    t.bump();
    expect(await (await t.get("/blog")).text()).toBe("<p>/blog v2 render 2</p>");
  });

  it("keys by path and query", async () => {
    const t = setup();
    await t.get("/tools?q=a");
    await t.get("/tools?q=b");
    await t.get("/tools?q=a");
    expect(t.renders()).toBe(2);
  });

  it("answers If-None-Match with 304 and serves compressed bodies by Accept-Encoding", async () => {
    const t = setup();
    const first = await t.get("/blog");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    expect((await t.get("/blog", { "if-none-match": etag! })).status).toBe(304);
    expect((await t.get("/blog", { "if-none-match": `W/${etag}` })).status).toBe(304);
    expect((await t.get("/blog", { "if-none-match": '"other"' })).status).toBe(200);
    const br = await t.get("/blog", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    const gz = await t.get("/blog", { "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(Number(gz.headers.get("content-length"))).toBe((await gz.arrayBuffer()).byteLength);
    expect(t.renders()).toBe(1);
  });

  it("caches 404 pages but never errors, private pages or responses that set cookies", async () => {
    const t = setup();
    for (let i = 0; i < 2; i++) {
      await t.get("/missing");
      await t.get("/error");
      await t.get("/private");
      await t.get("/cookie");
    }
    expect(t.renders()).toBe(1 + 2 + 2 + 2);
    expect((await t.get("/missing")).status).toBe(404);
  });

  it("always renders afresh for signed-in visitors and private paths", async () => {
    const t = setup();
    const cookie = { cookie: "theme=dark; better-auth.session_token=abc.def" };
    await t.get("/blog", cookie);
    await t.get("/blog", cookie);
    await t.get("/admin/dashboard");
    await t.get("/admin/dashboard");
    expect(t.renders()).toBe(4);
  });

  it("renders a page once for concurrent first requests", async () => {
    const t = setup();
    const bodies = await Promise.all(Array.from({ length: 8 }, () => t.get("/").then((r) => r.text())));
    expect(new Set(bodies).size).toBe(1);
    expect(t.renders()).toBe(1);
  });

  it("never serves the previous version once a newer one is decided: readers share the one new render (finding 1)", async () => {
    let version = 1;
    let release: (() => void) | undefined;
    let renders = 0;
    const cache = new PageCache({ maxEntries: 10, currentVersion: async () => ({ version, nextPublishAt: null }) });
    const render = async () => {
      renders++;
      if (version === 2) await new Promise<void>((resolve) => (release = resolve));
      return new Response(`<p>v${version}</p>`, { headers: { "Content-Type": "text/html", "Cache-Control": "public, max-age=0" } });
    };
    const get = () =>
      cache.lookup(info("/blog")).then(async (hit) => (hit ? new TextDecoder().decode(hit.body!) : (await cache.respond(new Request(origin + "/blog"), render)).text()));
    expect(await get()).toBe("<p>v1</p>");
    version = 2;
    // the first reader after the change starts the render; the others come while it runs
    const readers = [get()];
    await new Promise((resolve) => setTimeout(resolve, 0));
    readers.push(...Array.from({ length: 23 }, () => get()));
    await new Promise((resolve) => setTimeout(resolve, 0));
    release?.();
    expect(new Set(await Promise.all(readers))).toEqual(new Set(["<p>v2</p>"]));
    expect(renders).toBe(2);
  });

  it("a page rendered before a scheduled instant is never served after it, with no write in between (issue 29)", async () => {
    // the publishing clock and two scheduled posts; the content version never moves
    let now = "2026-12-01T08:59:00.000Z";
    const scheduled = ["2026-12-01T09:00:00.000Z", "2026-12-01T10:00:00.000Z"];
    const nextPublishAt = () => scheduled.find((at) => at > now) ?? null;
    let renders = 0;
    const cache = new PageCache({ maxEntries: 10, currentVersion: async () => ({ version: 7, nextPublishAt: nextPublishAt() }) });
    const render = async () => {
      renders++;
      const visible = scheduled.filter((at) => at <= now).length;
      return new Response(`<p>${visible} scheduled posts public</p>`, { headers: { "Content-Type": "text/html", "Cache-Control": "public, max-age=0" } });
    };
    const get = async () => {
      const hit = await cache.lookup(info("/blog"));
      return hit ? new TextDecoder().decode(hit.body!) : (await cache.respond(new Request(origin + "/blog"), render)).text();
    };
    expect(await get()).toBe("<p>0 scheduled posts public</p>");
    now = "2026-12-01T08:59:59.999Z";
    expect(await get()).toBe("<p>0 scheduled posts public</p>");
    expect(renders).toBe(1); // still before the instant: served from memory
    now = "2026-12-01T09:00:00.000Z";
    expect(await get()).toBe("<p>1 scheduled posts public</p>");
    expect(await get()).toBe("<p>1 scheduled posts public</p>");
    expect(renders).toBe(2);
    now = "2026-12-01T11:00:00.000Z";
    expect(await get()).toBe("<p>2 scheduled posts public</p>");
    expect(await get()).toBe("<p>2 scheduled posts public</p>");
    expect(renders).toBe(3); // nothing left to wait for: cached until the next write
  });

  it("a render that read an earlier instant's stamp never replaces one stored for a later instant", async () => {
    let stamp = { version: 3, nextPublishAt: "2026-12-01T09:00:00.000Z" as string | null };
    let release: (() => void) | undefined;
    let renders = 0;
    const cache = new PageCache({ maxEntries: 10, currentVersion: async () => stamp });
    const render = async () => {
      const n = ++renders;
      if (n === 1) await new Promise<void>((resolve) => (release = resolve));
      return new Response(`<p>render ${n}</p>`, { headers: { "Content-Type": "text/html", "Cache-Control": "public, max-age=0" } });
    };
    const slow = cache.respond(new Request(origin + "/blog"), render); // read the 09:00 stamp, still rendering
    await new Promise((resolve) => setTimeout(resolve, 0));
    stamp = { version: 3, nextPublishAt: null }; // 09:00 passed
    expect(await (await cache.respond(new Request(origin + "/blog"), render)).text()).toBe("<p>render 2</p>");
    release?.();
    await (await slow).text();
    const hit = await cache.lookup(info("/blog"));
    expect(hit && new TextDecoder().decode(hit.body!)).toBe("<p>render 2</p>");
  });

  it("drops the stored page when the new version's render is not kept: maintenance, deleted, moved (finding 1)", async () => {
    let version = 1;
    let answer = 200;
    const cache = new PageCache({ maxEntries: 10, currentVersion: async () => ({ version, nextPublishAt: null }) });
    const render = async () =>
      answer === 302
        ? new Response(null, { status: 302, headers: { Location: "/elsewhere" } })
        : new Response(`<p>${answer}</p>`, { status: answer, headers: { "Content-Type": "text/html", "Cache-Control": answer === 200 ? "public, max-age=0" : "no-store" } });
    const get = async () => {
      const hit = await cache.lookup(info("/page/about"));
      return hit ? hit.status : (await cache.respond(new Request(origin + "/page/about"), render)).status;
    };
    for (const next of [503, 410, 302]) {
      answer = 200;
      version++;
      expect(await get()).toBe(200);
      answer = next;
      version++;
      // no stored copy survives, and every later reader gets the new answer
      for (let i = 0; i < 3; i++) expect(await get()).toBe(next);
      expect(cache.size).toBe(0);
    }
  });

  it("keeps the pages visitors read while a flood of one-time URLs passes through (finding 5)", async () => {
    const t = setup(20);
    for (const p of ["/", "/blog", "/tools"]) {
      await t.get(p);
      await t.get(p);
    }
    const before = t.renders();
    for (let i = 0; i < 200; i++) await t.get(`/no-such-page-${i}`);
    for (const p of ["/", "/blog", "/tools"]) await t.get(p);
    expect(t.renders()).toBe(before + 200);
    expect(t.cache.size).toBe(20);
  });

  it("bounds the renders a flood of new URLs can force, and renders known pages first (finding 5)", async () => {
    let version = 1;
    const gate = new RenderGate({ concurrency: 1, maxWaitingNew: 3 });
    const cache = new PageCache({ maxEntries: 50, currentVersion: async () => ({ version, nextPublishAt: null }), gate });
    const order: string[] = [];
    let release: (() => void) | undefined;
    const render = async (request: Request) => {
      const path = new URL(request.url).pathname;
      order.push(path);
      if (path === "/slow") await new Promise<void>((resolve) => (release = resolve));
      return new Response(`<p>${path}</p>`, { headers: { "Content-Type": "text/html", "Cache-Control": "public, max-age=0" } });
    };
    const get = (path: string) => cache.respond(new Request(origin + path), render);
    await get("/");
    version = 2;
    const slow = get("/slow");
    const flood = Array.from({ length: 10 }, (_, i) => get(`/new-${i}`));
    const home = get("/");
    await new Promise((resolve) => setTimeout(resolve, 0));
    release?.();
    const statuses = await Promise.all(flood.map(async (r) => (await r).status));
    expect(statuses.filter((s) => s === 503)).toHaveLength(7);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect((await home).status).toBe(200);
    expect((await slow).status).toBe(200);
    // the page the cache already held went before the new ones that waited
    expect(order.slice(0, 4)).toEqual(["/", "/slow", "/", "/new-0"]);
    const busy = await flood[9]!;
    expect(busy.headers.get("retry-after")).toBe("2");
  });

  it("puts renders for a session cookie, real or made up, through the same gate (finding 5)", async () => {
    const gate = new RenderGate({ concurrency: 1, maxWaitingNew: 2 });
    const cache = new PageCache({ maxEntries: 10, currentVersion: async () => ({ version: 1, nextPublishAt: null }), gate });
    let release: (() => void) | undefined;
    const render = async (request: Request) => {
      if (new URL(request.url).pathname === "/slow") await new Promise<void>((resolve) => (release = resolve));
      return new Response("<p>page</p>", { headers: { "Content-Type": "text/html", "Cache-Control": "public, max-age=0" } });
    };
    const cookie = { cookie: "better-auth.session_token=made-up" };
    const slow = cache.respond(new Request(origin + "/slow", { headers: cookie }), render);
    const flood = Array.from({ length: 6 }, (_, i) => cache.respond(new Request(`${origin}/p${i}`, { headers: cookie }), render));
    // private paths are the routes' own business: never gated
    const admin = await cache.respond(new Request(`${origin}/admin/blog`, { headers: cookie }), render);
    expect(admin.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 0));
    release?.();
    const statuses = await Promise.all(flood.map(async (r) => (await r).status));
    expect(statuses.toSorted()).toEqual([200, 200, 503, 503, 503, 503]);
    expect((await slow).status).toBe(200);
  });

  it("drops the least recently used page beyond its size", async () => {
    const t = setup(2);
    await t.get("/a");
    await t.get("/b");
    await t.get("/a");
    await t.get("/c");
    expect(t.cache.size).toBe(2);
    await t.get("/a");
    expect(t.renders()).toBe(3);
    await t.get("/b");
    expect(t.renders()).toBe(4);
  });

  it("applies its private-path rule to every spelling the router matches (finding 6)", () => {
    for (const p of ["/ADMIN/blog/new.data", "/Admin", "/%61dmin/users", "//admin/x", "/AUTH", "/API/auth/get-session", "/Uploads/x.png"]) {
      expect(isCacheableRequest(new Request(origin + p)), p).toBe(false);
    }
  });
});

describe("request rules", () => {
  it("spots better-auth session cookies, secure prefix included", () => {
    expect(hasSessionCookie(null)).toBe(false);
    expect(hasSessionCookie("theme=dark")).toBe(false);
    expect(hasSessionCookie("better-auth.session_token=x")).toBe(true);
    expect(hasSessionCookie("a=1; __Secure-better-auth.session_token=x")).toBe(true);
    expect(hasSessionCookie("xbetter-auth.session_token=x")).toBe(false);
  });
  it("only shares anonymous GET and HEAD of public paths", () => {
    expect(isCacheableRequest(new Request(`${origin}/tools`))).toBe(true);
    expect(isCacheableRequest(new Request(`${origin}/tools.data`))).toBe(true);
    expect(isCacheableRequest(new Request(`${origin}/tools`, { method: "POST" }))).toBe(false);
    for (const p of ["/admin", "/admin/tools", "/admin.data", "/auth", "/api/auth/get-session", "/uploads/x.png", "/healthz"]) {
      expect(isCacheableRequest(new Request(origin + p)), p).toBe(false);
    }
    expect(isCacheableRequest(new Request(`${origin}/administrator-tips`))).toBe(true);
  });
});

const info = (pathAndQuery: string, headers: Record<string, string> = {}) => ({ method: "GET", pathAndQuery, header: (n: string) => headers[n] ?? null });

describe("PageCache.lookup", () => {
  it("answers a fresh hit from plain request info and misses otherwise", async () => {
    const t = setup();
    expect(await t.cache.lookup(info("/blog"))).toBeNull();
    await t.get("/blog");
    const hit = await t.cache.lookup(info("/blog", { "accept-encoding": "br" }));
    expect(hit?.status).toBe(200);
    expect(hit?.headers["content-encoding"]).toBe("br");
    expect(await t.cache.lookup(info("/blog", { cookie: "better-auth.session_token=x" }))).toBeNull();
    t.bump();
    expect(await t.cache.lookup(info("/blog"))).toBeNull();
  });
});

// A page as entry.server renders it: the nonce in the policy and on each inline script.
function noncedSetup() {
  let renders = 0;
  const seen: string[] = [];
  const cache = new PageCache({ maxEntries: 10, currentVersion: async () => ({ version: 1, nextPublishAt: null }) });
  const render = async (request: Request, nonce: string) => {
    renders++;
    seen.push(nonce);
    const path = new URL(request.url).pathname;
    const status = path === "/boom" ? 500 : 200;
    const headers = { "Content-Type": "text/html", "Cache-Control": "public, max-age=0", "Content-Security-Policy": `script-src 'nonce-${nonce}'` };
    return new Response(`<script nonce="${nonce}">1</script><p>${"page ".repeat(200)}</p><script nonce="${nonce}">2</script>`, { status, headers });
  };
  const get = (path: string, headers: Record<string, string> = {}) => cache.respond(new Request(origin + path, { headers }), render);
  return { cache, get, renders: () => renders, seen };
}

const noncesIn = (html: string) => [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
const policyNonce = (r: Response | { headers: Record<string, string> }) =>
  /'nonce-([^']+)'/.exec(r instanceof Response ? (r.headers.get("content-security-policy") ?? "") : (r.headers["content-security-policy"] ?? ""))?.[1];

describe("PageCache with script nonces", () => {
  it("gives every reply of a cached page its own nonce, in the policy and on every script", async () => {
    const t = noncedSetup();
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const response = await t.get("/blog");
      const inBody = noncesIn(await response.text());
      expect(inBody).toHaveLength(2);
      expect(new Set(inBody).size).toBe(1);
      expect(policyNonce(response)).toBe(inBody[0]);
      nonces.add(inBody[0]!);
    }
    expect(nonces.size).toBe(5);
    expect(t.renders()).toBe(1);
    // the placeholder it rendered with never leaves
    expect(nonces.has(t.seen[0]!)).toBe(false);
  });

  it("serves a fresh nonce in the gzip copy and on the fast path, never brotli", async () => {
    const t = noncedSetup();
    await t.get("/blog");
    const a = await t.cache.lookup(info("/blog", { "accept-encoding": "gzip, br" }));
    const b = await t.cache.lookup(info("/blog", { "accept-encoding": "gzip, br" }));
    expect(a?.headers["content-encoding"]).toBe("gzip");
    const [htmlA, htmlB] = [a, b].map((hit) => zlib.gunzipSync(hit!.body!).toString());
    expect(noncesIn(htmlA!)[0]).toBe(policyNonce(a!));
    expect(noncesIn(htmlB!)[0]).toBe(policyNonce(b!));
    expect(policyNonce(a!)).not.toBe(policyNonce(b!));
    expect(htmlA!.replaceAll(policyNonce(a!)!, "N")).toBe(htmlB!.replaceAll(policyNonce(b!)!, "N"));
  });

  it("keeps the stored policy on a 304 (the browser's copy carries its old nonce)", async () => {
    const t = noncedSetup();
    const first = await t.get("/blog");
    const again = await t.get("/blog", { "if-none-match": first.headers.get("etag")! });
    expect(again.status).toBe(304);
    expect(again.headers.has("content-security-policy")).toBe(false);
  });

  it("substitutes a fresh nonce in pages it does not keep", async () => {
    const t = noncedSetup();
    const response = await t.get("/boom");
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(noncesIn(html)[0]).toBe(policyNonce(response));
    expect(noncesIn(html)[0]).not.toBe(t.seen[0]);
  });

  it("renders private pages with a fresh nonce directly", async () => {
    const t = noncedSetup();
    await t.get("/admin/dashboard");
    await t.get("/admin/dashboard");
    expect(new Set(t.seen).size).toBe(2);
  });
});
