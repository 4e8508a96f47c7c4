import { describe, expect, it } from "vitest";
import { canonicalJsonRequest, readCredentialBody } from "./credential-body.server.ts";

const URL_ = "http://localhost:3999/api/auth/sign-in/email";
const post = (body: BodyInit, type?: string, extra: Record<string, string> = {}) =>
  new Request(URL_, { method: "POST", headers: { ...(type ? { "content-type": type } : {}), ...extra }, body });

describe("credential body", () => {
  it("reads JSON, form-encoded and multipart to the same fields", async () => {
    const fields = { email: "a@example.com", password: "p&ss=wörd" };
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    for (const request of [
      post(JSON.stringify(fields), "application/json; charset=utf-8"),
      post(JSON.stringify(fields), "application/vnd.api+json"),
      post(new URLSearchParams(fields).toString(), "application/x-www-form-urlencoded;charset=UTF-8"),
      post(form),
    ]) {
      expect(await readCredentialBody(request)).toEqual({ ok: true, fields });
    }
  });

  it("refuses other types (415), broken or non-object bodies and file parts (400), and big ones (413)", async () => {
    expect(await readCredentialBody(post("email=a", "text/plain"))).toMatchObject({ ok: false, status: 415 });
    expect(await readCredentialBody(post("email=a"))).toMatchObject({ ok: false, status: 415 });
    expect(await readCredentialBody(post("{", "application/json"))).toMatchObject({ ok: false, status: 400 });
    expect(await readCredentialBody(post('"x"', "application/json"))).toMatchObject({ ok: false, status: 400 });
    expect(await readCredentialBody(post("--x\r\nbroken", "multipart/form-data; boundary=x"))).toMatchObject({ ok: false, status: 400 });
    const withFile = new FormData();
    withFile.set("email", "a@example.com");
    withFile.set("password", new File(["secret"], "p.txt"));
    expect(await readCredentialBody(post(withFile))).toMatchObject({ ok: false, status: 400 });
    expect(await readCredentialBody(post("x".repeat(2_000), "application/json"), 1_000)).toMatchObject({ ok: false, status: 413 });
    expect(await readCredentialBody(post("{}", "application/json", { "content-length": "5000" }), 1_000)).toMatchObject({ ok: false, status: 413 });
  });

  it("forwards the fields as JSON with the original headers", async () => {
    const original = post("email=a%40example.com&password=x", "application/x-www-form-urlencoded", { cookie: "c=1", origin: "http://localhost:3999" });
    const forwarded = canonicalJsonRequest(original, { email: "a@example.com", password: "x" });
    expect(forwarded.url).toBe(URL_);
    expect(forwarded.method).toBe("POST");
    expect(forwarded.headers.get("content-type")).toBe("application/json");
    expect(forwarded.headers.get("cookie")).toBe("c=1");
    expect(forwarded.headers.get("origin")).toBe("http://localhost:3999");
    expect(await forwarded.json()).toEqual({ email: "a@example.com", password: "x" });
  });
});

const nested = (depth: number, open: string, close: string) => `{"email":"a@b.c","password":${open.repeat(depth)}1${close.repeat(depth)}}`;

describe("credential body nesting (issue 28, finding 4)", () => {
  it("answers 400 with a clear message for JSON nested 5,000 levels (objects or arrays), without walking it", async () => {
    for (const body of [nested(5_000, '{"a":', "}"), nested(5_000, "[", "]")]) {
      const result = await readCredentialBody(post(body, "application/json"));
      expect(result).toMatchObject({ ok: false, status: 400, code: "BODY_TOO_DEEP" });
      if (!result.ok) expect(result.message).toBe("The request body is nested too deeply.");
    }
  });

  it("still reads modest nesting, and brackets inside strings do not count", async () => {
    expect(await readCredentialBody(post(nested(5, "[", "]"), "application/json"))).toMatchObject({ ok: true });
    const fields = { email: "a@b.c", password: "[[[[".repeat(100) + '\\"{{{{' };
    expect(await readCredentialBody(post(JSON.stringify(fields), "application/json"))).toEqual({ ok: true, fields });
  });
});
