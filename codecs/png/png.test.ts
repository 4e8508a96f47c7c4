import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { scratch } from "#tests/support/scratch.ts";
import type { RgbaImage } from "../image/rgba-image.ts";
import { HAVE_IMAGEMAGICK, IMAGEMAGICK } from "#tests/support/codecs/dds/test-helpers.ts";
import { WorkBudget } from "../common/work-budget.ts";
import { decodePng, encodePng, PngError } from "./index.ts";
import { fuzzProperty } from "#tests/support/property.ts";

/** Bytes inflated before a stream that holds too much is refused: the history window, one band and one symbol's overrun (./inflate.ts). */
const ONE_BAND = (1 << 15) + (1 << 18) + 266;
/** The most deflate produces from one input byte (./decode.ts). */
const MAX_INFLATE_RATIO = 1032;

const work = scratch("png-test");
const dir = work.dir;
afterAll(() => work.cleanup());
if (!HAVE_IMAGEMAGICK) console.log(`Skipping the ImageMagick cross-checks of the PNG codec: ${IMAGEMAGICK} is not installed (Debian imagemagick)`);

/** A deterministic test picture: gradients, a hard edge and noise; alpha varies when `alpha`. */
function picture(width: number, height: number, alpha: boolean): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  let seed = 7;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const i = (y * width + x) * 4;
      data[i] = (x * 255) / Math.max(1, width - 1);
      data[i + 1] = x > width / 2 ? 200 : (y * 255) / Math.max(1, height - 1);
      data[i + 2] = seed >>> 24;
      data[i + 3] = alpha ? (x + y * 3) & 255 : 255;
    }
  }
  return { width, height, data };
}

/** ImageMagick's own RGBA8 reading of a file. */
function imageMagickRgba(file: string): Uint8Array {
  return new Uint8Array(execFileSync(IMAGEMAGICK, [file, "-depth", "8", "rgba:-"], { maxBuffer: 1 << 28 }));
}

function write(name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

describe("encodePng", () => {
  it.each([
    [1, 1, false, 1],
    [7, 5, true, 1],
    [64, 33, false, 0],
    [64, 33, true, 6],
    [300, 200, true, 9],
  ])("%i × %i (alpha %s, level %i) decodes back to the same pixels", (width, height, alpha, level) => {
    const image = picture(width, height, alpha);
    const png = encodePng(image, { level });
    const back = decodePng(png);
    expect([back.width, back.height]).toEqual([width, height]);
    expect(Buffer.from(back.data).equals(Buffer.from(image.data))).toBe(true);
  });

  it.each([false, true])("encodes pixels that start at an odd offset in their buffer (alpha %s)", (alpha) => {
    const image = picture(31, 9, alpha);
    const shifted = new Uint8Array(image.data.length + 1).subarray(1);
    shifted.set(image.data);
    const back = decodePng(encodePng({ width: 31, height: 9, data: shifted }));
    expect(Buffer.from(back.data).equals(Buffer.from(image.data))).toBe(true);
  });

  it("writes RGB when every pixel is opaque and RGBA otherwise", () => {
    expect(encodePng(picture(8, 8, false))[25]).toBe(2);
    expect(encodePng(picture(8, 8, true))[25]).toBe(6);
  });

  it("splits large streams into several IDAT chunks", () => {
    const png = encodePng(picture(1024, 1024, true), { level: 0 });
    const text = Buffer.from(png).toString("latin1");
    expect(text.split("IDAT").length - 1).toBeGreaterThan(1);
    expect(Buffer.from(decodePng(png).data).equals(Buffer.from(picture(1024, 1024, true).data))).toBe(true);
  });

  it("reports progress that rises to 1", () => {
    const seen: number[] = [];
    encodePng(picture(512, 2048, false), { onProgress: (f) => seen.push(f) });
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.every((f, i) => i === 0 || f >= seen[i - 1]!)).toBe(true);
    expect(seen.at(-1)).toBe(1);
  });

  it("refuses an empty image, a wrong data length and a bad level with PngError", () => {
    expect(() => encodePng({ width: 0, height: 4, data: new Uint8Array(0) })).toThrow(PngError);
    expect(() => encodePng({ width: 2, height: 2, data: new Uint8Array(15) })).toThrow(/16 of 2 × 2/);
    expect(() => encodePng(picture(2, 2, false), { level: 12 })).toThrow(/0 to 9/);
  });

  it.skipIf(!HAVE_IMAGEMAGICK).each([false, true])("ImageMagick reads our PNG (alpha %s) as the same pixels", (alpha) => {
    const image = picture(123, 77, alpha);
    const file = write(`ours-${alpha}.png`, encodePng(image));
    expect(Buffer.from(imageMagickRgba(file)).equals(Buffer.from(image.data))).toBe(true);
  });
});

describe.skipIf(!HAVE_IMAGEMAGICK)("decodePng on ImageMagick's PNGs of every kind", () => {
  const source = write("source.png", encodePng(picture(37, 29, true)));
  const variants: [string, string[], number][] = [
    ["palette with transparency", ["-colors", "60", "PNG8:"], 0],
    ["1-bit grey", ["-colorspace", "Gray", "-threshold", "50%", "-depth", "1", "-define", "png:color-type=0", "PNG:"], 0],
    ["2-bit grey", ["-alpha", "off", "-colorspace", "Gray", "-depth", "2", "-define", "png:bit-depth=2", "-define", "png:color-type=0", "PNG:"], 0],
    ["4-bit grey", ["-alpha", "off", "-colorspace", "Gray", "-depth", "4", "-define", "png:bit-depth=4", "-define", "png:color-type=0", "PNG:"], 0],
    ["8-bit grey and alpha", ["-colorspace", "Gray", "PNG32:"], 0],
    ["16-bit grey", ["-alpha", "off", "-colorspace", "Gray", "-depth", "16", "-define", "png:color-type=0", "PNG:"], 1],
    ["16-bit RGB", ["-alpha", "off", "-depth", "16", "PNG48:"], 1],
    ["16-bit RGBA", ["-depth", "16", "PNG64:"], 1],
    ["8-bit RGB, Adam7 interlaced", ["-alpha", "off", "-interlace", "PNG", "PNG24:"], 0],
    ["8-bit RGBA, Adam7 interlaced", ["-interlace", "PNG", "PNG32:"], 0],
    ["1-bit palette, Adam7 interlaced", ["-alpha", "off", "-colors", "2", "-interlace", "PNG", "PNG8:"], 0],
  ];
  it.each(variants)("%s", (name, args, tolerance) => {
    const prefix = args.at(-1)!;
    const file = join(dir, `${name.replace(/\W+/g, "-")}.png`);
    execFileSync(IMAGEMAGICK, [source, ...args.slice(0, -1), `${prefix}${file}`]);
    const ours = decodePng(readFileSync(file));
    const theirs = imageMagickRgba(file);
    expect(ours.data.length).toBe(theirs.length);
    let worst = 0;
    for (let i = 0; i < theirs.length; i++) worst = Math.max(worst, Math.abs(ours.data[i]! - theirs[i]!));
    expect(worst).toBeLessThanOrEqual(tolerance);
  });
});

describe("decodePng on bad input", () => {
  const good = encodePng(picture(40, 30, true));

  it("names what is wrong", () => {
    expect(() => decodePng(new TextEncoder().encode("GIF89a not a png at all, really"))).toThrow(/not a PNG file/);
    expect(() => decodePng(good.subarray(0, 20))).toThrow(/truncated/);
    expect(() => decodePng(good.subarray(0, good.length - 40))).toThrow(PngError);
  });

  it("refuses a header above 16384 px a side before decoding", () => {
    const huge = good.slice();
    new DataView(huge.buffer).setUint32(16, 20000);
    expect(() => decodePng(huge)).toThrow(/20000 × 30 pixels; the limit is 16384/);
    new DataView(huge.buffer).setUint32(16, 0);
    expect(() => decodePng(huge)).toThrow(/empty image/);
  });

  it("throws nothing but PngError, its work bounded by its input, for random and mutated files (fuzz)", () => {
    fuzzProperty(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 200 }),
          fc.array(fc.tuple(fc.nat(good.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }).map((edits) => {
            const bytes = good.slice();
            for (const [at, value] of edits) bytes[at] = value;
            return bytes;
          }),
          fc.nat(good.length).map((n) => good.slice(0, n)),
        ),
        (bytes) => {
          // the work done is bounded by the input: what its bytes can inflate to, plus one band
          const budget = new WorkBudget();
          try {
            decodePng(bytes, { budget });
          } catch (error) {
            expect(error).toBeInstanceOf(PngError);
          }
          expect(budget.spent).toBeLessThanOrEqual(MAX_INFLATE_RATIO * bytes.length + ONE_BAND);
        },
      ),
      400,
    );
  });
});
