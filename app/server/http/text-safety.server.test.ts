import { describe, expect, it } from "vitest";
import { findUnstorableText, isStorableText, isStorableUrl, jsonBodyHasUnstorableText } from "./text-safety.server.ts";

describe("text the databases can hold", () => {
  it("refuses U+0000 and lone surrogates, keeps every other character", () => {
    expect(isStorableText("plain, accents é, emoji 😀, CJK 漢字")).toBe(true);
    for (const bad of ["\u0000", "a\u0000b", "\uD800", "x\uDFFF", "\uDE00\uD83D"]) expect(isStorableText(bad)).toBe(false);
  });

  it("names the first field holding such text, keys, nested values and file names included", () => {
    expect(findUnstorableText({ email: "a@example.com", nested: [{ ok: "fine" }] })).toBeNull();
    expect(findUnstorableText({ email: "a\u0000@example.com" })).toBe("email");
    expect(findUnstorableText({ list: ["ok", "b\uD800"] })).toBe("list.1");
    expect(findUnstorableText({ "k\u0000": 1 })).toBe("k\u0000");
    const form = new FormData();
    form.append("title", "ok");
    form.append("file", new File(["x"], "a\u0000.png"));
    expect(findUnstorableText(form)).toBe("file");
  });

  it("walks a deep value without recursion and refuses one nested past the limit", () => {
    let deep: unknown = "leaf";
    for (let i = 0; i < 5000; i++) deep = [deep];
    expect(findUnstorableText(deep)).not.toBeNull();
  });

  it("checks a URL's decoded path and query", () => {
    expect(isStorableUrl(new URL("http://x/api/auth/get-session?a=%C3%A9"))).toBe(true);
    for (const bad of ["http://x/a/%00", "http://x/a/%ff", "http://x/a/%c3%28", "http://x/a?cb=%00", "http://x/a?%00=1"]) expect(isStorableUrl(new URL(bad)), bad).toBe(false);
  });

  it("reads a JSON body from a clone, leaving the request unread", async () => {
    const request = new Request("http://x/", { method: "POST", headers: { "content-type": "application/json" }, body: '{"name":"a\\u0000"}' });
    expect(await jsonBodyHasUnstorableText(request)).toBe(true);
    expect(request.bodyUsed).toBe(false);
    const fine = new Request("http://x/", { method: "POST", headers: { "content-type": "application/json" }, body: '{"name":"a"}' });
    expect(await jsonBodyHasUnstorableText(fine)).toBe(false);
  });
});
