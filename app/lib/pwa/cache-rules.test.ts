import { describe, expect, it } from "vitest";
import { assetsCacheName, cacheRuleOf, isStorable, outdatedCaches, pagesCacheName, toolSlugOfPage } from "./cache-rules.ts";

const ORIGIN = "https://tools.example";
const rule = (path: string, method = "GET") => cacheRuleOf({ method, url: `${ORIGIN}${path}` }, ORIGIN);

describe("cacheRuleOf", () => {
  it("never touches the admin, sign-in, API, uploads, health, test harness or the worker script", () => {
    for (const path of [
      "/admin",
      "/admin/tools/3",
      "/admin.data",
      "/ADMIN/settings",
      "/%61dmin/x",
      "//admin",
      "/auth",
      "/auth/sign-out",
      "/api/auth/get-session",
      "/uploads/2026/11/a.png",
      "/healthz",
      "/__test/clock",
      "/sw.js",
    ]) {
      expect(rule(path), path).toBe("never");
    }
  });

  it("never touches writes or other origins", () => {
    expect(rule("/tool/dds-to-png", "POST")).toBe("never");
    expect(cacheRuleOf({ method: "GET", url: "https://cdn.example/assets/a-1.js" }, ORIGIN)).toBe("never");
  });

  it("serves hashed build files cache-first", () => {
    expect(rule("/assets/dds-to-png.worker-Bu79y-_x.js")).toBe("asset");
    expect(rule("/assets/ffmpeg-core-CgUfceKH.wasm")).toBe("asset");
  });

  it("serves public pages and their data network-first", () => {
    for (const path of ["/", "/tools", "/tool/dds-to-png", "/tool/dds-to-png.data", "/blog/x", "/__manifest?p=%2Ftools", "/manifest.webmanifest", "/offline", "/icons/icon-192.png"]) {
      expect(rule(path), path).toBe("page");
    }
  });

  it("does not read an area's name inside a longer segment", () => {
    expect(rule("/tool/admin-tools")).toBe("page");
    expect(rule("/administrator")).toBe("page");
  });
});

const headers = (cacheControl: string | null) => ({ get: (name: string) => (name === "cache-control" ? cacheControl : null) });
describe("isStorable", () => {
  it("keeps public 200s", () => {
    expect(isStorable({ status: 200, type: "basic", headers: headers("public, max-age=0, must-revalidate, s-maxage=60") })).toBe(true);
    expect(isStorable({ status: 200, type: "basic", headers: headers(null) })).toBe(true);
  });
  it("refuses errors, opaque answers and a signed-in visitor's private page", () => {
    expect(isStorable({ status: 404, type: "basic", headers: headers(null) })).toBe(false);
    expect(isStorable({ status: 200, type: "opaque", headers: headers(null) })).toBe(false);
    expect(isStorable({ status: 200, type: "basic", headers: headers("private, no-store") })).toBe(false);
    expect(isStorable({ status: 200, type: "basic", headers: headers("no-store") })).toBe(false);
  });
});

describe("cache names", () => {
  it("removes the runtime caches of other builds only", () => {
    const names = [pagesCacheName("a1"), assetsCacheName("a1"), pagesCacheName("b2"), assetsCacheName("b2"), "workbox-precache-v2-https://tools.example/", "someone-else"];
    expect(outdatedCaches(names, "b2")).toEqual([pagesCacheName("a1"), assetsCacheName("a1")]);
  });
  it("reads a tool slug from a cached page URL", () => {
    expect(toolSlugOfPage(`${ORIGIN}/tool/dds-to-png`)).toBe("dds-to-png");
    expect(toolSlugOfPage(`${ORIGIN}/tool/dds-to-png.data`)).toBeNull();
    expect(toolSlugOfPage(`${ORIGIN}/tools`)).toBeNull();
  });
});
