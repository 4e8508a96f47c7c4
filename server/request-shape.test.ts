// Issue 28, finding 4: malformed methods, hosts and targets from anonymous clients got a 500 (the
// Web Request could not be built). Each is sent here as raw bytes, as an attacker's client would.
import type { AddressInfo, Server } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refuseMalformedRequests, refusalOf } from "./request-shape.ts";
import { toWebRequest } from "./web-adapter.ts";
import { rawStatus } from "#tests/support/raw-http.ts";

// each: the request line and headers, and the status the guarded app must answer
const MALFORMED: readonly (readonly [string, number])[] = [
  ["TRACE / HTTP/1.1\r\nHost: localhost", 405],
  ["PROPFIND /tools HTTP/1.1\r\nHost: localhost", 405],
  ["GET / HTTP/1.1\r\nHost: [", 400],
  ["GET / HTTP/1.1\r\nHost: a b", 400],
  ["GET / HTTP/1.1\r\nHost: ::1", 400],
  ["GET / HTTP/1.1\r\nHost: x:99999", 400],
  ["GET / HTTP/1.1\r\nHost: %00", 400],
  ["GET / HTTP/1.1\r\nHost: h@evil", 400],
  ["OPTIONS * HTTP/1.1\r\nHost: localhost", 400],
  ["GET http://evil.example/ HTTP/1.1\r\nHost: localhost", 400],
  // from a trusted proxy (this test's apps trust loopback, as the site does by default)
  ["GET / HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-Host: a b", 400],
];
const WELL_FORMED = [
  "GET /tools?x=1 HTTP/1.1\r\nHost: localhost:3000",
  "GET / HTTP/1.1\r\nHost: [::1]:3000",
  "GET / HTTP/1.1\r\nHost: my_app",
  "GET / HTTP/1.0",
  "GET / HTTP/1.1\r\nHost: 10.0.0.7:3000\r\nX-Forwarded-Host: example.com",
];

describe("malformed requests", () => {
  let guarded = 0;
  let bare = 0;
  const servers: Server[] = [];
  /** An app that builds the Web Request the way server/app.ts does, with or without the guard. */
  const listen = async (guard: boolean) => {
    const app = express();
    app.set("trust proxy", "loopback");
    if (guard) app.use(refuseMalformedRequests);
    app.use((req, res) => {
      res.status(200).send(toWebRequest(req, res).url);
    });
    const server = app.listen(0, "127.0.0.1");
    servers.push(server);
    await new Promise((r) => server.once("listening", r));
    return (server.address() as AddressInfo).port;
  };
  beforeAll(async () => {
    guarded = await listen(true);
    bare = await listen(false);
  });
  afterAll(() => servers.forEach((s) => s.close()));

  it.each(MALFORMED)("%j is answered with its 4xx", async (head, status) => {
    expect(await rawStatus(guarded, head)).toBe(status);
  });

  it("were 500s without the guard: the Web Request could not be built (the finding, reproduced)", async () => {
    // the other cases reached the app's own code with an odd URL; this one builds nothing further
    const throwing = MALFORMED.filter(([head]) => head.startsWith("TRACE") || /Host: (?!localhost)/.test(head));
    expect(throwing).toHaveLength(8);
    for (const [head] of throwing) expect(await rawStatus(bare, head), head).toBe(500);
  });

  it("builds the Web Request at the address the visitor used: a trusted proxy's X-Forwarded-Host and -Proto", async () => {
    const response = await fetch(`http://127.0.0.1:${guarded}/blog?page=2`, { headers: { "x-forwarded-host": "tools.example:8443", "x-forwarded-proto": "https" } });
    expect(await response.text()).toBe("https://tools.example:8443/blog?page=2");
  });

  it.each(WELL_FORMED)("%j still gets through", async (head) => {
    expect(await rawStatus(guarded, head)).toBe(200);
  });

  it("says why, with Allow on a 405", () => {
    expect(refusalOf("TRACE", "localhost", "/")).toEqual({ status: 405, message: "The method TRACE is not allowed here." });
    expect(refusalOf("GET", "x:99999", "/")?.message).toBe("The Host header is not a valid host.");
    expect(refusalOf("GET", undefined, "*")?.message).toBe("The request target must be a path.");
  });
});
