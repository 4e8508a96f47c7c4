import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encode } from "fast-png";
import { AvifError } from "./errors.ts";
import { WorkBudget } from "../common/work-budget.ts";
import { probeAvif } from "./probe.ts";
import { ascii, avifFromPng, box, concat, fakeAvif, FFMPEG, HAVE_AVIF_ENCODER, u32 } from "#tests/support/codecs/avif/test-helpers.ts";
import { fuzzProperty } from "#tests/support/property.ts";

if (!HAVE_AVIF_ENCODER) console.log(`Skipping the probe of real AVIF files: ${FFMPEG} with libaom-av1 and the avif muxer is not available`);

function refusal(bytes: Uint8Array): AvifError {
  try {
    probeAvif(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(AvifError);
    return error as AvifError;
  }
  throw new Error("no error thrown");
}

const png = (width: number, height: number) => encode({ width, height, data: new Uint8Array(width * height * 4).fill(200), channels: 4, depth: 8 });

describe.skipIf(!HAVE_AVIF_ENCODER)("probeAvif on files from ffmpeg/libaom", () => {
  it("reads the brands and the image size", () => {
    const info = probeAvif(avifFromPng(png(48, 32)));
    expect(info).toMatchObject({ majorBrand: "avif", sequence: false, width: 48, height: 32 });
    expect(info.brands).toContain("mif1");
  });

  it("reads files with an alpha image", () => {
    expect(probeAvif(avifFromPng(png(20, 30), { alpha: true }))).toMatchObject({ width: 20, height: 30 });
  });

  it("calls a file cut short in its 'meta' box corrupt", () => {
    const file = avifFromPng(png(16, 16));
    const metaEnd = 32 + 40; // ftyp is 32 bytes; cut inside meta
    expect(refusal(file.slice(0, metaEnd)).code).toBe("corrupt");
  });

  it("leaves a file cut short in its pixel data to the decoder", () => {
    const file = avifFromPng(png(64, 64));
    expect(probeAvif(file.slice(0, file.length - 10))).toMatchObject({ width: 64, height: 64 });
  });
});

describe("probeAvif on hand-built files", () => {
  it("takes the largest declared size (a grid's canvas, not its tiles)", () => {
    expect(probeAvif(fakeAvif(["avif", "mif1"], [[512, 512], [1024, 768], [512, 512]]))).toMatchObject({ width: 1024, height: 768 });
  });

  it("accepts AVIF as a compatible brand, and image sequences", () => {
    expect(probeAvif(fakeAvif(["mif1", "avif"], [[10, 10]]))).toMatchObject({ majorBrand: "mif1", width: 10 });
    expect(probeAvif(fakeAvif(["avis", "msf1"], [[10, 10]])).sequence).toBe(true);
  });

  it("refuses what is not AVIF, naming the brand it found", () => {
    expect(refusal(fakeAvif(["heic", "mif1"], [[10, 10]])).message).toBe(
      'This file is not an AVIF image: its format brand is "heic" (for example HEIC or MP4), not "avif".',
    );
    const pngFile = encode({ width: 1, height: 1, data: new Uint8Array(4), channels: 4, depth: 8 });
    expect(refusal(pngFile).message).toBe("This file is a PNG image, not an AVIF image.");
    expect(refusal(ascii("hello, world")).code).toBe("not-avif");
    expect(refusal(new Uint8Array(0)).code).toBe("not-avif");
  });

  it("refuses boxes that overrun the file and absurd sizes before anything is decoded", () => {
    const ftyp = box("ftyp", ascii("avif"), u32(0));
    const lying = concat(ftyp, u32(1000), ascii("meta"), u32(0));
    expect(refusal(lying).message).toBe("This AVIF file is truncated or corrupt: its 'meta' box claims 1000 bytes, but only 12 remain.");
    expect(refusal(fakeAvif(["avif"], [[0, 10]])).code).toBe("corrupt");
    const huge = refusal(fakeAvif(["avif"], [[40000, 100]]));
    expect(huge.code).toBe("too-large");
    expect(huge.message).toBe("This AVIF image is too large to convert in the browser: 40000 × 100 pixels (the limit is 32767 pixels a side and 268 megapixels).");
    expect(refusal(fakeAvif(["avif"], [[20000, 20000]])).code).toBe("too-large");
  });

  it("never throws anything but an AvifError on mutated files", () => {
    const base = fakeAvif(["avif", "mif1"], [[64, 48]]);
    for (let i = 0; i < base.length; i++) {
      for (const value of [0, 1, 0x7f, 0xff]) {
        const mutated = base.slice();
        mutated[i] = value;
        try {
          probeAvif(mutated);
        } catch (error) {
          expect(error).toBeInstanceOf(AvifError);
        }
      }
      try {
        probeAvif(base.slice(0, i));
      } catch (error) {
        expect(error).toBeInstanceOf(AvifError);
      }
    }
  });
});

describe("probeAvif's work budget", () => {
  it("counts the box headers it reads and refuses a file that needs more", () => {
    const file = fakeAvif(["avif", "mif1", "miaf"], [[640, 480]]);
    const budget = new WorkBudget();
    expect(probeAvif(file, { budget }).width).toBe(640);
    expect(budget.spent).toBeGreaterThanOrEqual(5); // ftyp, meta, iprp, ipco, ispe at least
    expect(() => probeAvif(file, { budget: new WorkBudget(budget.spent - 1) })).toThrow(expect.objectContaining({ name: "AvifError", code: "too-much-work" }));
    const enough = new WorkBudget(budget.spent);
    expect(probeAvif(file, { budget: enough }).height).toBe(480);
  });
});

describe("probeAvif on random and mutated input", () => {
  const valid = fakeAvif(["avif", "mif1", "miaf"], [[640, 480]]);
  it("throws nothing but AvifError, its work bounded by its input (fuzz)", () => {
    fuzzProperty(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 300 }),
          fc.array(fc.tuple(fc.nat(valid.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 6 }).map((edits) => {
            const bytes = valid.slice();
            for (const [at, value] of edits) bytes[at] = value;
            return bytes;
          }),
          fc.nat(valid.length).map((n) => valid.slice(0, n)),
        ),
        (bytes) => {
          // the work done is bounded by the input: every box header takes 8 bytes, and a header is
          // read at most once per level of nesting followed (ftyp, top level, meta > iprp > ipco), plus
          // one failed read per list of boxes
          const budget = new WorkBudget();
          try {
            probeAvif(bytes, { budget });
          } catch (error) {
            expect(error).toBeInstanceOf(AvifError);
          }
          expect(budget.spent).toBeLessThanOrEqual(5 * (bytes.length / 8 + 1));
        },
      ),
      500,
    );
  });
});

const corpusFile = (name: string) => new Uint8Array(readFileSync(new URL(`../../tests/corpus/avif/${name}`, import.meta.url)));

describe("probeAvif on files other writers made (tests/corpus/avif)", () => {

  it.each([
    ["alpha_noispe.avif", "an alpha item without 'ispe'"],
    ["extended_pixi.avif", "an extended 'pixi'"],
    ["draw_points_idat.avif", "item data in 'idat'"],
    ["draw_points_idat_metasize0.avif", "a 'meta' box of size 0"],
    ["colors-animated-8bpc.avif", "an animated AVIF"],
    ["star-8bpc-with-alpha.avifs", "an image sequence with an alpha track"],
    ["color_grid_gainmap_different_grid.avif", "a gain map"],
  ])("accepts %s (%s)", (name) => {
    expect(() => probeAvif(corpusFile(name))).not.toThrow();
  });

  it("accepts a non-zero 'hdlr' reserved field and a missing 'ispe'", () => {
    const bytes = corpusFile("white_1x1.avif");
    const hdlr = Buffer.from(bytes).indexOf("hdlr");
    bytes.fill(0xab, hdlr + 16, hdlr + 28);
    const ispe = Buffer.from(bytes).indexOf("ispe");
    bytes.set(ascii("free"), ispe);
    expect(probeAvif(bytes)).toMatchObject({ majorBrand: "avif" });
  });

  it("still refuses a HEIC brand and a file cut inside its 'meta' box, in plain words", () => {
    const heic = corpusFile("white_1x1.avif");
    heic.set(ascii("heic"), 8);
    for (let at = 16; at < new DataView(heic.buffer).getUint32(0); at += 4) heic.set(ascii("heic"), at);
    expect(refusal(heic).message).toBe('This file is not an AVIF image: its format brand is "heic" (for example HEIC or MP4), not "avif".');
    expect(refusal(corpusFile("white_1x1.avif").slice(0, 60)).message).toMatch(/truncated or corrupt/);
  });
});
