import { afterEach, describe, expect, it, vi } from "vitest";
import { postAuth } from "./auth-api.ts";

describe("postAuth", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("passes on the server's code and message, so a refused password can be shown under its field", async () => {
    vi.stubGlobal("fetch", async () => Response.json({ code: "PASSWORD_REFUSED", message: "This password is too common. Choose another one." }, { status: 400 }));
    expect(await postAuth("/sign-up/email", {})).toEqual({ ok: false, status: 400, code: "PASSWORD_REFUSED", message: "This password is too common. Choose another one." });
    vi.stubGlobal("fetch", async () => new Response("oops", { status: 502 }));
    expect(await postAuth("/sign-up/email", {})).toEqual({ ok: false, status: 502, code: undefined, message: "Request failed (502)" });
  });
});
