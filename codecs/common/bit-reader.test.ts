import { describe, expect, it } from "vitest";
import { LsbBitReader, MsbBitReader } from "./bit-reader.ts";

describe("LsbBitReader", () => {
  it("reads a byte's low bits first, and a field's first bit as its lowest", () => {
    // 0b1011_0110, 0b0000_0001: 3 bits 110 -> 6, then 5 bits 10110 -> 22, then 1 bit of the next byte
    const bits = new LsbBitReader(new Uint8Array([0b1011_0110, 0b0000_0001]));
    expect(bits.read(3)).toBe(0b110);
    expect(bits.read(5)).toBe(0b10110);
    expect(bits.read(1)).toBe(1);
    expect(bits.overrun).toBe(false);
  });

  it("reads fields across bytes, up to 32 bits, and seeks to any bit", () => {
    const bits = new LsbBitReader(new Uint8Array([0x78, 0x56, 0x34, 0x12, 0xff]), 0);
    expect(bits.read(32)).toBe(0x12345678);
    bits.seek(4);
    expect(bits.read(12)).toBe(0x567);
    expect(new LsbBitReader(new Uint8Array([0, 0xf0]), 1).read(8)).toBe(0xf0);
  });

  it("gives zeros past the end and says so", () => {
    const bits = new LsbBitReader(new Uint8Array([0xff]));
    expect(bits.read(12)).toBe(0xff);
    expect(bits.overrun).toBe(true);
    const skipped = new LsbBitReader(new Uint8Array(2));
    skipped.skip(17);
    expect(skipped.overrun).toBe(true);
  });
});

describe("MsbBitReader", () => {
  it("reads a byte's high bits first, a field's first bit as its highest, and zeros past the end", () => {
    const bits = new MsbBitReader(new Uint8Array([0b1011_0110, 0b1000_0000]));
    expect(bits.read(3)).toBe(0b101);
    expect(bits.read(6)).toBe(0b10_1101);
    expect(bits.overrun).toBe(false);
    bits.skip(7);
    expect(bits.read(4)).toBe(0);
    expect(bits.overrun).toBe(true);
  });
});
