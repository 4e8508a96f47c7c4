// Our SHA-1 against Node's (OpenSSL's), across the padding boundaries, and the Adobe key.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sha1 } from "../common/sha1.ts";
import { ADOBE_OBFUSCATION, deobfuscateFont } from "./font-obfuscation.ts";

describe("font obfuscation", () => {
  it("computes SHA-1 as OpenSSL does", () => {
    for (const length of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000, 70_000]) {
      const data = Uint8Array.from({ length }, (_, i) => (i * 31 + length) & 0xff);
      expect(Buffer.from(sha1(data)).toString("hex")).toBe(createHash("sha1").update(data).digest("hex"));
    }
  });

  it("undoes Adobe's obfuscation with the UUID's bytes, only over the first 1024 bytes", () => {
    const font = Uint8Array.from({ length: 2000 }, (_, i) => i & 0xff);
    const key = Buffer.from("0123456789abcdef0123456789abcdef", "hex");
    const hidden = font.map((byte, i) => (i < 1024 ? byte ^ key[i % 16]! : byte));
    expect(deobfuscateFont(hidden, ADOBE_OBFUSCATION, "urn:uuid:01234567-89ab-cdef-0123-456789abcdef")).toEqual(font);
    expect(deobfuscateFont(hidden, ADOBE_OBFUSCATION, "isbn:123")).toBeUndefined();
  });
});
