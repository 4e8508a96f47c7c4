import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { difference, HAVE_IMAGEMAGICK, magick, magickRgba, rgbaOnWhite, scratch } from "#tests/support/codecs/pdf/test-helpers.ts";
import { WorkBudget } from "../common/work-budget.ts";
import { decodePsb, PsbError, readPsbStructure } from "./index.ts";
import { mattesWithWhite, unmatteFromWhite } from "./matte.ts";
import { fuzzProperty } from "#tests/support/property.ts";
import { psdFixture } from "#tests/support/psd-fixture.ts";

if (!HAVE_IMAGEMAGICK) console.log("Skipping the PSB/PSD tests against ImageMagick: convert-im6.q16 is not installed");

const work = scratch("psb-test");
afterAll(() => work.cleanup());

const alpha = (data: Uint8Array | Uint8ClampedArray) => data.filter((_, i) => i % 4 === 3);

describe("composite image written by ag-psd", () => {
  it("reads a PSB (large document format) pixel for pixel, with its resolution", () => {
    const { bytes, pixels } = psdFixture({ width: 120, height: 70, psb: true, dpi: 150 });
    expect(String.fromCharCode(...bytes.subarray(0, 4))).toBe("8BPS");
    expect(bytes[5]).toBe(2); // version 2: PSB
    const image = decodePsb(bytes);
    expect(image).toMatchObject({ format: "PSB", width: 120, height: 70, dpiX: 150, dpiY: 150, colorMode: "RGB", bitsPerChannel: 8 });
    expect(difference(image.data, pixels).max).toBe(0);
  });

  it("reads transparency: Photoshop's composite is matted with white, and un-matted on reading", () => {
    const { bytes, pixels } = psdFixture({ width: 64, height: 48, psb: true, alpha: true, writer: "Adobe Photoshop" });
    const image = decodePsb(bytes);
    expect(difference(alpha(image.data), alpha(pixels)).max).toBe(0);
    // what a viewer shows (on white) is the source within rounding; opaque pixels are exact
    expect(difference(rgbaOnWhite(image.data), rgbaOnWhite(pixels)).max).toBeLessThanOrEqual(2);
    const opaque = (data: Uint8Array | Uint8ClampedArray) => data.filter((_, i) => pixels[(i & ~3) + 3] === 255);
    expect(difference(opaque(image.data), opaque(pixels)).max).toBe(0);
  });

  it("reads a PSD the same way, and defaults to 72 dpi without a ResolutionInfo resource", () => {
    const { bytes, pixels } = psdFixture({ width: 33, height: 17, psb: false });
    const image = decodePsb(bytes);
    expect(image).toMatchObject({ format: "PSD", width: 33, height: 17, dpiX: 72, dpiY: 72 });
    expect(difference(image.data, pixels).max).toBe(0);
  });
});

interface ImCase {
  name: string;
  args: string[];
  source?: "rgb" | "rgba";
  format?: "PSB";
  expect: { format: "PSD" | "PSB"; colorMode: string; bitsPerChannel: number; dpiX?: number };
  tolerance?: number;
  referenceAsPng?: boolean;
}

const IM_CASES: ImCase[] = [
  { name: "RGB 8-bit PSD at 200 dpi", args: ["-units", "PixelsPerInch", "-density", "200"], expect: { format: "PSD", colorMode: "RGB", bitsPerChannel: 8, dpiX: 200 } },
  { name: "RGB 8-bit PSB", args: ["-units", "PixelsPerInch", "-density", "300"], format: "PSB", expect: { format: "PSB", colorMode: "RGB", bitsPerChannel: 8, dpiX: 300 } },
  { name: "Grayscale 8-bit PSD", args: ["-colorspace", "Gray"], expect: { format: "PSD", colorMode: "Grayscale", bitsPerChannel: 8 } },
  // ImageMagick truncates 16-bit values to 8 bits, we round to the nearest: at most 1 apart
  { name: "RGB 16-bit RLE PSB", args: ["-depth", "16", "-evaluate", "multiply", "0.999"], format: "PSB", expect: { format: "PSB", colorMode: "RGB", bitsPerChannel: 16 }, tolerance: 1 },
  { name: "RGB 16-bit uncompressed PSD", args: ["-depth", "16", "-compress", "None", "-evaluate", "multiply", "0.999"], expect: { format: "PSD", colorMode: "RGB", bitsPerChannel: 16 }, tolerance: 1 },
  { name: "Grayscale 16-bit RLE PSD", args: ["-colorspace", "Gray", "-depth", "16"], expect: { format: "PSD", colorMode: "Grayscale", bitsPerChannel: 16 }, tolerance: 1 },
  // ImageMagick cannot read back its own indexed PSD: compare with the same palette written as PNG
  // (the PSD palette holds 8-bit values rounded from 16 bits, the PNG path truncates: 1 apart)
  { name: "Indexed PSD", args: ["-colors", "16", "-type", "Palette"], expect: { format: "PSD", colorMode: "Indexed", bitsPerChannel: 8 }, referenceAsPng: true, tolerance: 1 },
  { name: "Bitmap PSD", args: ["-monochrome", "-depth", "1"], expect: { format: "PSD", colorMode: "Bitmap", bitsPerChannel: 1 } },
];

const imFiles = new Map<string, string>();
beforeAll(() => {
  if (!HAVE_IMAGEMAGICK) return;
  magick(["-size", "96x64", "-seed", "7", "plasma:fractal", "-depth", "8", work.path("rgb.png")]);
  magick([work.path("rgb.png"), "(", "-size", "96x64", "gradient:white-black", ")", "-alpha", "off", "-compose", "CopyOpacity", "-composite", work.path("rgba.png")]);
  IM_CASES.forEach((c, i) => {
    const out = work.path(`case-${i}.${c.format === "PSB" ? "psb" : "psd"}`);
    magick([work.path(`${c.source ?? "rgb"}.png`), ...c.args, `${c.format ?? "PSD"}:${out}`]);
    imFiles.set(c.name, out);
  });
});

describe.skipIf(!HAVE_IMAGEMAGICK)("composite image written by ImageMagick decodes as ImageMagick decodes it", () => {
  for (const c of IM_CASES) {
    it(c.name, () => {
      const file = imFiles.get(c.name)!;
      const image = decodePsb(work.read(file.slice(work.dir.length + 1)));
      expect(image).toMatchObject({ width: 96, height: 64, ...c.expect });
      // the composite is the file's first image for ImageMagick ([0])
      if (c.referenceAsPng) magick([work.path(`${c.source ?? "rgb"}.png`), ...c.args, work.path("reference.png")]);
      const reference = magickRgba(c.referenceAsPng ? work.path("reference.png") : `${file}[0]`);
      const diff = difference(image.data, reference.data);
      expect(diff.max, `mean ${diff.mean.toFixed(3)}`).toBeLessThanOrEqual(c.tolerance ?? 0);
    });
  }

  it("converts CMYK without the colour profile, as ImageMagick does, and says so", () => {
    magick([work.path("rgb.png"), "-colorspace", "CMYK", work.path("cmyk.psd")]);
    const image = decodePsb(work.read("cmyk.psd"));
    expect(image).toMatchObject({ colorMode: "CMYK", notes: ["CMYK colours were converted to RGB without the file's colour profile."] });
    // ImageMagick reads the 16-bit inks and converts at 16 bits, we at the file's depth: 1 apart
    const reference = magickRgba(`${work.path("cmyk.psd")}[0]`);
    expect(difference(image.data, reference.data).max).toBeLessThanOrEqual(1);
  });
});

/** A PSB/PSD header (26 bytes) followed by empty sections and a raw composite of `pixels` bytes. */
function header(spec: { version?: number; channels?: number; width: number; height: number; depth?: number; mode?: number; pixels?: number }): Uint8Array {
  const large = (spec.version ?? 2) === 2;
  const sections = 4 + 4 + (large ? 8 : 4) + 2;
  const out = new Uint8Array(26 + sections + (spec.pixels ?? 0));
  const v = new DataView(out.buffer);
  out.set([0x38, 0x42, 0x50, 0x53]);
  v.setUint16(4, spec.version ?? 2);
  v.setUint16(12, spec.channels ?? 3);
  v.setUint32(14, spec.height);
  v.setUint32(18, spec.width);
  v.setUint16(22, spec.depth ?? 8);
  v.setUint16(24, spec.mode ?? 3);
  return out;
}

function expectPsbError(bytes: Uint8Array, code: string, message?: RegExp): void {
  try {
    decodePsb(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(PsbError);
    expect((error as PsbError).code).toBe(code);
    if (message) expect((error as PsbError).message).toMatch(message);
    return;
  }
  throw new Error("expected a PsbError");
}

describe("bad input", () => {
  it("a hand-made raw header decodes (the helper below makes valid files)", () => {
    const bytes = header({ width: 2, height: 1, pixels: 6 });
    bytes.set([10, 20, 30, 40, 50, 60], bytes.length - 6);
    expect([...decodePsb(bytes).data]).toEqual([10, 30, 50, 255, 20, 40, 60, 255]);
  });

  it("refuses what is not a Photoshop file", () => {
    expectPsbError(new Uint8Array(10), "bad-magic");
    expectPsbError(new TextEncoder().encode("%PDF-1.7 this is not a photoshop document at all"), "bad-magic", /signature/);
    expectPsbError(header({ version: 3, width: 1, height: 1 }), "bad-magic", /version is 3/);
  });

  it("refuses a PSB larger than 16384 pixels a side before reading its data (PSB allows 300000)", () => {
    expectPsbError(header({ width: 300000, height: 10 }), "too-large", /300000 × 10 pixels; this tool converts images up to 16384/);
    expect(() => readPsbStructure(header({ width: 16385, height: 16385 }))).toThrow(PsbError);
  });

  it("refuses a composite above 1 GiB decoded (16384² at 16 bits) before reading its data", () => {
    expectPsbError(header({ width: 16384, height: 16384, depth: 16 }), "too-large", /more than 1 GiB/);
  });

  it("calls a file whose pixel data is cut short truncated, where ag-psd alone would pad it with zeros", () => {
    const { bytes } = psdFixture({ width: 40, height: 30, psb: true });
    expectPsbError(bytes.subarray(0, bytes.length - 10), "truncated", /truncated/);
    const raw = header({ width: 4, height: 4, pixels: 47 });
    expectPsbError(raw, "truncated");
  });

  it("counts its work in samples and refuses a file that needs more than its budget", () => {
    const { bytes } = psdFixture({ width: 30, height: 20, psb: true, dpi: 300 });
    const { channels } = readPsbStructure(bytes);
    const budget = new WorkBudget(channels * 30 * 20);
    expect(decodePsb(bytes, { budget }).width).toBe(30);
    expect(budget.spent).toBe(channels * 30 * 20);
    const tight = new WorkBudget(channels * 30 * 20 - 1);
    expect(() => decodePsb(bytes, { budget: tight })).toThrow(expect.objectContaining({ name: "PsbError", code: "too-much-work" }));
  });

  it("every prefix of a real file fails with a PsbError", () => {
    const { bytes } = psdFixture({ width: 30, height: 20, psb: true, dpi: 300 });
    for (let n = 0; n < bytes.length; n++) {
      expect(() => decodePsb(bytes.subarray(0, n)), `${n} bytes`).toThrow(PsbError);
    }
  });
});

/** Work units (samples) a fuzzed file may cost: far above the seeds' 40 × 30 images, far below a declared 16384² one. */
const FUZZ_BUDGET = 1 << 22;

/** Decodes within FUZZ_BUDGET; returns normally or throws only PsbError, and a refusal for work is honest. */
function onlyPsbErrors(bytes: Uint8Array): void {
  const budget = new WorkBudget(FUZZ_BUDGET);
  try {
    const image = decodePsb(bytes, { budget });
    expect(image.data.length).toBe(image.width * image.height * 4);
    expect(budget.spent).toBeLessThanOrEqual(FUZZ_BUDGET);
  } catch (error) {
    if (!(error instanceof PsbError)) throw error;
    expect(error.message.length).toBeGreaterThan(0);
    if (error.code === "too-much-work") expect(budget.spent).toBeGreaterThan(FUZZ_BUDGET);
  }
}

describe("robustness (fast-check)", () => {
  it("random bytes, with and without the signature, only ever throw PsbError (fuzz)", () => {
    fuzzProperty(
      fc.property(fc.uint8Array({ maxLength: 600 }), fc.constantFrom(0, 1, 2), (bytes, version) => {
        if (version > 0 && bytes.length >= 6) bytes.set([0x38, 0x42, 0x50, 0x53, 0, version]);
        onlyPsbErrors(bytes);
      }),
      300,
    );
  });

  it("real files with flipped bytes, overwritten words and truncation only ever throw PsbError (fuzz)", () => {
    const seeds = [
      psdFixture({ width: 40, height: 30, psb: true, dpi: 150 }).bytes,
      psdFixture({ width: 25, height: 12, psb: false, alpha: true }).bytes,
      ...(HAVE_IMAGEMAGICK ? ["RGB 8-bit PSB", "RGB 16-bit RLE PSB", "Indexed PSD", "Bitmap PSD"].map((name) => work.read(imFiles.get(name)!.slice(work.dir.length + 1))) : []),
    ];
    const edit = fc.oneof(
      fc.record({ kind: fc.constant("flip" as const), at: fc.nat(), value: fc.integer({ min: 1, max: 255 }) }),
      fc.record({ kind: fc.constant("word" as const), at: fc.nat(), value: fc.oneof(fc.nat(40), fc.constantFrom(0, 1, 0xffff, 0xffffffff, 16384, 30000, 300000), fc.nat()) }),
    );
    fuzzProperty(
      fc.property(fc.nat(seeds.length - 1), fc.array(edit, { minLength: 1, maxLength: 6 }), fc.option(fc.nat(), { nil: undefined }), fc.boolean(), (which, edits, cut, early) => {
        const bytes = seeds[which]!.slice();
        const view = new DataView(bytes.buffer);
        for (const e of edits) {
          // half of the edits land in the header and the sections that follow it
          const at = e.at % (early ? Math.min(200, bytes.length) : bytes.length);
          if (e.kind === "flip") bytes[at] = bytes[at]! ^ e.value;
          else if (at + 4 <= bytes.length) view.setUint32(at, e.value >>> 0);
        }
        onlyPsbErrors(cut === undefined ? bytes : bytes.subarray(0, cut % (bytes.length + 1)));
      }),
      300,
    );
  });
});

describe("the white matte: un-matted only when Photoshop wrote the file", () => {
  it("tells writers apart by the version-info resource", () => {
    expect(readPsbStructure(psdFixture({ width: 4, height: 3, psb: false, writer: "Adobe Photoshop" }).bytes).writer).toBe("Adobe Photoshop");
    expect(readPsbStructure(psdFixture({ width: 4, height: 3, psb: true, dpi: 300, writer: "Adobe Photoshop" }).bytes)).toMatchObject({ writer: "Adobe Photoshop", dpiX: 300 });
    expect(readPsbStructure(psdFixture({ width: 4, height: 3, psb: false }).bytes).writer).toBeNull();
    expect(mattesWithWhite("Adobe Photoshop")).toBe(true);
    expect(mattesWithWhite("Adobe Photoshop Elements")).toBe(true);
    expect(mattesWithWhite("ImageMagick")).toBe(false);
    expect(mattesWithWhite(null)).toBe(false);
  });

  it("a composite from another writer is read as stored, even when it looks matted", () => {
    // the same white-matted pixels as Photoshop's, but no writer named: nothing is undone
    const { bytes, pixels } = psdFixture({ width: 64, height: 48, psb: false, alpha: true });
    const image = decodePsb(bytes);
    const matted = Uint8Array.from(pixels);
    for (let o = 0; o < matted.length; o += 4) {
      const a = matted[o + 3]! / 255;
      if (a === 0 || a === 1) continue;
      for (let c = 0; c < 3; c++) matted[o + c] = Math.round(pixels[o + c]! * a + 255 * (1 - a));
    }
    expect(difference(image.data, matted).max).toBeLessThanOrEqual(1);
  });

  it("un-matting works at 16 bits too: grey 20 % over white at half alpha is stored as 60 %, read as 20 %", () => {
    const samples = Uint16Array.from([39321, 39321, 39321, 32768, 1000, 2000, 3000, 65535, 5, 6, 7, 0]);
    unmatteFromWhite(samples, 0xffff);
    expect([...samples.subarray(0, 3)].map((v) => Math.round((v / 65535) * 1000) / 1000)).toEqual([0.2, 0.2, 0.2]);
    expect([...samples.subarray(4)]).toEqual([1000, 2000, 3000, 65535, 5, 6, 7, 0]);
  });
});

describe.skipIf(!HAVE_IMAGEMAGICK)("partial transparency written by ImageMagick (no white matte)", () => {
  // ImageMagick writes the colours as they are, and by default un-mattes them on reading all the
  // same (psd:alpha-unblend); its read with that turned off is what its files hold
  it.each([
    ["8-bit PSD", "PSD", "psd", [], 0],
    ["8-bit PSB", "PSB", "psb", [], 0],
    // ImageMagick truncates 16-bit values to 8 bits, we round to the nearest: at most 1 apart
    ["16-bit RLE PSB", "PSB", "psb", ["-depth", "16"], 1],
    // ag-psd refused this one (it un-mattes only 8-bit composites and throws on the others)
    ["16-bit uncompressed PSD", "PSD", "psd", ["-depth", "16", "-compress", "None"], 1],
  ] as const)("%s: the composite decodes as ImageMagick reads it, and as the picture it was made from", (name, format, ext, args, tolerance) => {
    const file = work.path(`im-alpha-${name.replace(/\W+/g, "-")}.${ext}`);
    magick([work.path("rgba.png"), ...args, `${format}:${file}`]);
    const image = decodePsb(work.read(file.slice(work.dir.length + 1)));
    expect(image).toMatchObject({ format, width: 96, height: 64, bitsPerChannel: args.length > 0 ? 16 : 8 });
    expect(readPsbStructure(work.read(file.slice(work.dir.length + 1))).writer).toBeNull();
    const stored = work.path(`im-alpha-${name.replace(/\W+/g, "-")}.png`);
    magick(["-define", "psd:alpha-unblend=off", `${file}[0]`, "-depth", "8", stored]);
    const reference = magickRgba(stored);
    const diff = difference(image.data, reference.data);
    expect(diff.max, `mean ${diff.mean.toFixed(3)}`).toBeLessThanOrEqual(tolerance);
    expect(difference(rgbaOnWhite(image.data), rgbaOnWhite(magickRgba(work.path("rgba.png")).data)).max).toBeLessThanOrEqual(1);
  });
});

/**
 * A raw 16-bit RGBA PSD of one row without layers, with a version-info resource naming `writer`;
 * its fourth channel is named "Transparency" (0x0415), which makes it the composite's alpha.
 */
function psd16(writer: string, samples: number[][]): Uint8Array {
  const name = [...writer].flatMap((ch) => [0, ch.charCodeAt(0)]);
  const info = [0, 0, 0, 1, 1, 0, 0, 0, writer.length, ...name, 0, 0, 0, 0, 0, 0, 0, 1];
  const padded = info.length % 2 ? [...info, 0] : info;
  const transparency = [0, 0, 0, 12, ...[..."Transparency"].flatMap((ch) => [0, ch.charCodeAt(0)])];
  const versionInfo = [0x38, 0x42, 0x49, 0x4d, 0x04, 0x21, 0, 0, 0, 0, padded.length >> 8, padded.length & 255, ...padded];
  const names = [0x38, 0x42, 0x49, 0x4d, 0x04, 0x15, 0, 0, 0, 0, 0, transparency.length, ...transparency];
  const resource = versionInfo.concat(names);
  const width = samples.length;
  const out = new Uint8Array(26 + 4 + 4 + resource.length + 4 + 2 + width * 4 * 2);
  const v = new DataView(out.buffer);
  out.set([0x38, 0x42, 0x50, 0x53]);
  v.setUint16(4, 1);
  v.setUint16(12, 4);
  v.setUint32(14, 1);
  v.setUint32(18, width);
  v.setUint16(22, 16);
  v.setUint16(24, 3);
  v.setUint32(30, resource.length);
  out.set(resource, 34);
  // layer section length 0 and compression 0 (raw) are zeros already; then each channel's row
  const data = 34 + resource.length + 4 + 2;
  samples.forEach((pixel, x) => pixel.forEach((value, c) => v.setUint16(data + (c * width + x) * 2, value)));
  return out;
}

describe("the white matte at 16 bits", () => {
  it("Photoshop's 16-bit composite is un-matted before it is reduced to 8 bits; another writer's is read as stored", () => {
    // 20 % grey at half alpha, matted with white: 60 %; an opaque and a transparent pixel stay as they are
    const pixels = [
      [39321, 39321, 39321, 32768],
      [1000, 30000, 65535, 65535],
      [500, 600, 700, 0],
    ];
    const photoshop = decodePsb(psd16("Adobe Photoshop", pixels));
    expect(photoshop).toMatchObject({ format: "PSD", width: 3, height: 1, bitsPerChannel: 16 });
    expect([...photoshop.data]).toEqual([51, 51, 51, 128, 4, 117, 255, 255, 2, 2, 3, 0]);
    const other = decodePsb(psd16("Some Other Editor", pixels));
    expect([...other.data.subarray(0, 4)]).toEqual([153, 153, 153, 128]);
  });
});
