// The fallback decode of AVIF files that strict decoders refuse, on real files from libavif's and
// link-u's test sets (tests/corpus/avif): the rebuilt file is accepted by libavif in strict mode
// (avifdec), and the pixels match libavif's or libheif's own decode of the original.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { WorkBudget } from "../common/work-budget.ts";
import { fuzzProperty } from "#tests/support/property.ts";
import { decodePng } from "#codecs/png/index.ts";
import type { RgbaImage } from "#codecs/image/rgba-image.ts";
import { AVIFDEC, HAVE_HEIF_CONVERT, HAVE_LIBAVIF_TOOLS, HEIF_CONVERT, IMAGEMAGICK } from "#tests/support/reference-tools.ts";
import { meanDifferenceOnWhite } from "#tests/support/pixel-difference.ts";
import { scratch } from "#tests/support/scratch.ts";
import { av1FrameSize } from "./av1-header.ts";
import { browserParts, decodeAvifPixels, joinParts } from "./decode.ts";
import { AvifError } from "./errors.ts";
import { readHeif } from "./heif.ts";
import { libavifDecoder } from "./libavif-wasm.ts";
import { rebuildPrimary } from "./rebuild.ts";
import { applyTransforms } from "./transforms.ts";

const CORPUS = new URL("../../tests/corpus/avif/", import.meta.url);
const corpusFile = (name: string) => new Uint8Array(readFileSync(new URL(name, CORPUS)));
const work = scratch("avif-decode-test");
afterAll(() => work.cleanup());

const HAVE_REFERENCES = HAVE_LIBAVIF_TOOLS && HAVE_HEIF_CONVERT;
if (!HAVE_REFERENCES) console.log(`Skipping the AVIF fallback decode checks: ${AVIFDEC} (libavif's tools) or ${HEIF_CONVERT} (libheif's) is not installed`);

/** libavif's own decode as 8-bit RGBA: strict by default, as the WebAssembly build is. */
function avifdec(bytes: Uint8Array, { strict = true } = {}): RgbaImage {
  const input = work.write("in.avif", bytes);
  const output = work.path("out.png");
  execFileSync(AVIFDEC, [...(strict ? [] : ["--no-strict"]), "--ignore-icc", "-d", "8", input, output], { stdio: "pipe" });
  execFileSync(IMAGEMAGICK, [output, "-depth", "8", `png32:${output}`]);
  return decodePng(readFileSync(output));
}

/** libheif's decode (heif-convert writes every top-level image, numbered, when a file has several: the first is the primary here). */
function heifConvert(bytes: Uint8Array): RgbaImage {
  const input = work.write("in.avif", bytes);
  rmSync(work.path("heif.png"), { force: true });
  rmSync(work.path("heif-1.png"), { force: true });
  execFileSync(HEIF_CONVERT, [input, work.path("heif.png")], { stdio: "pipe" });
  const output = existsSync(work.path("heif.png")) ? work.path("heif.png") : work.path("heif-1.png");
  execFileSync(IMAGEMAGICK, [output, "-depth", "8", `png32:${output}`]);
  return decodePng(readFileSync(output));
}


const wasm = WebAssembly.compile(readFileSync(createRequire(import.meta.url).resolve("@jsquash/avif/codec/dec/avif_dec.wasm"))).then((module) => libavifDecoder(module));

describe.skipIf(!HAVE_REFERENCES)("the rebuilt primary image", () => {
  it.each([
    // libheif 1.15 drops this alpha plane; libavif without its strict checks keeps it
    ["alpha_noispe.avif", "an alpha item without 'ispe'", "libavif"],
    ["sofa_grid1x5_420_dimg_repeat.avif", "a grid that lists one tile twice", "libheif"],
    ["plum-blossom-small.profile2.8bpc.yuv422.alpha-full.avif", "an alpha item without 'pixi'", "libheif"],
    ["draw_points_idat_metasize0.avif", "a 'meta' box of size 0 with its data in 'idat'", "libavif"],
  ])("%s (%s): libavif in strict mode accepts it, with the pixels %s decodes from the original", (name, _what, reader) => {
    const original = corpusFile(name);
    expect(() => avifdec(original)).toThrow(); // refused as it is
    const rebuilt = rebuildPrimary(readHeif(original)!)!;
    const decoded = avifdec(rebuilt.bytes);
    if (name.includes("metasize0")) {
      // neither reader opens the original; the same file with its 'meta' size written out is the reference
      const sized = original.slice();
      new DataView(sized.buffer).setUint32(0x20, sized.length - 0x20);
      expect(meanDifferenceOnWhite(decoded, avifdec(sized, { strict: false }))).toBe(0);
    } else if (reader === "libavif") {
      expect(meanDifferenceOnWhite(decoded, avifdec(original, { strict: false }))).toBe(0);
    } else {
      // libheif upsamples chroma its own way: within a step or two
      expect(meanDifferenceOnWhite(decoded, heifConvert(original))).toBeLessThan(1.5);
    }
  });

  it("drops the gain map: the base image of a gain-map file, exactly", () => {
    const original = corpusFile("color_grid_gainmap_different_grid.avif");
    const rebuilt = rebuildPrimary(readHeif(original)!)!;
    expect(new TextDecoder("latin1").decode(rebuilt.bytes)).not.toContain("tmap");
    expect(meanDifferenceOnWhite(avifdec(rebuilt.bytes), avifdec(original))).toBe(0);
  });

  it("reads the frame size from the AV1 sequence header when 'ispe' is missing", () => {
    const file = readHeif(corpusFile("white_1x1.avif"))!;
    expect(av1FrameSize(file.items.get(file.primaryId)!.data())).toEqual({ width: 1, height: 1 });
    const grid = readHeif(corpusFile("sofa_grid1x5_420.avif"))!;
    const tile = [...grid.items.values()].find((item) => item.type === "av01")!;
    expect(av1FrameSize(tile.data())).toEqual({ width: 1024, height: 154 });
  });
});

describe.skipIf(!HAVE_REFERENCES)("decodeAvifPixels with libavif in WebAssembly", () => {
  it.each([
    ["sofa_grid1x5_420.avif", 1],
    ["color_grid_alpha_nogrid.avif", 1],
    ["colors-animated-12bpc-keyframes-0-2-3.avif", 1],
  ])("%s: the pixels libavif's own decoder gives", async (name, tolerance) => {
    const bytes = corpusFile(name);
    expect(meanDifferenceOnWhite(await decodeAvifPixels(bytes, await wasm), avifdec(bytes, { strict: false }))).toBeLessThanOrEqual(tolerance);
  });

  it("an alpha item without 'pixi' (10-bit): the pixels libheif gives", async () => {
    const bytes = corpusFile("plum-blossom-small.profile0.10bpc.yuv420.alpha-full.avif");
    expect(meanDifferenceOnWhite(await decodeAvifPixels(bytes, await wasm), heifConvert(bytes))).toBeLessThan(1.5);
  });

  it("a grid whose tiles differ (one shared with the alpha grid): tile by tile, as libheif shows it", async () => {
    const image = await decodeAvifPixels(corpusFile("color_grid_alpha_grid_tile_shared_in_dimg.avif"), await wasm);
    expect([image.width, image.height]).toEqual([80, 80]);
    // libavif does not implement this file; its three ordinary tiles are those of the file without the shared tile
    const reference = avifdec(corpusFile("color_grid_alpha_nogrid.avif"));
    let differing = 0;
    for (let y = 0; y < 40; y++) for (let x = 0; x < 40; x++) if (Math.abs(image.data[(y * 80 + x) * 4]! - reference.data[(y * 80 + x) * 4]!) > 2) differing++;
    expect(differing).toBe(0);
  });

  it("image sequence with an alpha track: the first frame with its alpha", async () => {
    const bytes = corpusFile("star-8bpc-with-alpha.avifs");
    const image = await decodeAvifPixels(bytes, await wasm);
    expect(image.data[3]).toBe(0); // a transparent corner
    expect(meanDifferenceOnWhite(image, avifdec(bytes))).toBeLessThanOrEqual(1);
  });

  it("refuses AV1 data that no decoder can read, naming the problem", async () => {
    const bytes = corpusFile("white_1x1.avif").slice();
    const mdat = Buffer.from(bytes).indexOf("mdat");
    bytes.fill(0xff, mdat + 4);
    await expect(decodeAvifPixels(bytes, await wasm)).rejects.toThrow(AvifError);
    await expect(decodeAvifPixels(bytes, await wasm)).rejects.toThrow(/could not be decoded/);
  });
});

describe("browserParts", () => {
  it("splits a file with alpha into a colour image and a grey alpha image, transforms left to be applied by hand", () => {
    const parts = browserParts(corpusFile("abc_color_irot_alpha_irot.avif"))!;
    expect(parts.alpha).toBeDefined();
    expect(parts.transforms.map((t) => t.type)).toEqual(["irot"]);
    const plain = browserParts(corpusFile("sofa_grid1x5_420.avif"))!;
    expect(plain.alpha).toBeUndefined();
    expect(plain.transforms).toEqual([]);
  });

  it("joinParts takes the alpha from the grey image's red channel", () => {
    const color = { width: 2, height: 1, data: new Uint8ClampedArray([10, 20, 30, 255, 40, 50, 60, 255]) };
    const alpha = { width: 2, height: 1, data: new Uint8ClampedArray([7, 7, 7, 255, 200, 200, 200, 255]) };
    expect(Array.from(joinParts(color, alpha, []).data)).toEqual([10, 20, 30, 7, 40, 50, 60, 200]);
  });
});

// 3 × 2: pixels numbered 1..6 in their red channel
const image = () => ({ width: 3, height: 2, data: new Uint8ClampedArray([1, 2, 3, 4, 5, 6].flatMap((v) => [v, 0, 0, 255])) });
const reds = (out: RgbaImage) => Array.from({ length: out.width * out.height }, (_, i) => out.data[i * 4]);
const property = (type: string, ...content: number[]) => ({ type, essential: true, bytes: Uint8Array.of(0, 0, 0, 8 + content.length, ...Array.from(type, (c) => c.charCodeAt(0)), ...content) });

describe("applyTransforms", () => {
  it("irot turns anti-clockwise by quarter turns", () => {
    const out = applyTransforms(image(), [property("irot", 1)]);
    expect([out.width, out.height]).toEqual([2, 3]);
    expect(reds(out)).toEqual([3, 6, 2, 5, 1, 4]);
    expect(reds(applyTransforms(image(), [property("irot", 2)]))).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it("imir mode 0 swaps top and bottom, mode 1 left and right", () => {
    expect(reds(applyTransforms(image(), [property("imir", 0)]))).toEqual([4, 5, 6, 1, 2, 3]);
    expect(reds(applyTransforms(image(), [property("imir", 1)]))).toEqual([3, 2, 1, 6, 5, 4]);
  });

  it("clap crops the clean aperture around the centre", () => {
    // width 1/1, height 2/1, horizontal offset +1/1 (one right of centre), vertical 0
    const clap = property("clap", ...[1, 1, 2, 1, 1, 1, 0, 1].flatMap((v) => [0, 0, 0, v]));
    const out = applyTransforms(image(), [clap]);
    expect([out.width, out.height]).toEqual([1, 2]);
    expect(reds(out)).toEqual([3, 6]);
  });
});

describe("reading damaged files", () => {
  const samples = ["white_1x1.avif", "sofa_grid1x5_420.avif", "colors-animated-8bpc.avif", "color_grid_alpha_grid_gainmap_nogrid.avif"].map(corpusFile);
  it("throws nothing but AvifError, its work bounded by its input (fuzz)", () => {
    fuzzProperty(
      fc.property(
        fc.nat(samples.length - 1),
        fc.array(fc.tuple(fc.nat(4000), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }),
        fc.option(fc.nat(4000)),
        (which, edits, cut) => {
          const bytes = samples[which]!.slice(0, Math.min(samples[which]!.length, 4000));
          for (const [at, value] of edits) if (at < bytes.length) bytes[at] = value;
          const input = cut === null ? bytes : bytes.subarray(0, cut);
          const budget = new WorkBudget(10_000);
          try {
            browserParts(input, budget);
          } catch (error) {
            expect(error).toBeInstanceOf(AvifError);
          }
        },
      ),
      400,
    );
  });
});
