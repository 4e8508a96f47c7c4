import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { handleAuthRequest } from "#app/server/auth/guards.server.ts";
import { useServices } from "#app/server/services.server.ts";
import { authRequest, createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { action, loader } from "./api.upload.ts";

// A real 1x1 PNG.
const PNG_1X1 = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const EDITOR_PREFIX = "site-assets/editor-images/";

type ActionArgs = Parameters<typeof action>[0];
const callAction = (request: Request) => action({ request, params: {}, context: {} } as unknown as ActionArgs);

/** The session cookie(s) a browser would send back after this auth response. */
const cookieFrom = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

function uploadRequest(options: { cookie?: string; file?: File | string; prefix?: string; method?: string; alt?: string; caption?: string } = {}): Request {
  const form = new FormData();
  if (options.file !== undefined) form.set("file", options.file);
  if (options.prefix !== undefined) form.set("prefix", options.prefix);
  if (options.alt !== undefined) form.set("alt", options.alt);
  if (options.caption !== undefined) form.set("caption", options.caption);
  return new Request("http://localhost:3999/admin/api/upload", {
    method: options.method ?? "POST",
    headers: { origin: "http://localhost:3999", ...(options.cookie ? { cookie: options.cookie } : {}) },
    body: form,
  });
}

const png = (name = "My Photo.png") => new File([PNG_1X1], name, { type: "image/png" });

describeEachDialect("POST /admin/api/upload on %s", (dialect) => {
  let s: TestServices;
  let adminCookie: string;
  let userCookie: string;

  beforeAll(async () => {
    s = await createTestServices(dialect);
    useServices(s);
    const signUp = async (email: string) => {
      const res = await handleAuthRequest(s.auth, s.database.db, authRequest("/sign-up/email", { email, password: "secret-pass-123", name: email.split("@")[0] }));
      expect(res.status).toBe(200);
      // only the first account is signed in by its sign-up
      const signIn = await handleAuthRequest(s.auth, s.database.db, authRequest("/sign-in/email", { email, password: "secret-pass-123" }));
      expect(signIn.status).toBe(200);
      return cookieFrom(signIn);
    };
    adminCookie = await signUp("first-admin@example.com");
    userCookie = await signUp("second-user@example.com");
    const roles = await s.database.db.selectFrom("user").select(["email", "role"]).orderBy("email").execute();
    expect(roles).toEqual([
      { email: "first-admin@example.com", role: "admin" },
      { email: "second-user@example.com", role: "user" },
    ]);
  });
  afterAll(() => s.cleanup());

  it("answers an anonymous caller 401 JSON, not a redirect", async () => {
    const res = await callAction(uploadRequest({ file: png(), prefix: EDITOR_PREFIX }));
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ message: "Please sign in as an admin." });
  });

  it("answers a signed-in non-admin 403 JSON and keeps that session", async () => {
    const res = await callAction(uploadRequest({ cookie: userCookie, file: png(), prefix: EDITOR_PREFIX }));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: "You don't have admin privileges." });
    expect(res.headers.getSetCookie()).toEqual([]);
    expect((await s.auth.api.getSession({ headers: new Headers({ cookie: userCookie }) }))?.user.email).toBe("second-user@example.com");
    expect(fs.existsSync(path.join(s.dataDir, "uploads", EDITOR_PREFIX))).toBe(false);
  });

  it("stores an admin's PNG under the editor-images prefix and returns its URL and key", async () => {
    const res = await callAction(uploadRequest({ cookie: adminCookie, file: png(), prefix: EDITOR_PREFIX }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { url: string; key: string };
    expect(body.key).toMatch(/^site-assets\/editor-images\/[0-9a-f]{12}-my-photo\.png$/);
    expect(body.url).toBe(`/uploads/${body.key}`);
    const stored = path.join(s.dataDir, "uploads", body.key);
    expect(fs.readFileSync(stored)).toEqual(PNG_1X1);
  });

  it("records the upload in the media library with its size, uploader, alt text and caption", async () => {
    const res = await callAction(uploadRequest({ cookie: adminCookie, file: png("fox.png"), prefix: EDITOR_PREFIX, alt: "  A fox  ", caption: "At dawn" }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { key: string; id: number; width: number; height: number };
    expect([body.width, body.height]).toEqual([1, 1]);
    const row = await s.database.db.selectFrom("media").select(["storage_key", "file_name", "width", "height", "alt", "caption", "uploaded_by"]).where("id", "=", body.id).executeTakeFirstOrThrow();
    const admin = await s.database.db.selectFrom("user").select("id").where("email", "=", "first-admin@example.com").executeTakeFirstOrThrow();
    expect(row).toEqual({ storage_key: body.key, file_name: "fox.png", width: 1, height: 1, alt: "A fox", caption: "At dawn", uploaded_by: admin.id });
  });

  it("refuses alt text over the limit with 400 and stores nothing", async () => {
    const before = await s.database.db.selectFrom("media").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    const res = await callAction(uploadRequest({ cookie: adminCookie, file: png("long.png"), prefix: EDITOR_PREFIX, alt: "x".repeat(301) }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Alt text can be up to 300 characters." });
    const after = await s.database.db.selectFrom("media").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it.each(["site-assets/", "site-assets/og-images/", "blog-thumbnails/"])("accepts the %s prefix", async (prefix) => {
    const res = await callAction(uploadRequest({ cookie: adminCookie, file: png("x.png"), prefix }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { key: string };
    expect(body.key.startsWith(prefix)).toBe(true);
    expect(fs.existsSync(path.join(s.dataDir, "uploads", body.key))).toBe(true);
  });

  it.each([
    ["an SVG", new File(['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'], "evil.svg", { type: "image/svg+xml" })],
    ["a text file named .png", new File(["just text"], "notes.png", { type: "image/png" })],
  ])("refuses %s with the UploadError message", async (_what, file) => {
    const res = await callAction(uploadRequest({ cookie: adminCookie, file, prefix: EDITOR_PREFIX }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Unsupported file type. Upload a PNG, JPEG, GIF, WebP, AVIF or ICO image." });
  });

  it("refuses an empty file and one over 5 MB", async () => {
    const empty = await callAction(uploadRequest({ cookie: adminCookie, file: new File([], "empty.png"), prefix: EDITOR_PREFIX }));
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ message: "The file is empty." });

    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG_1X1);
    const tooBig = await callAction(uploadRequest({ cookie: adminCookie, file: new File([big], "big.png"), prefix: EDITOR_PREFIX }));
    expect(tooBig.status).toBe(400);
    expect(((await tooBig.json()) as { message: string }).message).toMatch(/^The file is too large \(\d+ KB\)\. The limit is 5120 KB\.$/);
  });

  it("refuses a body far over the limit without reading it all", async () => {
    const huge = new Uint8Array(6 * 1024 * 1024);
    huge.set(PNG_1X1);
    const res = await callAction(uploadRequest({ cookie: adminCookie, file: new File([huge], "huge.png"), prefix: EDITOR_PREFIX }));
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe("The file is too large. The limit is 5120 KB.");
  });

  it.each([
    ["an unknown prefix", "../../etc/", 'Unknown upload folder "../../etc/"'],
    ["a missing prefix", undefined, "Unknown upload folder. Use one of:"],
    ["a prefix without its slash", "blog-thumbnails", 'Unknown upload folder "blog-thumbnails"'],
  ])("refuses %s with 400", async (_what, prefix, message) => {
    const res = await callAction(uploadRequest({ cookie: adminCookie, file: png(), prefix }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain(message);
  });

  it("refuses a missing file, a text field as file, and a non-multipart body", async () => {
    const missing = await callAction(uploadRequest({ cookie: adminCookie, prefix: EDITOR_PREFIX }));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: "Choose an image file to upload." });

    const textField = await callAction(uploadRequest({ cookie: adminCookie, file: "not a file", prefix: EDITOR_PREFIX }));
    expect(textField.status).toBe(400);

    const jsonBody = await callAction(
      new Request("http://localhost:3999/admin/api/upload", {
        method: "POST",
        headers: { cookie: adminCookie, "content-type": "application/json" },
        body: JSON.stringify({ file: "x", prefix: EDITOR_PREFIX }),
      }),
    );
    expect(jsonBody.status).toBe(415);
    expect(await jsonBody.json()).toEqual({ message: 'Unsupported Content-Type "application/json". Send the form as multipart/form-data.' });
  });

  it("answers other methods 405", async () => {
    const put = await callAction(uploadRequest({ cookie: adminCookie, file: png(), prefix: EDITOR_PREFIX, method: "PUT" }));
    expect(put.status).toBe(405);
    const get = (await loader({ request: new Request("http://localhost:3999/admin/api/upload", { headers: { cookie: adminCookie } }), params: {}, context: {} } as never)) as Response;
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    const anonymous = (await loader({ request: new Request("http://localhost:3999/admin/api/upload"), params: {}, context: {} } as never)) as Response;
    expect(anonymous.status).toBe(401);
  });
});
