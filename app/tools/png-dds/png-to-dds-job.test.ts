import { describe, expect, it } from "vitest";
import { encodeDds, type DdsEncodeFormat } from "#codecs/dds/index.ts";
import { blockSizeNote, ddsFileSize, expectedOutput, formatPsnr, levelCount, qualityHint, resultRows } from "./png-to-dds-job.ts";

const FORMATS: DdsEncodeFormat[] = ["rgba8", "bc1", "bc3", "bc7"];

describe("DDS sizes", () => {
  it("predicts exactly the bytes encodeDds writes, with and without mipmaps", () => {
    for (const [width, height] of [[1, 1], [5, 3], [16, 8], [37, 21]] as const) {
      const image = { width, height, data: new Uint8Array(width * height * 4).fill(200) };
      for (const format of FORMATS) {
        for (const mipmaps of [false, true]) {
          const written = encodeDds(image, { format, mipmaps, quality: "fast" }).length;
          expect(ddsFileSize(format, width, height, mipmaps), `${format} ${width}x${height} mipmaps=${mipmaps}`).toBe(written);
        }
      }
    }
  });

  it("counts the full chain down to 1 × 1", () => {
    expect(levelCount(512, 512, true)).toBe(10);
    expect(levelCount(300, 7, true)).toBe(9);
    expect(levelCount(512, 512, false)).toBe(1);
  });

  it("writes the spec's file by default: a 128-byte header and the raw pixels", () => {
    expect(ddsFileSize("rgba8", 10, 10, false)).toBe(128 + 400);
    expect(expectedOutput("rgba8", 10, 10, false)).toBe("Output: 10 × 10, 1 mip level, 528 bytes.");
    expect(expectedOutput("bc7", 512, 512, true)).toBe("Output: 512 × 512, 10 mip levels, 342 KB.");
  });
});

describe("texts", () => {
  it("says that best BC7 is slow", () => {
    expect(qualityHint("bc7", "best")).toContain("slow");
    expect(qualityHint("rgba8", "best")).toContain("lossless");
    expect(qualityHint("bc1", "fast")).not.toContain("slow");
  });

  it("notes sides that are not multiples of 4 for block formats only", () => {
    expect(blockSizeNote("bc1", 30, 32)).toContain("30 × 32");
    expect(blockSizeNote("rgba8", 30, 32)).toBe("");
    expect(blockSizeNote("bc7", 64, 32)).toBe("");
  });

  it("summarises the output", () => {
    const base = { format: "bc7" as const, width: 64, height: 32, mipCount: 7 };
    expect(resultRows({ ...base, check: { exact: false, psnr: 44.04 } }, 2048 + 148)).toEqual([
      { label: "Format", value: "BC7 (DX10 header)" },
      { label: "Dimensions", value: "64 × 32" },
      { label: "Mip levels", value: "7" },
      { label: "File size", value: "2.1 KB" },
      { label: "Read back", value: "PSNR 44.0 dB against the PNG (colour weighted by alpha)" },
    ]);
    const exact = resultRows({ ...base, format: "rgba8", mipCount: 1, check: { exact: true, psnr: Infinity } }, 128 + 8192);
    expect(exact[0]).toEqual({ label: "Format", value: "Uncompressed RGBA" });
    expect(exact.at(-1)).toEqual({ label: "Read back", value: "Every pixel equals the PNG's, alpha included" });
    expect(resultRows({ ...base, check: null }, 100)).toHaveLength(4);
  });
});

describe("formatPsnr", () => {
  it("shows one decimal, or 'lossless' for identical colours", () => {
    expect(formatPsnr(10 * Math.log10((255 * 255 * 6) / 100))).toBe("35.9 dB");
    expect(formatPsnr(Infinity)).toBe("lossless");
  });
});
