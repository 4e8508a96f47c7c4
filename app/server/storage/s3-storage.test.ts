// The S3 driver against a real S3 HTTP server (s3rver in its own process, decision 056): what the
// site does with a bucket (upload, public URL, delete), and what a host gets wrong (keys, bucket
// name, a bucket that does not answer) said plainly instead of a 500 later.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort, S3_TEST_KEY, startS3Server, type S3TestServer } from "#tests/support/s3-server.ts";
import { createTestServices } from "#tests/support/test-db.ts";
import { checkReadiness } from "#server/health.ts";
import { checkStorage, createStorage, type Storage } from "./storage.server.ts";
import { STORAGE_FAILED, uploadImage, UploadError } from "./uploads.server.ts";

// A real 1x1 PNG.
const PNG_1X1 = Uint8Array.from(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64"));
const png = (name: string) => new File([PNG_1X1], name, { type: "image/png" });

let server: S3TestServer;
beforeAll(async () => {
  server = await startS3Server();
}, 30_000);
afterAll(async () => {
  await server?.stop();
});

function s3Storage(overrides: Partial<{ bucket: string; endpoint: string; accessKeyId: string; secretAccessKey: string; publicUrl: string }> = {}): Storage {
  return createStorage({ dataDir: "/nonexistent", s3: { bucket: server.bucket, region: "us-east-1", endpoint: server.endpoint, ...S3_TEST_KEY, ...overrides } });
}

describe("S3 storage against s3rver", () => {
  it("uploads to the bucket, path-style, and the public URL serves the very bytes", async () => {
    const storage = s3Storage();
    expect(await checkStorage(storage)).toEqual({ ok: true });
    const { key, url } = await uploadImage(storage, { prefix: "blog-thumbnails/", file: png("Photo of me.png") });
    expect(key).toMatch(/^blog-thumbnails\/[0-9a-f]{12}-photo-of-me\.png$/);
    expect(url).toBe(`${server.endpoint}/${server.bucket}/${key}`);
    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(PNG_1X1);
    expect(await storage.disk.exists(key)).toBe(true);
  });

  it("S3_PUBLIC_URL (a CDN, with or without a path) is the base of every public URL", async () => {
    const storage = s3Storage({ publicUrl: "https://cdn.example.com/site-uploads/" });
    const { key, url } = await uploadImage(storage, { prefix: "site-assets/", file: png("logo.png") });
    expect(url).toBe(`https://cdn.example.com/site-uploads/${key}`);
    const bare = s3Storage({ publicUrl: "https://cdn.example.com/files" });
    expect(await bare.disk.getUrl("site-assets/a b.png")).toBe("https://cdn.example.com/files/site-assets/a%20b.png");
  });

  it("a delete removes the object: the bucket no longer serves it", async () => {
    const storage = s3Storage();
    const { key, url } = await uploadImage(storage, { prefix: "site-assets/", file: png("gone.png") });
    await storage.disk.delete(key);
    expect(await storage.disk.exists(key)).toBe(false);
    expect((await fetch(url)).status).toBe(404);
  });

  it("a site started on the bucket is ready: the database and the storage answer", async () => {
    const services = await createTestServices("sqlite", { S3_BUCKET: server.bucket, S3_ENDPOINT: server.endpoint, S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" });
    try {
      expect(services.storage.driver).toBe("s3");
      expect(await checkReadiness(services.database.db, services.storage)).toEqual({ status: 200, body: { status: "ok", database: "ok", storage: "ok" } });
    } finally {
      await services.cleanup();
    }
  });

  it("wrong keys or a missing bucket are refused with what to check, and stop the start-up", async () => {
    // s3rver checks the key id, not the v4 signature (decision 056): a wrong key id is what it refuses
    const wrongKey = await checkStorage(s3Storage({ accessKeyId: "NOT-A-KEY", secretAccessKey: "not-the-secret" }));
    expect(wrongKey).toMatchObject({ ok: false, kind: "refused" });
    expect(wrongKey.ok ? "" : wrongKey.message).toMatch(/refused the keys for bucket "site-uploads".*S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    expect(wrongKey.ok ? "" : wrongKey.message).not.toMatch(/NOT-A-KEY|not-the-secret/);
    const missing = await checkStorage(s3Storage({ bucket: "no-such-bucket" }));
    expect(missing.ok ? "" : missing.message).toMatch(/bucket "no-such-bucket" does not exist.*S3_BUCKET/);

    await expect(
      createTestServices("sqlite", { S3_BUCKET: server.bucket, S3_ENDPOINT: server.endpoint, S3_ACCESS_KEY_ID: "NOT-A-KEY", S3_SECRET_ACCESS_KEY: "wrong" }),
    ).rejects.toThrow(/refused the keys/);
  });

  it("a bucket that does not answer: uploads fail with a plain message, the site starts and says it is not ready", async () => {
    const endpoint = `http://127.0.0.1:${await freePort()}`;
    const storage = createStorage({ dataDir: "/nonexistent", s3: { bucket: "site-uploads", region: "us-east-1", endpoint, ...S3_TEST_KEY } });
    expect(await checkStorage(storage)).toMatchObject({ ok: false, kind: "unreachable" });
    // the server logs the cause; the admin gets the plain message
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const failure = await uploadImage(storage, { prefix: "site-assets/", file: png("x.png") }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UploadError);
    expect((failure as UploadError).status).toBe(503);
    expect((failure as UploadError).message).toBe(STORAGE_FAILED);
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^Upload of site-assets\/.*failed:$/), expect.anything());
    logged.mockRestore();

    const services = await createTestServices("sqlite", { S3_BUCKET: "site-uploads", S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" });
    try {
      const ready = await checkReadiness(services.database.db, services.storage);
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ status: "unavailable", database: "ok" });
      expect(ready.body.storage).toMatch(/did not answer/);
    } finally {
      await services.cleanup();
    }
  }, 60_000);
});
