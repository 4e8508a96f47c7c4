import { data, redirect } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseUrlEncoded } from "#app/server/http/request-body.server.ts";
import { ACTION_FAILED, adminAction, byIntent, FORM_UNREADABLE, notFound, readForm, readFormBody } from "./form.server.ts";

const URL_ADMIN = "http://localhost/admin/menu";
const post = (body: BodyInit | null, headers: Record<string, string> = {}, url = URL_ADMIN) => new Request(url, { method: "POST", headers, body, duplex: "half" } as RequestInit);
const urlencoded = (body: string | Uint8Array<ArrayBuffer>) => post(body, { "Content-Type": "application/x-www-form-urlencoded" });

/** A body sent in 1 MB chunks, with no Content-Length; counts what the reader pulled. */
function streamed(totalBytes: number) {
  const chunk = new Uint8Array(1024 * 1024).fill(0x61);
  const pulled = { bytes: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= totalBytes) return controller.close();
      pulled.bytes += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled };
}

const entries = (text: string | Uint8Array) => [...parseUrlEncoded(typeof text === "string" ? new TextEncoder().encode(text) : text)];
const deleteForm = () => urlencoded("intent=delete&id=3");
const boom = () => {
  throw new Error("disk full");
};

describe("parseUrlEncoded", () => {
  it("parses like the URL standard: + as space, escapes, repeated keys, empty pairs, keys without =", () => {
    expect(entries("a=1&b=x+y%21&a=2&&c&d=%E2%82%AC&e=100%&f=%zz")).toEqual([
      ["a", "1"],
      ["b", "x y!"],
      ["a", "2"],
      ["c", ""],
      ["d", "€"],
      ["e", "100%"],
      ["f", "%zz"],
    ]);
    expect(entries("")).toEqual([]);
  });

  it("throws on bytes that are not UTF-8 instead of turning them into U+FFFD", () => {
    expect(() => entries("name=%FF")).toThrow();
    expect(() => entries(new Uint8Array([0x61, 0x3d, 0xc3]))).toThrow();
  });
});

describe("readFormBody", () => {
  it("reads both form encodings", async () => {
    const a = await readFormBody(urlencoded("intent=save&title=Caf%C3%A9"));
    expect(a.ok && Object.fromEntries(a.form)).toEqual({ intent: "save", title: "Café" });
    const form = new FormData();
    form.set("intent", "save");
    form.set("file", new File(["png"], "a.png", { type: "image/png" }));
    const b = await readFormBody(post(form));
    expect(b.ok && b.form.get("intent")).toBe("save");
    expect(b.ok && b.form.get("file") instanceof File).toBe(true);
  });

  it.each([
    ["JSON", { "Content-Type": "application/json" }, '{"intent":"save"}', 'Unsupported Content-Type "application/json"'],
    ["text/plain", { "Content-Type": "text/plain;charset=UTF-8" }, "intent=save", 'Unsupported Content-Type "text/plain"'],
    ["no Content-Type", {}, new Uint8Array([0x61]), "The request has no Content-Type"],
    ["an empty body without a type", {}, null, "The request has no Content-Type"],
    ["a gzip body", { "Content-Type": "application/x-www-form-urlencoded", "Content-Encoding": "gzip" }, "x", "Compressed request bodies are not accepted"],
  ])("answers %s with 415 and says what to send", async (_what, headers, body, message) => {
    const read = await readFormBody(post(body, headers));
    expect(read).toMatchObject({ ok: false, status: 415 });
    expect(!read.ok && read.message).toContain(message);
    if (!read.ok && read.message.startsWith("Unsupported") && read.message.includes("Content-Type")) expect(read.message).toContain("application/x-www-form-urlencoded or multipart/form-data");
  });

  it("only accepts the encodings a route asks for", async () => {
    const read = await readFormBody(urlencoded("a=1"), { types: ["multipart/form-data"] });
    expect(read).toMatchObject({ ok: false, status: 415, message: 'Unsupported Content-Type "application/x-www-form-urlencoded". Send the form as multipart/form-data.' });
  });

  it.each([
    ["a multipart body without a boundary", "multipart/form-data", '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n'],
    ["a multipart body with another boundary", "multipart/form-data; boundary=zzz", '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n'],
    ["a truncated multipart body", "multipart/form-data; boundary=b", '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1'],
    ["an empty multipart body", "multipart/form-data; boundary=b", ""],
    ["URL-encoded text that is not UTF-8", "application/x-www-form-urlencoded", "title=%C3%28"],
  ])("answers %s with 400 and the form's message", async (_what, type, body) => {
    expect(await readFormBody(post(body, { "Content-Type": type }))).toEqual({ ok: false, status: 400, message: FORM_UNREADABLE });
  });

  it("answers a body cut off mid-way with 400", async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("intent=save&title=Half"));
        controller.error(new Error("aborted"));
      },
    });
    expect(await readFormBody(post(stream, { "Content-Type": "application/x-www-form-urlencoded" }))).toEqual({ ok: false, status: 400, message: FORM_UNREADABLE });
  });

  it("refuses a declared size over the limit with 413 without reading the body", async () => {
    const { stream, pulled } = streamed(64 * 1024 * 1024);
    const read = await readFormBody(post(stream, { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(16 * 1024 * 1024 + 1) }));
    expect(read).toEqual({ ok: false, status: 413, message: "The form is too large (the limit here is 16 MB)." });
    expect(pulled.bytes).toBeLessThanOrEqual(2 * 1024 * 1024);
  });

  it("stops reading a body without Content-Length at the path's limit (16 MB under /admin) and answers 413", async () => {
    const { stream, pulled } = streamed(64 * 1024 * 1024);
    const read = await readFormBody(post(stream, { "Content-Type": "application/x-www-form-urlencoded" }));
    expect(read).toMatchObject({ ok: false, status: 413 });
    expect(pulled.bytes).toBeLessThanOrEqual(18 * 1024 * 1024);
  });

  it("takes a route's own limit and message", async () => {
    const big = "a=" + "x".repeat(2048);
    expect(await readFormBody(urlencoded(big), { maxBytes: 1024, tooLarge: "Too big." })).toEqual({ ok: false, status: 413, message: "Too big." });
    expect(await readFormBody(urlencoded(big), { maxBytes: 1024 })).toEqual({ ok: false, status: 413, message: "The form is too large (the limit here is 1 KB)." });
    expect((await readFormBody(urlencoded(big), { maxBytes: 4096 })).ok).toBe(true);
  });
});

describe("readForm", () => {
  it("gives the failure as the ActionResult answer with its status", async () => {
    const read = await readForm(post("{}", { "Content-Type": "application/json" }));
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.answer.init?.status).toBe(415);
    expect(read.answer.data).toMatchObject({ ok: false, message: expect.stringContaining("application/json") });
  });
});

describe("adminAction", () => {
  afterEach(() => vi.restoreAllMocks());

  it("hands the form to the handler and returns its answer", async () => {
    expect(await adminAction(deleteForm(), (f) => ({ ok: true, message: String(f.get("id")) }))).toEqual({ ok: true, message: "3" });
  });

  it("answers a malformed body without calling the handler", async () => {
    const handler = vi.fn();
    const answer = await adminAction(post('{"intent":"delete"}', { "Content-Type": "application/json" }), handler);
    expect(handler).not.toHaveBeenCalled();
    expect(answer).toMatchObject({ type: "DataWithResponseInit", init: { status: 415 } });
  });

  it("turns an unexpected error into the failure toast (500, with the intent) and logs it", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const answer = await adminAction(deleteForm(), () => {
      throw new Error("SQLITE_BUSY: database is locked");
    });
    // returned, not thrown: the screen shows the toast, never the error page
    expect(answer).toMatchObject({ type: "DataWithResponseInit", data: { ok: false, message: ACTION_FAILED, intent: "delete" }, init: { status: 500 } });
    expect(log).toHaveBeenCalledOnce();
    expect(String(log.mock.calls[0]![0])).toContain("/admin/menu");
    expect(String(log.mock.calls[0]![1])).toContain("SQLITE_BUSY");
  });

  it("answers with the screen's own failure toast, one text or one per intent", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await adminAction(deleteForm(), boom, { failed: "Failed to save menu" })).toMatchObject({ data: { ok: false, message: "Failed to save menu", intent: "delete" } });
    const perIntent = { byIntent: { delete: "Failed to delete", save: "Failed to save" } };
    expect(await adminAction(deleteForm(), boom, { failed: perIntent })).toMatchObject({ data: { message: "Failed to delete" } });
    expect(await adminAction(deleteForm(), boom, { failed: { byIntent: { save: "Failed to save" } } })).toMatchObject({ data: { message: ACTION_FAILED } });
    expect(await adminAction(deleteForm(), boom, { failed: { byIntent: { save: "x" }, otherwise: "Failed" } })).toMatchObject({ data: { message: "Failed" } });
    // an intent named like an Object property is not a lookup into the prototype
    const proto = urlencoded("intent=toString&id=3");
    expect(await adminAction(proto, boom, { failed: perIntent })).toMatchObject({ data: { message: ACTION_FAILED, intent: "toString" } });
  });

  it("lets thrown redirects, Responses and notFound's 404 through untouched", async () => {
    await expect(adminAction(deleteForm(), () => notFound("Tool"))).rejects.toMatchObject({ type: "DataWithResponseInit", init: { status: 404 } });
    const to = redirect("/auth");
    await expect(
      adminAction(deleteForm(), () => {
        throw to;
      }),
    ).rejects.toBe(to);
    const answer = data({ ok: false, message: "Conflict" }, { status: 409 });
    await expect(
      adminAction(deleteForm(), () => {
        throw answer;
      }),
    ).rejects.toBe(answer);
  });
});

const posted = (values: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  return form;
};

describe("byIntent", () => {
  const handle = byIntent({
    save: (form, intent) => ({ ok: true, message: `saved ${String(form.get("id"))}`, intent }),
    remove: async (_form, intent) => ({ ok: true, message: "removed", intent }),
  });

  it("runs the handler of the posted intent, sync or async", async () => {
    expect(await handle(posted({ intent: "save", id: "7" }))).toEqual({ ok: true, message: "saved 7", intent: "save" });
    expect(await handle(posted({ intent: "remove" }))).toEqual({ ok: true, message: "removed", intent: "remove" });
  });

  it("answers an unknown, missing or inherited intent with a 400", async () => {
    for (const form of [posted({ intent: "drop" }), posted({}), posted({ intent: "constructor" }), posted({ intent: "__proto__" })]) {
      expect(await handle(form)).toMatchObject({ type: "DataWithResponseInit", data: { ok: false, message: "Unknown action." }, init: { status: 400 } });
    }
  });
});
