import { readFileSync } from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { difference, HAVE_IMAGEMAGICK, magick, magickRgba, rgbaOnWhite, scratch } from "#tests/support/codecs/pdf/test-helpers.ts";
import { WorkBudget } from "../common/work-budget.ts";
import { decodeTiff, readTiff, TiffError } from "./index.ts";
import { fuzzProperty } from "#tests/support/property.ts";

if (!HAVE_IMAGEMAGICK) console.log("Skipping the TIFF tests that need fixtures: ImageMagick (convert-im6.q16) is not installed");

// Fixtures are made here by ImageMagick (libtiff) from a small synthetic picture, then decoded by
// both ImageMagick and our reader and compared pixel for pixel.
const work = scratch("tiff-test");
afterAll(() => work.cleanup());

interface Case {
  name: string;
  /** convert arguments between the source picture and the output file */
  args: string[];
  source?: "rgb" | "rgba";
  /** what the IFD must say */
  expect: { compression: number; photometric?: number; bitsPerSample?: number; samplesPerPixel?: number; planar?: 1 | 2; tiled?: boolean };
  /** largest allowed difference per channel against ImageMagick's decode (0: identical) */
  tolerance?: number;
  /** mean difference allowed (lossy JPEG) */
  meanTolerance?: number;
  output?: string;
}

const CASES: Case[] = [
  { name: "RGB 8-bit uncompressed", args: ["-depth", "8", "-compress", "None"], expect: { compression: 1, photometric: 2, bitsPerSample: 8, samplesPerPixel: 3 } },
  { name: "RGB 8-bit LZW", args: ["-depth", "8", "-compress", "LZW", "-define", "tiff:predictor=1"], expect: { compression: 5, bitsPerSample: 8 } },
  { name: "RGB 8-bit LZW with the horizontal predictor", args: ["-depth", "8", "-compress", "LZW", "-define", "tiff:predictor=2"], expect: { compression: 5 } },
  { name: "RGB 8-bit Deflate", args: ["-depth", "8", "-compress", "Zip"], expect: { compression: 8 } },
  { name: "RGB 8-bit PackBits", args: ["-depth", "8", "-compress", "RLE"], expect: { compression: 32773 } },
  { name: "RGB 8-bit JPEG", args: ["-depth", "8", "-compress", "JPEG", "-quality", "92"], expect: { compression: 7 }, tolerance: 40, meanTolerance: 1.5 },
  { name: "RGB 8-bit in many strips", args: ["-depth", "8", "-compress", "Zip", "-define", "tiff:rows-per-strip=5"], expect: { compression: 8 } },
  { name: "RGB 8-bit tiled", args: ["-depth", "8", "-compress", "LZW", "-define", "tiff:tile-geometry=32x32"], expect: { compression: 5, tiled: true } },
  { name: "RGB 8-bit planar (one plane per colour)", args: ["-depth", "8", "-compress", "LZW", "-interlace", "Plane"], expect: { compression: 5, planar: 2 } },
  { name: "RGB 16-bit Deflate, big-endian", args: ["-depth", "16", "-compress", "Zip", "-endian", "MSB"], expect: { compression: 8, bitsPerSample: 16 } },
  { name: "RGB 16-bit uncompressed, little-endian", args: ["-depth", "16", "-compress", "None", "-endian", "LSB"], expect: { compression: 1, bitsPerSample: 16 } },
  { name: "RGBA 8-bit (unassociated alpha)", source: "rgba", args: ["-depth", "8", "-compress", "LZW"], expect: { compression: 5, samplesPerPixel: 4 } },
  {
    name: "RGBA 8-bit (associated alpha)",
    source: "rgba",
    args: ["-depth", "8", "-compress", "Zip", "-define", "tiff:alpha=associated"],
    expect: { compression: 8, samplesPerPixel: 4 },
    // un-premultiplying a faint pixel amplifies the rounding of its stored values
    tolerance: 255,
    meanTolerance: 1,
  },
  { name: "grey 8-bit", args: ["-colorspace", "Gray", "-depth", "8", "-compress", "LZW"], expect: { compression: 5, photometric: 1, bitsPerSample: 8, samplesPerPixel: 1 } },
  // ImageMagick truncates 16-bit values to 8 bits, we round to the nearest: at most 1 apart
  { name: "grey 16-bit", args: ["-colorspace", "Gray", "-depth", "16", "-compress", "None"], expect: { compression: 1, photometric: 1, bitsPerSample: 16 }, tolerance: 1 },
  { name: "grey with alpha", source: "rgba", args: ["-colorspace", "Gray", "-depth", "8", "-compress", "Zip"], expect: { compression: 8, photometric: 1, samplesPerPixel: 2 } },
  { name: "grey JPEG", args: ["-colorspace", "Gray", "-depth", "8", "-compress", "JPEG"], expect: { compression: 7, photometric: 1, samplesPerPixel: 1 }, tolerance: 40, meanTolerance: 1.5 },
  { name: "palette, 16 colours (4-bit)", args: ["-colors", "16", "-type", "Palette", "-compress", "LZW"], expect: { compression: 5, photometric: 3, bitsPerSample: 4 }, tolerance: 1 },
  { name: "palette, 200 colours (8-bit)", args: ["-colors", "200", "-type", "Palette", "-compress", "RLE"], expect: { compression: 32773, photometric: 3, bitsPerSample: 8 }, tolerance: 1 },
  { name: "CMYK 8-bit", args: ["-colorspace", "CMYK", "-depth", "8", "-compress", "LZW"], expect: { compression: 5, photometric: 5, samplesPerPixel: 4 }, tolerance: 1 },
  { name: "bilevel uncompressed", args: ["-monochrome", "-depth", "1", "-compress", "None"], expect: { compression: 1, bitsPerSample: 1 } },
  { name: "bilevel PackBits", args: ["-monochrome", "-depth", "1", "-compress", "RLE"], expect: { compression: 32773, bitsPerSample: 1 } },
  { name: "bilevel LZW", args: ["-monochrome", "-depth", "1", "-compress", "LZW"], expect: { compression: 5, bitsPerSample: 1 } },
  { name: "bilevel CCITT G3 (T.4)", args: ["-monochrome", "-depth", "1", "-compress", "Fax"], expect: { compression: 3, bitsPerSample: 1 } },
  { name: "bilevel CCITT G3 2-D", args: ["-monochrome", "-depth", "1", "-compress", "Fax", "-define", "quantum:polarity=min-is-white", "-define", "tiff:fax-options=1"], expect: { compression: 3 } },
  { name: "bilevel CCITT G4 (T.6)", args: ["-monochrome", "-depth", "1", "-compress", "Group4"], expect: { compression: 4, bitsPerSample: 1 } },
  { name: "BigTIFF", args: ["-depth", "8", "-compress", "Zip"], output: "TIFF64", expect: { compression: 8 } },
];

const SIZE = { width: 96, height: 64 };
const files = new Map<string, string>();

beforeAll(() => {
  if (!HAVE_IMAGEMAGICK) return;
  const { width, height } = SIZE;
  magick(["-size", `${width}x${height}`, "-seed", "7", "plasma:fractal", "-depth", "8", work.path("rgb.png")]);
  magick([work.path("rgb.png"), "(", "-size", `${width}x${height}`, "gradient:white-black", ")", "-alpha", "off", "-compose", "CopyOpacity", "-composite", work.path("rgba.png")]);
  CASES.forEach((c, i) => {
    const out = work.path(`case-${i}.tif`);
    magick([work.path(`${c.source ?? "rgb"}.png`), ...c.args, c.output ? `${c.output}:${out}` : out]);
    files.set(c.name, out);
  });
});

describe.skipIf(!HAVE_IMAGEMAGICK)("TIFF pages decode like ImageMagick decodes them", () => {
  for (const c of CASES) {
    it(c.name, () => {
      const file = files.get(c.name)!;
      const bytes = work.read(file.slice(work.dir.length + 1));
      const structure = readTiff(bytes);
      expect(structure.pages).toHaveLength(1);
      const page = structure.pages[0]!;
      expect(page).toMatchObject(c.expect.tiled === undefined ? {} : { chunks: { tiled: c.expect.tiled } });
      const { tiled: _tiled, ...fields } = c.expect;
      expect(page).toMatchObject(fields);
      const [decoded] = decodeTiff(bytes);
      const reference = magickRgba(file);
      expect({ width: decoded!.width, height: decoded!.height }).toEqual({ width: reference.width, height: reference.height });
      const diff = difference(decoded!.data, reference.data);
      expect(diff.max, `largest difference (mean ${diff.mean.toFixed(3)})`).toBeLessThanOrEqual(c.tolerance ?? 0);
      if (c.meanTolerance !== undefined) expect(diff.mean).toBeLessThanOrEqual(c.meanTolerance);
    });
  }
});

describe.skipIf(!HAVE_IMAGEMAGICK)("pages and resolution", () => {
  it("reads every page of a multi-page file, each with its own size and resolution", () => {
    const { width, height } = SIZE;
    magick(["-units", "PixelsPerInch", "-density", "300", work.path("rgb.png"), "-compress", "LZW", work.path("p1.tif")]);
    magick(["-units", "PixelsPerInch", "-density", "96", work.path("rgb.png"), "-resize", "40x50!", "-colorspace", "Gray", "-compress", "Zip", work.path("p2.tif")]);
    magick(["-units", "PixelsPerCentimeter", "-density", "40", work.path("rgb.png"), "-resize", "20x10!", "-monochrome", "-depth", "1", "-compress", "Group4", work.path("p3.tif")]);
    magick([work.path("p1.tif"), work.path("p2.tif"), work.path("p3.tif"), work.path("multi.tif")]);
    const bytes = work.read("multi.tif");
    const { pages } = readTiff(bytes);
    expect(pages.map((p) => [p.width, p.height])).toEqual([
      [width, height],
      [40, 50],
      [20, 10],
    ]);
    expect(pages[0]!.dpiX).toBeCloseTo(300, 3);
    expect(pages[1]!.dpiY).toBeCloseTo(96, 3);
    expect(pages[2]!.dpiX).toBeCloseTo(101.6, 3); // 40 pixels per centimetre
    const decoded = decodeTiff(bytes);
    decoded.forEach((page, i) => {
      const reference = magickRgba(`${work.path("multi.tif")}[${i}]`);
      expect(difference(page.data, reference.data).max, `page ${i + 1}`).toBe(0);
    });
  });

  it("defaults to 72 dpi without resolution tags, and reports progress over all pages", () => {
    const bytes = handMadeTiff({ width: 3, height: 2, pixels: [0, 255, 0, 255, 0, 255] });
    const fractions: number[] = [];
    const [page] = decodeTiff(bytes, { onProgress: (f) => fractions.push(f) });
    expect(page).toMatchObject({ width: 3, height: 2, dpiX: 72, dpiY: 72 });
    expect([...page!.data.subarray(0, 8)]).toEqual([0, 0, 0, 255, 255, 255, 255, 255]);
    expect(fractions.at(-1)).toBe(1);
  });
});

/** A minimal little-endian grey 8-bit TIFF, one strip, no resolution, with overridable tags. */
function handMadeTiff(spec: { width: number; height: number; pixels: number[]; tags?: Record<number, [type: number, values: number[]]>; nextIfd?: number }): Uint8Array {
  const tags = new Map<number, [number, number[]]>([
    [256, [3, [spec.width]]],
    [257, [3, [spec.height]]],
    [258, [3, [8]]],
    [259, [3, [1]]],
    [262, [3, [1]]],
    [273, [4, [0]]], // patched below
    [277, [3, [1]]],
    [278, [3, [spec.height]]],
    [279, [4, [spec.pixels.length]]],
  ]);
  for (const [tag, value] of Object.entries(spec.tags ?? {})) tags.set(Number(tag), value);
  const sorted = [...tags.entries()].toSorted((a, b) => a[0] - b[0]);
  const ifdSize = 2 + sorted.length * 12 + 4;
  const dataOffset = 8 + ifdSize;
  if (!spec.tags?.[273]) tags.set(273, [4, [dataOffset]]);
  const out = new Uint8Array(dataOffset + spec.pixels.length);
  const v = new DataView(out.buffer);
  out.set([0x49, 0x49, 42, 0]);
  v.setUint32(4, 8, true);
  v.setUint16(8, sorted.length, true);
  sorted.forEach(([tag], i) => {
    const [type, values] = tags.get(tag)!;
    const e = 10 + i * 12;
    v.setUint16(e, tag, true);
    v.setUint16(e + 2, type, true);
    v.setUint32(e + 4, values.length, true);
    if (type === 3) values.slice(0, 2).forEach((x, k) => v.setUint16(e + 8 + k * 2, x, true));
    else v.setUint32(e + 8, values[0] ?? 0, true);
  });
  v.setUint32(10 + sorted.length * 12, spec.nextIfd ?? 0, true);
  out.set(spec.pixels, dataOffset);
  return out;
}

function expectTiffError(bytes: Uint8Array, code?: string, message?: RegExp, budget?: WorkBudget): TiffError {
  try {
    decodeTiff(bytes, { budget });
  } catch (error) {
    expect(error).toBeInstanceOf(TiffError);
    if (code) expect((error as TiffError).code).toBe(code);
    if (message) expect((error as TiffError).message).toMatch(message);
    return error as TiffError;
  }
  throw new Error("expected a TiffError");
}

describe("bad input", () => {
  it("refuses files that are not TIFF", () => {
    expectTiffError(new Uint8Array(0), "bad-magic");
    expectTiffError(new TextEncoder().encode("GIF89a, not a tiff at all"), "bad-magic", /not a TIFF file/);
    expectTiffError(new Uint8Array([0x49, 0x49, 41, 0, 8, 0, 0, 0]), "bad-magic", /version number is 41/);
  });

  it("refuses a page above 16384 pixels a side before decoding it", () => {
    const error = expectTiffError(handMadeTiff({ width: 16385, height: 2, pixels: [1, 2] }), "too-large", /16385 × 2 pixels; this tool converts images up to 16384/);
    expect(error.message).toMatch(/^Page 1 /);
  });

  it("refuses a page above 1 GiB decoded before decoding it", () => {
    // 16384 × 16384 RGBA at 16 bits a sample: 2 GiB of samples, refused from the tags alone
    const bytes = handMadeTiff({ width: 16384, height: 16384, pixels: [1], tags: { 258: [3, [16]], 262: [3, [2]], 277: [3, [4]], 338: [3, [2]] } });
    expectTiffError(bytes, "too-large", /more than 1 GiB/);
  });

  it("names an unsupported compression", () => {
    expectTiffError(handMadeTiff({ width: 2, height: 2, pixels: [1, 2, 3, 4], tags: { 259: [3, [34712]] } }), "unsupported", /JPEG 2000/);
    expectTiffError(handMadeTiff({ width: 2, height: 2, pixels: [1, 2, 3, 4], tags: { 259: [3, [50000]] } }), "unsupported", /Zstandard/);
  });

  it("names an unsupported colour model", () => {
    expectTiffError(handMadeTiff({ width: 2, height: 2, pixels: [1, 2, 3, 4], tags: { 262: [3, [32844]] } }), "unsupported", /LogL/);
  });

  it("stops at an IFD chain that loops, keeping the pages before it, and says so (as libtiff does)", () => {
    const bytes = handMadeTiff({ width: 2, height: 2, pixels: [1, 2, 3, 4], nextIfd: 8 });
    expect(decodeTiff(bytes)).toHaveLength(1);
    expect(readTiff(bytes).notes.join(" ")).toMatch(/loops back/);
  });

  it("counts its work in bytes of samples and refuses a file that needs more than its budget", () => {
    // a 4 × 4 grey page in one strip: 16 bytes for the page, 16 for the strip
    const bytes = handMadeTiff({ width: 4, height: 4, pixels: Array.from({ length: 16 }, (_, i) => i * 16) });
    const budget = new WorkBudget(32);
    expect(decodeTiff(bytes, { budget })[0]!.width).toBe(4);
    expect(budget.spent).toBe(32);
    const error = expectTiffError(bytes, "too-much-work", /more work than this tool allows/, new WorkBudget(31));
    expect(error.message).toMatch(/over 31 bytes/);
  });

  it("calls a file truncated in its pixel data truncated", () => {
    const whole = handMadeTiff({ width: 4, height: 4, pixels: Array.from({ length: 16 }, (_, i) => i * 16) });
    expectTiffError(whole.subarray(0, whole.length - 3), "truncated", /truncated/);
  });

  it.skipIf(!HAVE_IMAGEMAGICK)("every prefix of a real file fails with a TiffError, or decodes to the whole file's pixels", () => {
    for (const name of ["RGB 8-bit LZW", "bilevel CCITT G4 (T.6)", "RGB 8-bit JPEG", "RGB 8-bit tiled"]) {
      const bytes = work.read(files.get(name)!.slice(work.dir.length + 1));
      const [whole] = decodeTiff(bytes);
      for (let n = 0; n < bytes.length; n += Math.max(1, Math.floor(bytes.length / 300))) {
        let pages;
        try {
          pages = decodeTiff(bytes.subarray(0, n));
        } catch (error) {
          expect(error, `${name}, ${n} bytes`).toBeInstanceOf(TiffError);
          continue;
        }
        // only the tags we do not read (software name...) may be missing
        expect(pages, `${name}, ${n} of ${bytes.length} bytes`).toHaveLength(1);
        expect(difference(pages[0]!.data, whole!.data).max).toBe(0);
      }
    }
  });
});

/** Work units (bytes of samples) a fuzzed file may cost: far above the seeds' 96 × 64 pages, far below a declared 16384² page. */
const FUZZ_BUDGET = 1 << 22;

/** Decodes within FUZZ_BUDGET; returns normally or throws only TiffError, and a refusal for work is honest. */
function onlyTiffErrors(bytes: Uint8Array): void {
  const budget = new WorkBudget(FUZZ_BUDGET);
  try {
    for (const page of decodeTiff(bytes, { budget })) expect(page.data.length).toBe(page.width * page.height * 4);
    expect(budget.spent).toBeLessThanOrEqual(FUZZ_BUDGET);
  } catch (error) {
    if (!(error instanceof TiffError)) throw error;
    expect(error.message.length).toBeGreaterThan(0);
    if (error.code === "too-much-work") expect(budget.spent).toBeGreaterThan(FUZZ_BUDGET);
  }
}

describe("robustness (fast-check)", () => {
  it("random bytes, with and without a TIFF header, only ever throw TiffError (fuzz)", () => {
    fuzzProperty(
      fc.property(fc.uint8Array({ maxLength: 600 }), fc.constantFrom("none", "II", "MM", "big"), (bytes, header) => {
        if (header !== "none" && bytes.length >= 8) {
          const le = header !== "MM";
          bytes.set(le ? [0x49, 0x49] : [0x4d, 0x4d]);
          const v = new DataView(bytes.buffer, bytes.byteOffset);
          v.setUint16(2, header === "big" ? 43 : 42, le);
          if (header === "big" && bytes.length >= 16) {
            v.setUint16(4, 8, le);
            v.setUint16(6, 0, le);
          }
        }
        onlyTiffErrors(bytes);
      }),
      300,
    );
  });

  it.skipIf(!HAVE_IMAGEMAGICK)("real files with flipped bytes, overwritten words and truncation only ever throw TiffError (fuzz)", () => {
    const seeds = ["RGB 8-bit LZW with the horizontal predictor", "RGB 8-bit PackBits", "RGB 8-bit Deflate", "RGB 8-bit JPEG", "RGB 8-bit tiled", "bilevel CCITT G4 (T.6)", "bilevel CCITT G3 (T.4)", "palette, 16 colours (4-bit)", "RGB 16-bit Deflate, big-endian", "BigTIFF"].map((name) =>
      work.read(files.get(name)!.slice(work.dir.length + 1)),
    );
    const edit = fc.oneof(
      fc.record({ kind: fc.constant("flip" as const), at: fc.nat(), value: fc.integer({ min: 1, max: 255 }) }),
      fc.record({ kind: fc.constant("word" as const), at: fc.nat(), value: fc.oneof(fc.nat(20), fc.constantFrom(0, 1, 0xffff, 0xffffffff, 16384, 16385, 65536), fc.nat()) }),
    );
    fuzzProperty(
      fc.property(fc.nat(seeds.length - 1), fc.array(edit, { minLength: 1, maxLength: 6 }), fc.option(fc.nat(), { nil: undefined }), fc.boolean(), (which, edits, cut, nearIfd) => {
        const bytes = seeds[which]!.slice();
        const view = new DataView(bytes.buffer);
        // ImageMagick writes the IFD at the end: aim half of the edits there, where the tags are
        const ifd = view.getUint32(4, bytes[0] === 0x49);
        for (const e of edits) {
          const base = nearIfd && ifd < bytes.length ? ifd : 0;
          const at = base + (e.at % Math.max(1, bytes.length - base));
          if (e.kind === "flip") bytes[at] = bytes[at]! ^ e.value;
          else if (at + 4 <= bytes.length) view.setUint32(at, e.value >>> 0, bytes[0] === 0x49);
        }
        onlyTiffErrors(cut === undefined ? bytes : bytes.subarray(0, cut % (bytes.length + 1)));
      }),
      300,
    );
  });
});

describe.skipIf(!HAVE_IMAGEMAGICK)("the Orientation tag", () => {
  // ImageMagick's -orient writes the tag and leaves the stored pixels alone; -auto-orient then
  // turns its own decode upright, which is what our pages must show.
  it.each([
    ["TopRight", 2],
    ["BottomRight", 3],
    ["BottomLeft", 4],
    ["LeftTop", 5],
    ["RightTop", 6],
    ["RightBottom", 7],
    ["LeftBottom", 8],
  ])("%s (%i): the page is upright, its resolution turned with it", (orient, tag) => {
    const file = work.path(`orient-${orient}.tif`);
    magick([work.path("rgb.png"), "-units", "PixelsPerInch", "-density", "100x200", "-orient", orient, "-compress", "LZW", file]);
    const upright = work.path(`orient-${orient}-upright.png`);
    magick([file, "-auto-orient", upright]);
    const expected = magickRgba(upright);
    const bytes = new Uint8Array(readFileSync(file));
    expect(readTiff(bytes).pages[0]!.orientation).toBe(tag);
    const [page] = decodeTiff(bytes);
    expect([page!.width, page!.height]).toEqual([expected.width, expected.height]);
    expect(difference(page!.data, expected.data).max).toBe(0);
    const turned = page!.width !== SIZE.width;
    expect([page!.dpiX, page!.dpiY]).toEqual(turned ? [200, 100] : [100, 200]);
  });
});

/** The file with its ExtraSamples tag (338) renamed to an unknown private tag, as if it had none. */
function withoutExtraSamples(bytes: Uint8Array): Uint8Array {
  const out = bytes.slice();
  const view = new DataView(out.buffer);
  const le = out[0] === 0x49;
  const ifd = view.getUint32(4, le);
  const count = view.getUint16(ifd, le);
  let renamed = false;
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (view.getUint16(entry, le) === 338) {
      view.setUint16(entry, 65000, le);
      renamed = true;
    }
  }
  if (!renamed) throw new Error("the fixture has no ExtraSamples tag");
  return out;
}

const alphaOf = (data: Uint8Array | Uint8ClampedArray) => data.filter((_, i) => i % 4 === 3);

describe.skipIf(!HAVE_IMAGEMAGICK)("JPEG-compressed pages with four samples", () => {
  // ImageMagick 6 reads a JPEG-compressed RGBA TIFF through libtiff's RGBA interface, which
  // multiplies the colours by alpha and never divides them back: its colours are darker than the
  // file's wherever alpha is partial. So the colours are compared with the picture the file was made
  // from (within JPEG's loss, on white as a viewer shows them); ImageMagick's alpha is exact.
  const jpeg = ["-depth", "8", "-compress", "JPEG", "-quality", "92"];
  it.each([
    ["unassociated alpha", [], 2, 1],
    ["unassociated alpha in separate planes", ["-interlace", "Plane"], 2, 2],
    ["associated alpha", ["-define", "tiff:alpha=associated"], 1, 1],
    ["no ExtraSamples tag (the fourth sample read as unassociated alpha)", [], undefined, 1],
  ] as const)("RGBA, %s", (name, args, extra, planar) => {
    const file = work.path(`jpeg-rgba-${name.replace(/\W+/g, "-")}.tif`);
    magick([work.path("rgba.png"), ...jpeg, ...args, file]);
    const made = new Uint8Array(readFileSync(file));
    const bytes = extra === undefined ? withoutExtraSamples(made) : made;
    const page = readTiff(bytes).pages[0]!;
    expect(page).toMatchObject({ compression: 7, photometric: 2, samplesPerPixel: 4, planar, extraSamples: extra === undefined ? [] : [extra] });
    const [decoded] = decodeTiff(bytes);
    const source = magickRgba(work.path("rgba.png"));
    const onWhite = difference(rgbaOnWhite(decoded!.data), rgbaOnWhite(source.data));
    expect(onWhite.max, `mean ${onWhite.mean.toFixed(3)}`).toBeLessThanOrEqual(24);
    expect(onWhite.mean).toBeLessThanOrEqual(2.5);
    expect(difference(alphaOf(decoded!.data), alphaOf(magickRgba(file).data)).max).toBe(0);
    expect(difference(alphaOf(decoded!.data), alphaOf(source.data)).max).toBeLessThanOrEqual(2);
  });

  it("CMYK: the inks are read as stored, not inverted as in Adobe's CMYK JPEG files", () => {
    const file = work.path("jpeg-cmyk.tif");
    magick([work.path("rgb.png"), "-colorspace", "CMYK", ...jpeg, file]);
    const bytes = new Uint8Array(readFileSync(file));
    expect(readTiff(bytes).pages[0]).toMatchObject({ compression: 7, photometric: 5, samplesPerPixel: 4 });
    const [decoded] = decodeTiff(bytes);
    const diff = difference(decoded!.data, magickRgba(file).data);
    expect(diff.max, `mean ${diff.mean.toFixed(3)}`).toBeLessThanOrEqual(4);
    expect(diff.mean).toBeLessThanOrEqual(0.2);
  });
});

describe.skipIf(!HAVE_IMAGEMAGICK)("FillOrder 2 (the first pixel in each byte's lowest bit)", () => {
  // libtiff bit-reverses the stored bytes before any decompressor but the fax and JPEG ones
  it.each([
    ["bilevel uncompressed", ["-monochrome", "-depth", "1", "-compress", "None"]],
    ["bilevel PackBits", ["-monochrome", "-depth", "1", "-compress", "RLE"]],
    ["bilevel LZW", ["-monochrome", "-depth", "1", "-compress", "LZW"]],
    ["bilevel CCITT G4", ["-monochrome", "-depth", "1", "-compress", "Group4"]],
    ["RGB 8-bit Deflate", ["-depth", "8", "-compress", "Zip"]],
    ["RGB 8-bit JPEG", ["-depth", "8", "-compress", "JPEG", "-quality", "92"]],
  ])("%s decodes as ImageMagick decodes it", (name, args) => {
    const file = work.path(`fill-order-${name.replace(/\W+/g, "-")}.tif`);
    magick([work.path("rgb.png"), ...args, "-define", "tiff:fill-order=lsb", file]);
    const bytes = new Uint8Array(readFileSync(file));
    expect(readTiff(bytes).pages[0]!.fillOrder).toBe(2);
    const [decoded] = decodeTiff(bytes);
    const diff = difference(decoded!.data, magickRgba(file).data);
    expect(diff.max, `mean ${diff.mean.toFixed(3)}`).toBeLessThanOrEqual(name.includes("JPEG") ? 40 : 0);
    expect(diff.mean).toBeLessThanOrEqual(1.5);
  });
});

describe.skipIf(!HAVE_IMAGEMAGICK)("the floating-point predictor (3) on 32-bit float samples", () => {
  const float = ["-depth", "32", "-define", "quantum:format=floating-point", "-define", "tiff:predictor=3"];
  it.each([
    ["RGB, Deflate, little-endian", ["-compress", "Zip", "-endian", "LSB"], 0],
    // ImageMagick's grey from float is 1 step off ours here with or without the predictor
    ["grey, LZW, big-endian", ["-colorspace", "Gray", "-compress", "LZW", "-endian", "MSB"], 1],
  ] as const)("%s decodes as ImageMagick decodes it", (name, args, tolerance) => {
    const file = work.path(`float-predictor-${name.replace(/\W+/g, "-")}.tif`);
    magick([work.path("rgb.png"), ...args, ...float, file]);
    const bytes = new Uint8Array(readFileSync(file));
    expect(readTiff(bytes).pages[0]).toMatchObject({ predictor: 3, sampleFormat: 3, bitsPerSample: 32 });
    const [decoded] = decodeTiff(bytes);
    const diff = difference(decoded!.data, magickRgba(file).data);
    expect(diff.max, `mean ${diff.mean.toFixed(3)}`).toBeLessThanOrEqual(tolerance);
  });

  it("is refused, named, on integer samples", () => {
    const bytes = handMadeTiff({ width: 2, height: 2, pixels: [1, 2, 3, 4], tags: { 317: [3, [3]] } });
    expectTiffError(bytes, "corrupt", /floating-point predictor/);
  });
});
