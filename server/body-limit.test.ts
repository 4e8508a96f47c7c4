import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyLimitFor } from "#app/server/http/request-body.server.ts";
import { bodyLimit } from "./body-limit.ts";

describe("body limits", () => {
  it("are small for auth, larger for admin forms", () => {
    expect(bodyLimitFor("/api/auth/sign-in/email")).toBe(64 * 1024);
    expect(bodyLimitFor("/admin/blog/new")).toBe(16 * 1024 * 1024);
    expect(bodyLimitFor("/tools")).toBe(1024 * 1024);
  });

  let base = "";
  let close: (() => void) | undefined;
  beforeAll(async () => {
    const app = express();
    app.use(bodyLimit());
    app.post("/{*rest}", (req, res) => {
      let n = 0;
      req.on("data", (c: Buffer) => (n += c.length));
      req.on("end", () => res.json({ received: n }));
    });
    const server = app.listen(0);
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close?.());

  it("lets bodies within the limit through", async () => {
    const res = await fetch(`${base}/api/auth/sign-in/email`, { method: "POST", body: "x".repeat(1000) });
    expect(await res.json()).toEqual({ received: 1000 });
  });

  it("refuses a declared body above the limit with 413", async () => {
    const res = await fetch(`${base}/api/auth/sign-in/email`, { method: "POST", body: "x".repeat(70 * 1024) });
    expect(res.status).toBe(413);
    expect(await res.text()).toContain("too large");
  });

  it("stops a chunked body once it passes the limit", async () => {
    const chunk = new Uint8Array(32 * 1024);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 10) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    const outcome = await fetch(`${base}/api/auth/sign-up/email`, { method: "POST", body: stream, duplex: "half" } as RequestInit).then(
      (r) => r.status,
      () => "connection closed",
    );
    expect([413, "connection closed"]).toContain(outcome);
  });
});
