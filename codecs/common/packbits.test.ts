import { describe, expect, it } from "vitest";
import { decodePackBits } from "./packbits.ts";

describe("decodePackBits", () => {
  it("decodes the example of Apple's Technical Note TN1023", () => {
    const packed = Uint8Array.from([0xfe, 0xaa, 0x02, 0x80, 0x00, 0x2a, 0xfd, 0xaa, 0x03, 0x80, 0x00, 0x2a, 0x22, 0xf7, 0xaa]);
    const out = new Uint8Array(24);
    decodePackBits(packed, out);
    expect([...out]).toEqual([0xaa, 0xaa, 0xaa, 0x80, 0x00, 0x2a, 0xaa, 0xaa, 0xaa, 0xaa, 0x80, 0x00, 0x2a, 0x22, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa]);
  });

  it("skips -128 and never writes past the output or reads past the input", () => {
    const out = new Uint8Array(4);
    decodePackBits(Uint8Array.from([0x80, 0x05, 1, 2]), out);
    expect([...out]).toEqual([1, 2, 0, 0]);
    const short = new Uint8Array(3);
    decodePackBits(Uint8Array.from([0x81, 9]), short); // 128 repeats into 3 bytes
    expect([...short]).toEqual([9, 9, 9]);
  });
});
