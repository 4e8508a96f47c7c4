import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readTrustProxy, TrustProxyError, type TrustProxySetting } from "./trust-proxy.ts";

describe("readTrustProxy", () => {
  it("reads every form the README names", () => {
    expect(readTrustProxy(undefined)).toEqual(["loopback"]);
    expect(readTrustProxy("  ")).toEqual(["loopback"]);
    expect(readTrustProxy("true")).toBe(true);
    expect(readTrustProxy("false")).toBe(false);
    expect(readTrustProxy("1")).toBe(1);
    expect(readTrustProxy("10.0.0.5")).toEqual(["10.0.0.5"]);
    expect(readTrustProxy("10.0.0.0/24, loopback, fd00::/8, ::1")).toEqual(["10.0.0.0/24", "loopback", "fd00::/8", "::1"]);
  });

  it.each(["yes", "0", "11", "10.0.0.300", "10.0.0.0/33", "fd00::/129", "10.0.0.0/8/8", "10.0.0.5,", "nginx.internal"])("refuses %j with a message that says what it takes", (value) => {
    expect(() => readTrustProxy(value)).toThrow(TrustProxyError);
    expect(() => readTrustProxy(value)).toThrow(/TRUST_PROXY=/);
  });
});

// What req.ip becomes behind nginx on loopback, which appends the address it saw (203.0.113.9)
// to whatever X-Forwarded-For the visitor sent (198.51.100.7, typed by the visitor).
describe("req.ip behind a proxy that appends to X-Forwarded-For", () => {
  let port = 0;
  const settings = new Map<string, TrustProxySetting>();
  const server = http.createServer((req, res) => {
    const app = express();
    app.set("trust proxy", settings.get(req.headers["x-setting"] as string));
    app.get("/", (request, response) => void response.send(request.ip));
    app(req, res);
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function clientAddress(value: string | undefined): Promise<string> {
    const key = value ?? "(unset)";
    settings.set(key, readTrustProxy(value));
    const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { "x-setting": key, "x-forwarded-for": "198.51.100.7, 203.0.113.9" } });
    return response.text();
  }

  it("is the address the proxy saw when the proxy is the one trusted, whatever the visitor wrote", async () => {
    expect(await clientAddress(undefined)).toBe("203.0.113.9");
    expect(await clientAddress("127.0.0.1")).toBe("203.0.113.9");
    expect(await clientAddress("1")).toBe("203.0.113.9");
  });

  it("is the visitor's own entry with true (so deploy/nginx.conf replaces the header), and the socket with false", async () => {
    expect(await clientAddress("true")).toBe("198.51.100.7");
    expect(await clientAddress("false")).toBe("127.0.0.1");
  });
});
