import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { scratch } from "#tests/support/scratch.ts";
import { decodeBlocksFloat, decodeBlocksRgba8 } from "./block.ts";
import { decodeDdsWith, parseDds, type BlockDecoders, type DecodeDdsOptions } from "./container.ts";
import { WorkBudget } from "../common/work-budget.ts";
import { DdsError } from "./errors.ts";
import { HAVE_IMAGEMAGICK, IMAGEMAGICK, makeDds, u16 } from "#tests/support/codecs/dds/test-helpers.ts";
import { psnrChannels } from "../image/psnr.ts";
import { fuzzProperty } from "#tests/support/property.ts";

const IM = IMAGEMAGICK;
const HAVE_IM = HAVE_IMAGEMAGICK;
if (!HAVE_IM) console.log(`Skipping the ImageMagick cross-checks: ${IM} is not installed`);

const BLOCKS: BlockDecoders = { decodeBlocksRgba8, decodeBlocksFloat };
const decode = (bytes: Uint8Array, options: DecodeDdsOptions = {}) => decodeDdsWith(bytes, options, BLOCKS);

const work = scratch("dds-container");
const dir = work.dir;
afterAll(() => work.cleanup());

/** Runs ImageMagick's convert with the given arguments and returns stdout. */
function im(...args: string[]): Buffer {
  return execFileSync(IM, args, { maxBuffer: 1 << 28 });
}

/** Writes a DDS with ImageMagick and returns its bytes and ImageMagick's RGBA8 decode. */
function imDds(name: string, size: string, source: string, defines: string[]): { file: Uint8Array; pixels: Uint8Array } {
  const path = join(dir, name);
  im("-size", size, source, ...defines.flatMap((d) => ["-define", d]), path);
  const file = new Uint8Array(readFileSync(path));
  const pixels = new Uint8Array(im(path, "-depth", "8", "rgba:-"));
  return { file, pixels };
}

const bgraToRgba = (b: Uint8Array) => {
  const out = new Uint8Array(b.length);
  for (let i = 0; i < b.length; i += 4) {
    out[i] = b[i + 2]!;
    out[i + 1] = b[i + 1]!;
    out[i + 2] = b[i]!;
    out[i + 3] = b[i + 3]!;
  }
  return out;
};

/** PSNR over all four channels. */
const psnr = (a: ArrayLike<number>, b: ArrayLike<number>) => psnrChannels(a, b, 4);

describe.skipIf(!HAVE_IM)("ImageMagick cross-check (uncompressed)", () => {
  it("odd-sized 37×19 opaque gradient (24-bit BGR) decodes exactly", () => {
    const { file, pixels } = imDds("a.dds", "37x19", "gradient:red-blue", ["dds:compression=none"]);
    const info = parseDds(file);
    expect(info).toMatchObject({ width: 37, height: 19, mipCount: 1 });
    const out = decode(file);
    expect([out.width, out.height]).toEqual([37, 19]);
    expect(Buffer.from(out.data).equals(Buffer.from(pixels))).toBe(true);
  });

  it("odd-sized 37×19 gradient with alpha (32-bit BGRA) decodes exactly", () => {
    const { file, pixels } = imDds("b.dds", "37x19", "gradient:rgba(255,0,0,1)-rgba(0,40,255,0.2)", [
      "dds:compression=none",
    ]);
    expect(parseDds(file).format).toBe("D3DFMT_A8R8G8B8 (BGRA8)");
    expect(Buffer.from(decode(file).data).equals(Buffer.from(pixels))).toBe(true);
  });

  it("mip selection (dds:mipmaps=3) picks the right bytes", () => {
    const { file, pixels } = imDds("c.dds", "64x32", "gradient:rgba(255,0,0,1)-rgba(0,40,255,0.2)", [
      "dds:compression=none",
      "dds:mipmaps=3",
    ]);
    const info = parseDds(file);
    expect(info.mipCount).toBe(4);
    expect(info.surfaces.map((s) => `${s.width}x${s.height}@${s.offset}`)).toEqual([
      "64x32@128",
      `32x16@${128 + 64 * 32 * 4}`,
      `16x8@${128 + 64 * 32 * 4 + 32 * 16 * 4}`,
      `8x4@${128 + 64 * 32 * 4 + 32 * 16 * 4 + 16 * 8 * 4}`,
    ]);
    expect(info.surfaces.at(-1)!.offset + info.surfaces.at(-1)!.byteLength).toBe(file.length);
    expect(Buffer.from(decode(file).data).equals(Buffer.from(pixels))).toBe(true);
    for (let level = 1; level < 4; level++) {
      const s = info.surfaces[level]!;
      const out = decode(file, { level });
      expect([out.width, out.height]).toEqual([s.width, s.height]);
      const expected = bgraToRgba(file.subarray(s.offset, s.offset + s.byteLength));
      expect(Buffer.from(out.data).equals(Buffer.from(expected))).toBe(true);
    }
  });
});

describe.skipIf(!HAVE_IM)("ImageMagick cross-check (block formats through the container)", () => {
  for (const [compression, name] of [
    ["dxt1", "BC1 (DXT1)"],
    ["dxt5", "BC3 (DXT5)"],
  ] as const) {
    it(`${compression}: odd size with mips, ≥ 50 dB against ImageMagick, mips have the right size`, () => {
      const { file, pixels } = imDds(`${compression}.dds`, "64x32", "gradient:rgba(255,0,0,1)-rgba(0,40,255,0.4)", [
        `dds:compression=${compression}`,
        "dds:mipmaps=2",
      ]);
      const info = parseDds(file);
      expect(info.format).toBe(name);
      expect(info.mipCount).toBe(3);
      const out = decode(file);
      expect(psnr(out.data, pixels)).toBeGreaterThanOrEqual(50);
      expect(decode(file, { level: 2 })).toMatchObject({ width: 16, height: 8 });
      expect(info.surfaces.at(-1)!.offset + info.surfaces.at(-1)!.byteLength).toBe(file.length);
    });
  }
});

/** A few valid files to mutate: various formats and layouts. */
function seeds(): Uint8Array[] {
  const rgba = makeDds({ width: 5, height: 3, mipCount: 3, dx10: { dxgiFormat: 28 } }, new Uint8Array(60 + 8 + 4).fill(77));
  const cube = makeDds({ width: 2, height: 2, mipCount: 2, caps2: 0xfe00 }, new Uint8Array(6 * 20).fill(5));
  const dxt1 = makeDds({ width: 9, height: 6, mipCount: 2, pixelFormat: { flags: 4, fourCC: "DXT1" } }, new Uint8Array(6 * 8 + 8).fill(0x5a));
  const half = makeDds({ width: 3, height: 2, dx10: { dxgiFormat: 10 } }, u16(...Array.from({ length: 24 }, () => 0x3c00)));
  const volume = makeDds(
    { width: 4, height: 2, depth: 3, caps2: 0x200000, pixelFormat: { flags: 0x41, bits: 16, r: 0x0f00, g: 0xf0, b: 0xf, a: 0xf000 } },
    new Uint8Array(4 * 2 * 2 * 3).fill(0x99),
  );
  const bc7 = makeDds({ width: 8, height: 8, dx10: { dxgiFormat: 98, arraySize: 2 } }, new Uint8Array(2 * 4 * 16).fill(0xa5));
  const bc6 = makeDds({ width: 4, height: 4, dx10: { dxgiFormat: 95 } }, new Uint8Array(16).fill(0x33));
  return [rgba, cube, dxt1, half, volume, bc7, bc6];
}

/** Work units (surfaces and pixels) a fuzzed file may cost: far above the seeds, far below a declared 16384² surface. */
const FUZZ_BUDGET = 1 << 22;

/** Decodes with the given options within FUZZ_BUDGET; returns normally or throws only DdsError, and a refusal for work is honest. */
function onlyDdsError(bytes: Uint8Array, options: DecodeDdsOptions): void {
  const budget = new WorkBudget(FUZZ_BUDGET);
  try {
    const out = decode(bytes, { ...options, budget });
    expect(out.data.length).toBe(out.width * out.height * 4);
    expect(budget.spent).toBeLessThanOrEqual(FUZZ_BUDGET);
  } catch (e) {
    if (!(e instanceof DdsError)) throw e;
    expect(e.message.length).toBeGreaterThan(0);
    if (e.code === "too-much-work") expect(budget.spent).toBeGreaterThan(FUZZ_BUDGET);
  }
}

describe("work budget", () => {
  it("counts one unit per surface laid out and per pixel decoded, and refuses past its limit", () => {
    // 5 × 3 RGBA with 3 mip levels: 3 surfaces, 15 pixels of level 0
    const [rgba] = seeds();
    const budget = new WorkBudget(18);
    expect(decode(rgba!, { budget }).width).toBe(5);
    expect(budget.spent).toBe(3 + 15);
    const level1 = new WorkBudget();
    decode(rgba!, { level: 1, budget: level1 });
    expect(level1.spent).toBe(3 + 2 * 1);
    expect(() => decode(rgba!, { budget: new WorkBudget(17) })).toThrow(expect.objectContaining({ name: "DdsError", code: "too-much-work" }));
  });
});

const options = fc.record(
  {
    level: fc.integer({ min: -1, max: 5 }),
    face: fc.integer({ min: -1, max: 6 }),
    slice: fc.integer({ min: -1, max: 4 }),
    exposure: fc.double({ min: -10, max: 10, noNaN: true }),
    tonemap: fc.constantFrom("default" as const, "clamp" as const),
  },
  { requiredKeys: [] },
);

describe("robustness (fast-check)", () => {
  it("random bytes with and without the DDS magic only ever throw DdsError (fuzz)", () => {
    fuzzProperty(
      fc.property(fc.uint8Array({ maxLength: 400 }), fc.boolean(), options, (bytes, magic, opts) => {
        if (magic && bytes.length >= 4) bytes.set([0x44, 0x44, 0x53, 0x20]);
        onlyDdsError(bytes, opts);
      }),
      500,
    );
  });

  it("valid files with flipped bytes, overwritten header words and truncation only ever throw DdsError (fuzz)", () => {
    const files = seeds();
    const edit = fc.oneof(
      fc.record({ kind: fc.constant("flip" as const), at: fc.nat(), value: fc.integer({ min: 1, max: 255 }) }),
      fc.record({
        kind: fc.constant("word" as const),
        at: fc.integer({ min: 1, max: 36 }),
        value: fc.oneof(fc.nat(20), fc.constantFrom(0, 1, 0xffffffff, 0x80000000, 16384, 16385, 0x200, 0xfe00, 0x200000), fc.nat()),
      }),
    );
    fuzzProperty(
      fc.property(
        fc.nat(files.length - 1),
        fc.array(edit, { maxLength: 6 }),
        fc.option(fc.nat(), { nil: undefined }),
        options,
        (which, edits, cut, opts) => {
          const bytes = files[which]!.slice();
          const view = new DataView(bytes.buffer);
          for (const e of edits) {
            if (e.kind === "flip") {
              const at = e.at % bytes.length;
              bytes[at] = bytes[at]! ^ e.value;
            } else if (e.at * 4 + 4 <= bytes.length) {
              view.setUint32(e.at * 4, e.value >>> 0, true);
            }
          }
          const input = cut === undefined ? bytes : bytes.subarray(0, cut % (bytes.length + 1));
          onlyDdsError(input, opts);
        },
      ),
      300,
    );
  });

  it("every prefix of every seed file fails with a truncation error, or decodes the mip levels it holds whole", () => {
    for (const file of seeds()) {
      const whole = parseDds(file);
      for (let n = 0; n < file.length; n++) {
        const prefix = file.subarray(0, n);
        try {
          decode(prefix);
        } catch (e) {
          expect(e).toBeInstanceOf(DdsError);
          expect(["truncated", "bad-magic"]).toContain((e as DdsError).code);
          continue;
        }
        // like the readers it follows, a file cut inside its mip chain keeps the levels that are whole
        // (a cube or array cut after its first image keeps that image)
        const cut = parseDds(prefix);
        expect(cut.surfaces.length).toBeLessThan(whole.surfaces.length);
        const last = cut.surfaces.at(-1)!;
        expect(last.offset + last.byteLength).toBeLessThanOrEqual(n);
      }
    }
  });
});
