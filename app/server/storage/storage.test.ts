import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveUploadPath, serveUploads } from "#server/serve-uploads.ts";
import { createStorage, type Storage } from "./storage.server.ts";
import { detectImageType, safeBaseName, uploadImage, UploadError, type UploadPrefix } from "./uploads.server.ts";

// A real 1x1 PNG.
const PNG_1X1 = Uint8Array.from(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64"),
);

describe("resolveUploadPath", () => {
  const root = "/srv/data/uploads";
  it("maps a normal key inside the root", () => {
    expect(resolveUploadPath(root, "blog-thumbnails/abc-photo.png")).toBe("/srv/data/uploads/blog-thumbnails/abc-photo.png");
    expect(resolveUploadPath(root, "site-assets/a%20b.png")).toBe("/srv/data/uploads/site-assets/a b.png");
  });
  it.each([
    "../site.db",
    "blog-thumbnails/../../site.db",
    "%2e%2e/site.db",
    "%2e%2e%2fsite.db",
    "..%2f..%2fetc/passwd",
    "blog-thumbnails/%2e%2e/%2e%2e/auth-secret",
    "/etc/passwd",
    "%2fetc%2fpasswd",
    "..\\site.db",
    "..%5csite.db",
    "a%00.png",
    ".hidden",
    "blog-thumbnails/.env",
    "%E0%A4%A",
    "",
  ])("refuses %s", (p) => {
    expect(resolveUploadPath(root, p)).toBeNull();
  });
});

describe("detectImageType", () => {
  it("recognises images by their bytes and refuses everything else", () => {
    expect(detectImageType(PNG_1X1)?.mime).toBe("image/png");
    expect(detectImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))?.mime).toBe("image/jpeg");
    expect(detectImageType(new TextEncoder().encode("GIF89a......"))?.mime).toBe("image/gif");
    expect(detectImageType(new TextEncoder().encode("<svg onload=alert(1)>"))).toBeNull();
    expect(detectImageType(new TextEncoder().encode("<html><script>"))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });
  it("makes safe key names", () => {
    expect(safeBaseName("../../My Photo (1).PNG")).toBe("my-photo-1");
    expect(safeBaseName("....png")).toBe("image");
  });
});

describe("local storage, uploads and /uploads serving", () => {
  let dataDir: string;
  let storage: Storage;
  let base: string;
  let close: () => void;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storage-test-"));
    fs.writeFileSync(path.join(dataDir, "site.db"), "secret database");
    storage = createStorage({ dataDir });
    const app = express();
    app.use("/uploads/", serveUploads(storage.localRoot!));
    const server = app.listen(0);
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => {
    close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("stores an image under its prefix and serves it back with its content type and a long cache", async () => {
    const file = new File([PNG_1X1], "Summer Photo.png", { type: "image/png" });
    const { key, url } = await uploadImage(storage, { prefix: "blog-thumbnails/", file });
    expect(key).toMatch(/^blog-thumbnails\/[0-9a-f]{12}-summer-photo\.png$/);
    expect(url).toBe(`/uploads/${key}`);
    const res = await fetch(base + url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG_1X1);
  });

  it("names the type by the bytes, not by the claimed name", async () => {
    const file = new File([PNG_1X1], "photo.jpg", { type: "image/jpeg" });
    const { key } = await uploadImage(storage, { prefix: "site-assets/og-images/", file });
    expect(key.endsWith(".png")).toBe(true);
  });

  it("refuses wrong types, empty and oversized files, and unknown prefixes with clear messages", async () => {
    const svg = new File(["<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>"], "x.svg", { type: "image/svg+xml" });
    await expect(uploadImage(storage, { prefix: "site-assets/", file: svg })).rejects.toThrow("Unsupported file type");
    await expect(uploadImage(storage, { prefix: "site-assets/", file: new File([], "e.png") })).rejects.toThrow("The file is empty.");
    const big = new File([PNG_1X1, new Uint8Array(600 * 1024)], "logo.png");
    await expect(uploadImage(storage, { prefix: "site-assets/", file: big, maxBytes: 500 * 1024 })).rejects.toThrow(
      "The file is too large (601 KB). The limit is 500 KB.",
    );
    await expect(
      uploadImage(storage, { prefix: "../" as UploadPrefix, file: new File([PNG_1X1], "a.png") }),
    ).rejects.toBeInstanceOf(UploadError);
  });

  it.each(["/uploads/..%2fsite.db", "/uploads/%2e%2e/site.db", "/uploads/blog-thumbnails/..%2f..%2fsite.db", "/uploads/..%5csite.db"])(
    "answers 404 and never the file outside the folder for %s",
    async (p) => {
      const res = await fetch(base + p);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("secret database");
    },
  );

  it("refuses writes to /uploads", async () => {
    const res = await fetch(`${base}/uploads/blog-thumbnails/x.png`, { method: "PUT", body: "x" });
    expect(res.status).toBe(405);
  });
});
