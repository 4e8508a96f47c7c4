import { describe, expect, it } from "vitest";
import type { ContentStamp } from "./content-version.ts";
import { PageCache, type PageDependencies, type RenderRecord } from "./page-cache.ts";

// Decision 063: a post's write moves only the posts' version; pages that read no post stay, post
// pages stay while the posts they show are unchanged, every other page is rendered again.

const origin = "http://localhost:3999";
const info = (pathAndQuery: string) => ({ method: "GET", pathAndQuery, header: () => null });

function setup() {
  const stamp: Required<ContentStamp> = { version: 1, postsVersion: 0, nextPublishAt: null };
  /** what "the database" gives as each post page's rows now */
  const rows = new Map<string, string>([["/blog/a", "a + related b"]]);
  let renders = 0;
  let checks = 0;
  let checkFails = false;
  const dependencies: PageDependencies = {
    scopeOf: (key, status) => (status === 200 && (key === "/" || key.startsWith("/tool/")) ? "site" : "posts"),
    currentFingerprint: async (key) => {
      checks++;
      if (checkFails) throw new Error("database down");
      return rows.get(key) ?? null;
    },
  };
  const cache = new PageCache({ maxEntries: 10, currentVersion: async () => ({ ...stamp }), dependencies });
  const render = async (request: Request, _nonce: string, record: RenderRecord) => {
    renders++;
    const path = new URL(request.url).pathname;
    // a post page's loader records the rows it shows
    if (rows.has(path)) record.fingerprint = rows.get(path)!;
    return new Response(`<p>${path} render ${renders}</p>`, { headers: { "Content-Type": "text/html", "Cache-Control": "public, max-age=0" } });
  };
  const get = async (path: string) => {
    const hit = await cache.lookup(info(path));
    return hit ? new TextDecoder().decode(hit.body!) : (await cache.respond(new Request(origin + path), render)).text();
  };
  return {
    cache,
    get,
    render,
    stamp,
    rows,
    renders: () => renders,
    checks: () => checks,
    failChecks: () => (checkFails = true),
  };
}

describe("PageCache: partial invalidation (decision 063)", () => {
  it("a post's write leaves a page that reads no post cached and current", async () => {
    const t = setup();
    expect(await t.get("/")).toBe("<p>/ render 1</p>");
    t.stamp.postsVersion++;
    expect(await t.get("/")).toBe("<p>/ render 1</p>");
    expect(t.renders()).toBe(1);
    expect(t.checks()).toBe(0);
  });

  it("a post's write makes a page that lists posts stale", async () => {
    const t = setup();
    expect(await t.get("/blog")).toBe("<p>/blog render 1</p>");
    t.stamp.postsVersion++;
    expect(await t.get("/blog")).toBe("<p>/blog render 2</p>");
    expect(await t.get("/blog")).toBe("<p>/blog render 2</p>");
    expect(t.renders()).toBe(2);
  });

  it("any other write makes every page stale, the ones that read no post too", async () => {
    const t = setup();
    await t.get("/");
    await t.get("/blog/a");
    t.stamp.version++;
    expect(await t.get("/")).toBe("<p>/ render 3</p>");
    expect(await t.get("/blog/a")).toBe("<p>/blog/a render 4</p>");
    expect(t.checks()).toBe(0);
  });

  it("a scheduled instant passing makes every page stale, as before", async () => {
    const t = setup();
    t.stamp.nextPublishAt = "2026-12-01T09:00:00.000Z";
    await t.get("/");
    t.stamp.nextPublishAt = null;
    expect(await t.get("/")).toBe("<p>/ render 2</p>");
  });

  it("a post page whose own row and related posts are unchanged stays, checked once per version for all its readers", async () => {
    const t = setup();
    expect(await t.get("/blog/a")).toBe("<p>/blog/a render 1</p>");
    t.stamp.postsVersion++; // another post, not among a's related posts
    const bodies = await Promise.all(Array.from({ length: 10 }, () => t.get("/blog/a")));
    expect(new Set(bodies)).toEqual(new Set(["<p>/blog/a render 1</p>"]));
    expect(t.renders()).toBe(1);
    expect(t.checks()).toBe(1);
    // the page is now stored as current under the new version: no further check
    expect(await t.get("/blog/a")).toBe("<p>/blog/a render 1</p>");
    expect(t.checks()).toBe(1);
  });

  it("a post page whose related posts changed is rendered again", async () => {
    const t = setup();
    await t.get("/blog/a");
    t.stamp.postsVersion++;
    t.rows.set("/blog/a", "a + related c, b"); // the new post c shares a's category
    expect(await t.get("/blog/a")).toBe("<p>/blog/a render 2</p>");
    expect(await t.get("/blog/a")).toBe("<p>/blog/a render 2</p>");
    expect(t.renders()).toBe(2);
  });

  it("a page of a post that is gone (a 404: the newest posts) is never kept through a post's write", async () => {
    const t = setup();
    const cache = new PageCache({
      maxEntries: 10,
      currentVersion: async () => ({ ...t.stamp }),
      dependencies: { scopeOf: () => "posts", currentFingerprint: async () => "x" },
    });
    let renders = 0;
    const render = async () => new Response(`<p>missing ${++renders}</p>`, { status: 404, headers: { "Content-Type": "text/html", "Cache-Control": "public" } });
    expect(await (await cache.respond(new Request(origin + "/blog/gone"), render)).text()).toBe("<p>missing 1</p>");
    t.stamp.postsVersion++;
    expect(await (await cache.respond(new Request(origin + "/blog/gone"), render)).text()).toBe("<p>missing 2</p>");
  });

  it("a failed check renders the page again rather than trust it", async () => {
    const t = setup();
    await t.get("/blog/a");
    t.stamp.postsVersion++;
    t.failChecks();
    expect(await t.get("/blog/a")).toBe("<p>/blog/a render 2</p>");
  });

  it("without dependencies every write makes every page stale (the previous behaviour)", async () => {
    const stamp = { version: 1, postsVersion: 0, nextPublishAt: null };
    let renders = 0;
    const cache = new PageCache({ maxEntries: 10, currentVersion: async () => ({ ...stamp }) });
    const render = async () => new Response(`<p>${++renders}</p>`, { headers: { "Content-Type": "text/html", "Cache-Control": "public" } });
    await cache.respond(new Request(origin + "/"), render);
    stamp.postsVersion++;
    expect(await (await cache.respond(new Request(origin + "/"), render)).text()).toBe("<p>2</p>");
  });

  it("refresh renders the stale popular pages once, off the readers' requests, and leaves current ones", async () => {
    const t = setup();
    await t.get("/");
    await t.get("/blog");
    t.stamp.postsVersion++;
    await t.cache.refresh(["/", "/blog", "/never-read"], (path) => new Request(origin + path), t.render);
    expect(t.renders()).toBe(3); // /blog only: / reads no post, /never-read is not held
    expect(t.cache.size).toBe(2);
    expect(await t.get("/blog")).toBe("<p>/blog render 3</p>");
    expect(await t.get("/")).toBe("<p>/ render 1</p>");
    expect(t.renders()).toBe(3);
  });

  it("readers arriving during the pre-render share it", async () => {
    const t = setup();
    await t.get("/blog");
    t.stamp.postsVersion++;
    const refreshing = t.cache.refresh(["/blog"], (path) => new Request(origin + path), t.render);
    const readers = await Promise.all(Array.from({ length: 5 }, () => t.get("/blog")));
    await refreshing;
    expect(new Set(readers)).toEqual(new Set(["<p>/blog render 2</p>"]));
    expect(t.renders()).toBe(2);
  });
});
