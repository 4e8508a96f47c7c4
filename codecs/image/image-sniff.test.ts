import { describe, expect, it } from "vitest";
import { sniffImage } from "./image-sniff.ts";

describe("sniffImage", () => {
  it("knows PNG and JPEG by their signatures, not their names", () => {
    expect(sniffImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("png");
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe("jpeg");
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe1]))).toBe("jpeg");
  });

  it("answers null for anything else, short files included", () => {
    expect(sniffImage(new Uint8Array([]))).toBeNull();
    expect(sniffImage(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(sniffImage(new TextEncoder().encode("GIF89a..."))).toBeNull();
    expect(sniffImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a]))).toBeNull();
  });
});
