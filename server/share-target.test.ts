import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyLimit } from "./body-limit.ts";
import { sameOriginWrites } from "./same-origin.ts";
import { shareTargetFallback } from "./share-target.ts";

describe("/share-target without a service worker", () => {
  let base = "";
  let read = 0;
  let close: (() => void) | undefined;
  beforeAll(async () => {
    // in server/app.ts's order: the fallback before the same-origin and body checks
    const app = express();
    app.use(shareTargetFallback);
    app.use(sameOriginWrites(["https://tools.example"]));
    app.use(bodyLimit());
    app.use((req, res) => {
      req.on("data", (chunk: Buffer) => (read += chunk.length));
      req.on("end", () => res.status(404).end());
    });
    const server = app.listen(0);
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close?.());

  it("answers a shared file with 303 to the launch page, from any origin and whatever its size, and reads none of it", async () => {
    const form = new FormData();
    form.append("files", new File([new Uint8Array(3 * 1024 * 1024)], "big.mp4", { type: "video/mp4" }));
    const response = await fetch(`${base}/share-target`, { method: "POST", body: form, redirect: "manual", headers: { Origin: "null" } });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/open?shared=unavailable");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(read).toBe(0);
  });

  it("sends a GET there too, and leaves other paths alone", async () => {
    const response = await fetch(`${base}/share-target`, { redirect: "manual" });
    expect(response.status).toBe(303);
    expect((await fetch(`${base}/share-target-x`, { redirect: "manual" })).status).toBe(404);
  });
});
