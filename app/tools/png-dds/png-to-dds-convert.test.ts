import { describe, expect, it } from "vitest";
import { decodeDds, parseDds } from "#codecs/dds/index.ts";
import { encodePng } from "#codecs/png/index.ts";
import { convertPngToDds } from "./png-to-dds-convert.ts";

/** A 24 × 20 gradient; alpha runs from 0 to 255 down the image (nearly transparent pixels included) unless opaque. */
function gradient(width = 24, height = 20, opaque = false) {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set([x * 10, y * 12, 255 - x * 5, opaque ? 255 : Math.round((255 * y) / (height - 1))], (y * width + x) * 4);
  }
  return { width, height, data };
}

describe("convertPngToDds", () => {
  it("keeps every pixel, alpha and the colour of nearly transparent pixels included, in uncompressed RGBA", () => {
    const image = gradient();
    const progress: number[] = [];
    const result = convertPngToDds(encodePng(image), { format: "rgba8", quality: "balanced", mipmaps: false }, (f) => progress.push(f));
    expect(result).toMatchObject({ format: "rgba8", width: 24, height: 20, mipCount: 1, check: { exact: true, psnr: Infinity } });
    expect(result.dds.length).toBe(128 + 24 * 20 * 4);
    expect(Array.from(result.dds.subarray(128))).toEqual(Array.from(image.data));
    expect(progress.at(-1)).toBe(1);
    expect(progress.toSorted((a, b) => a - b)).toEqual(progress);
  });

  it("writes block formats with the full mip chain and measures what they cost", () => {
    for (const format of ["bc1", "bc3", "bc7"] as const) {
      // BC1 has on/off alpha only: it gets an opaque image
      const image = gradient(32, 16, format === "bc1");
      const result = convertPngToDds(encodePng(image), { format, quality: "fast", mipmaps: true }, () => {});
      expect(parseDds(result.dds).mipCount).toBe(6);
      expect(result.mipCount).toBe(6);
      expect(result.check?.exact).toBe(false);
      expect(result.check?.psnr).toBeGreaterThan(30);
      expect(decodeDds(result.dds, { level: 5 })).toMatchObject({ width: 1, height: 1 });
    }
  });

  it("shows what BC1 costs a smooth alpha channel", () => {
    const result = convertPngToDds(encodePng(gradient(32, 16)), { format: "bc1", quality: "fast", mipmaps: false }, () => {});
    expect(result.check?.psnr).toBeLessThan(20);
  });

  it("refuses what is not PNG data with a message for the visitor", () => {
    const jpegStart = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
    expect(() => convertPngToDds(jpegStart, { format: "rgba8", quality: "fast", mipmaps: false }, () => {})).toThrow("JPEG image with a .png name");
    expect(() => convertPngToDds(new TextEncoder().encode("hello"), { format: "rgba8", quality: "fast", mipmaps: false }, () => {})).toThrow(/not a PNG file/);
    const cut = encodePng(gradient()).slice(0, 60);
    expect(() => convertPngToDds(cut, { format: "bc1", quality: "fast", mipmaps: false }, () => {})).toThrow(/truncated|damaged/);
  });
});
