import { describe, expect, it } from "vitest";
import { checksumText, FNV1A32_OFFSET, fnv1a32Update, toHex32 } from "./checksum.ts";

const text = (s: string) => new TextEncoder().encode(s);

describe("FNV-1a 32", () => {
  it("matches the published test vectors", () => {
    expect(toHex32(fnv1a32Update(FNV1A32_OFFSET, text("")))).toBe("811c9dc5");
    expect(toHex32(fnv1a32Update(FNV1A32_OFFSET, text("a")))).toBe("e40c292c");
    expect(toHex32(fnv1a32Update(FNV1A32_OFFSET, text("foobar")))).toBe("bf9cf968");
  });

  it("continues across chunks as over the whole", () => {
    const whole = fnv1a32Update(FNV1A32_OFFSET, text("foobar"));
    expect(fnv1a32Update(fnv1a32Update(FNV1A32_OFFSET, text("foo")), text("bar"))).toBe(whole);
  });

  it("formats the job's text", () => {
    expect(checksumText(0xbf9cf968, 6)).toBe("fnv1a32=bf9cf968 bytes=6");
    expect(checksumText(0x1, 0)).toBe("fnv1a32=00000001 bytes=0");
  });
});
