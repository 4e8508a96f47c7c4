import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { bearerMatches } from "#server/bearer.ts";
import { metrics, routeKind } from "./metrics.server.ts";
import { requestIdOf, requestLogging } from "./request-log.server.ts";

describe("request ids", () => {
  it("keeps a sane X-Request-Id from the proxy, makes a UUID otherwise", () => {
    expect(requestIdOf("abc-123.def:4")).toBe("abc-123.def:4");
    for (const bad of [undefined, "", "a b", "x".repeat(129), "id\u001b[31m", "<script>"]) expect(requestIdOf(bad)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("route kinds", () => {
  it("label paths coarsely, never by slug", () => {
    expect(["/", "/tool/dds-to-png", "/blog/a-post"].map(routeKind)).toEqual(["page", "page", "page"]);
    expect(routeKind("/tool/dds-to-png.data")).toBe("data");
    expect(routeKind("/assets/entry-abc.js")).toBe("asset");
    expect(routeKind("/uploads/blog-thumbnails/x.png")).toBe("upload");
    expect(routeKind("/admin/posts")).toBe("admin");
    expect(routeKind("/api/auth/sign-in/email")).toBe("api");
    expect(routeKind("/readyz")).toBe("health");
  });
});

describe("bearer tokens", () => {
  it("match only the exact token", () => {
    expect(bearerMatches("Bearer s3cret-token-0123456", "s3cret-token-0123456")).toBe(true);
    for (const header of [undefined, "", "s3cret-token-0123456", "Bearer s3cret-token-012345", "Basic s3cret-token-0123456", "Bearer s3cret-token-0123456 x"]) {
      expect(bearerMatches(header, "s3cret-token-0123456")).toBe(false);
    }
  });
});

describe("request logging", () => {
  it("writes one JSON line per request with its id, echoes the id, and counts the request", async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) });
    const app = express();
    app.use(requestLogging(pino({ base: undefined }, sink)));
    app.get("/tool/:slug", (_req, res) => void res.status(200).send("ok"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const given = await fetch(`http://127.0.0.1:${port}/tool/dds-to-png?email=a@b.c`, { headers: { "X-Request-Id": "proxy-42" } });
      expect(given.headers.get("x-request-id")).toBe("proxy-42");
      const made = await fetch(`http://127.0.0.1:${port}/nothing`);
      expect(made.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      await expect.poll(() => lines.length).toBe(2);
      const first = JSON.parse(lines[0]!) as Record<string, unknown>;
      expect(first).toMatchObject({ reqId: "proxy-42", method: "GET", path: "/tool/dds-to-png", kind: "page", status: 200, msg: "request" });
      // the query (an address, a token) is never logged
      expect(lines[0]).not.toContain("a@b.c");
      expect(JSON.parse(lines[1]!)).toMatchObject({ reqId: made.headers.get("x-request-id"), status: 404 });
      const { body } = await metrics.exposition();
      expect(body).toMatch(/site_http_requests_total\{kind="page",method="GET",status="2xx"\} [1-9]/);
      expect(body).toMatch(/site_http_request_duration_seconds_bucket\{le="\+Inf",kind="page"\} [1-9]/);
    } finally {
      server.close();
    }
  });
});
