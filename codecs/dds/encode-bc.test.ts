/**
 * Block formats of the DDS encoder (BC1, BC3, BC7): quality on a photo-like picture as decoded by
 * ImageMagick, Pillow and our decoder; alpha handling; every BC7 mode against Pillow; quality levels.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { RgbaImage } from "../image/rgba-image.ts";
import { encodeBc1Block } from "./bc1-encode.ts";
import { encodeBc4Block } from "./bc4-encode.ts";
import { encodeBc7Block } from "./bc7-encode.ts";
import { decodeBlocksRgba8 } from "./block.ts";
import { decodeDds } from "./dds.ts";
import { encodeDds, type DdsEncodeQuality } from "./encode.ts";
import { writeDdsHeader } from "./encode-header.ts";
import {
  decodeWithImageMagick,
  decodeWithPillow,
  HAVE_IMAGEMAGICK,
  HAVE_PILLOW,
  psnr,
  psnrChannel,
  scratch,
  writeFile,
} from "#tests/support/codecs/dds/encode-test-support.ts";
import { IMAGEMAGICK } from "#tests/support/codecs/dds/test-helpers.ts";
import { syntheticPhoto } from "#tests/support/codecs/dds/synthetic-image.ts";
import { execFileSync } from "node:child_process";

if (!HAVE_IMAGEMAGICK) console.log("Skipping the ImageMagick checks of BC1/BC3 output: convert-im6.q16 is not installed");
if (!HAVE_PILLOW) console.log("Skipping the Pillow checks of BC1/BC3/BC7 output: python3-pil is not installed");

const work = scratch("dds-encode-bc-");
afterAll(() => work.cleanup());

const QUALITIES: DdsEncodeQuality[] = ["fast", "balanced", "best"];
const photo = syntheticPhoto(256, 256);
const photoAlpha = syntheticPhoto(256, 256, "gradient");
const cutout = syntheticPhoto(128, 128, "cutout");

/** Our decode of the top level. */
const ours = (dds: Uint8Array) => decodeDds(dds).data;

describe("BC1", () => {
  const files = Object.fromEntries(QUALITIES.map((q) => [q, encodeDds(photo, { format: "bc1", quality: q })]));
  const scores = Object.fromEntries(QUALITIES.map((q) => [q, psnr(ours(files[q]!), photo.data)]));

  it("reaches at least 35 dB on the photo-like picture at every quality (our decoder)", () => {
    console.log(`BC1 PSNR: fast ${scores.fast!.toFixed(2)}, balanced ${scores.balanced!.toFixed(2)}, best ${scores.best!.toFixed(2)} dB`);
    for (const q of QUALITIES) expect(scores[q]).toBeGreaterThanOrEqual(35);
  });

  it("spends effort where asked: best > balanced >= fast", () => {
    expect(scores.best!).toBeGreaterThan(scores.balanced!);
    expect(scores.balanced!).toBeGreaterThanOrEqual(scores.fast!);
  });

  it.skipIf(!HAVE_IMAGEMAGICK)("decodes in ImageMagick at 35 dB or more", () => {
    for (const q of QUALITIES) {
      const decoded = decodeWithImageMagick(writeFile(work.path(`bc1-${q}.dds`), files[q]!));
      expect(psnr(decoded, photo.data)).toBeGreaterThanOrEqual(35);
    }
  });

  it.skipIf(!HAVE_PILLOW)("decodes in Pillow at 35 dB or more", () => {
    const decoded = decodeWithPillow(writeFile(work.path("bc1-pillow.dds"), files.balanced!));
    expect([decoded.width, decoded.height]).toEqual([256, 256]);
    expect(psnr(decoded.data, photo.data)).toBeGreaterThanOrEqual(35);
  });

  it.skipIf(!HAVE_IMAGEMAGICK)("is no worse than ImageMagick's own DXT1 encoder on the same picture", () => {
    const png = work.path("photo.png");
    const raw = writeFile(work.path("photo.rgba"), photo.data);
    execFileSync(IMAGEMAGICK, ["-size", "256x256", "-depth", "8", `rgba:${raw}`, png]);
    const theirs = work.path("im-dxt1.dds");
    execFileSync(IMAGEMAGICK, [png, "-define", "dds:compression=dxt1", "-define", "dds:mipmaps=0", theirs]);
    const imScore = psnr(decodeWithImageMagick(theirs), photo.data);
    const ourScore = psnr(decodeWithImageMagick(writeFile(work.path("bc1-vs.dds"), files.balanced!)), photo.data);
    console.log(`DXT1 decoded by ImageMagick: ours (balanced) ${ourScore.toFixed(2)} dB, ImageMagick's ${imScore.toFixed(2)} dB`);
    expect(ourScore).toBeGreaterThanOrEqual(imScore);
  });

  it("punch-through alpha: alpha < 128 decodes transparent, the rest opaque with its colour", () => {
    const dds = encodeDds(cutout, { format: "bc1" });
    const decoded = ours(dds);
    const check = (pixels: ArrayLike<number>) => {
      for (let i = 0; i < cutout.data.length; i += 4) {
        expect(pixels[i + 3]).toBe(cutout.data[i + 3]! < 128 ? 0 : 255);
      }
    };
    check(decoded);
    // Colour of the opaque pixels only.
    const masked = (pixels: ArrayLike<number>) => Uint8Array.from(pixels, (v, i) => (cutout.data[(i & ~3) + 3]! < 128 ? 0 : v));
    expect(psnr(masked(decoded), masked(cutout.data))).toBeGreaterThanOrEqual(35);
    if (HAVE_IMAGEMAGICK) check(decodeWithImageMagick(writeFile(work.path("bc1-cutout.dds"), dds)));
  });

  it("a one-colour block decodes within one level of its colour, for every 8-bit value", () => {
    const px = new Uint8Array(64);
    const out = new Uint8Array(8);
    for (let v = 0; v < 256; v++) {
      for (let i = 0; i < 16; i++) px.set([v, 255 - v, (v * 7) & 255, 255], i * 4);
      encodeBc1Block(px, out, 0, 1, true);
      const d = decodeBlocksRgba8("BC1", out, 4, 4);
      for (let c = 0; c < 3; c++) expect(Math.abs(d[c]! - px[c]!)).toBeLessThanOrEqual(1);
    }
  });
});

describe("BC3", () => {
  const files = Object.fromEntries(QUALITIES.map((q) => [q, encodeDds(photoAlpha, { format: "bc3", quality: q })]));

  it("reaches at least 35 dB in colour and alpha at every quality (our decoder)", () => {
    for (const q of QUALITIES) {
      const decoded = ours(files[q]!);
      const colour = psnr(decoded, photoAlpha.data);
      const alpha = psnrChannel(decoded, photoAlpha.data, 3);
      console.log(`BC3 ${q}: colour ${colour.toFixed(2)} dB, alpha ${alpha.toFixed(2)} dB`);
      expect(colour).toBeGreaterThanOrEqual(35);
      expect(alpha).toBeGreaterThanOrEqual(40);
    }
  });

  it.skipIf(!HAVE_IMAGEMAGICK)("decodes in ImageMagick at 35 dB or more, alpha gradients included", () => {
    const decoded = decodeWithImageMagick(writeFile(work.path("bc3.dds"), files.balanced!));
    expect(psnr(decoded, photoAlpha.data, 4)).toBeGreaterThanOrEqual(35);
    expect(psnrChannel(decoded, photoAlpha.data, 3)).toBeGreaterThanOrEqual(40);
  });

  it.skipIf(!HAVE_PILLOW)("decodes in Pillow at 35 dB or more", () => {
    const decoded = decodeWithPillow(writeFile(work.path("bc3-pillow.dds"), files.balanced!));
    expect(psnr(decoded.data, photoAlpha.data, 4)).toBeGreaterThanOrEqual(35);
  });

  it("alpha blocks with 0 and 255 use the 6-value mode and keep both exact", () => {
    const px = new Uint8Array(64);
    const alphas = [0, 255, 120, 124, 128, 132, 136, 140, 0, 255, 122, 126, 130, 134, 138, 0];
    alphas.forEach((a, i) => px.set([10, 20, 30, a], i * 4));
    const out = new Uint8Array(16);
    for (const effort of [0, 1, 2]) {
      encodeBc4Block(px, 3, out, 0, effort);
      encodeBc1Block(px, out, 8, effort, false);
      expect(out[0]!).toBeLessThanOrEqual(out[1]!); // a0 <= a1: 6 interpolated... 4 values plus 0 and 255
      const d = decodeBlocksRgba8("BC3", out, 4, 4);
      alphas.forEach((a, i) => {
        if (a === 0 || a === 255) expect(d[i * 4 + 3]).toBe(a);
        else expect(Math.abs(d[i * 4 + 3]! - a)).toBeLessThanOrEqual(3);
      });
    }
  });

  it("a smooth alpha ramp uses the 8-value mode", () => {
    const px = new Uint8Array(64);
    for (let i = 0; i < 16; i++) px.set([0, 0, 0, 40 + i * 10], i * 4);
    const out = new Uint8Array(8);
    encodeBc4Block(px, 3, out, 0, 1);
    expect(out[0]!).toBeGreaterThan(out[1]!);
    const d = decodeBlocksRgba8("BC4U", out, 4, 4);
    for (let i = 0; i < 16; i++) expect(Math.abs(d[i * 4]! - (40 + i * 10))).toBeLessThanOrEqual(6);
  });
});

/** A BC7 file whose every block is forced to one mode (or falls back to mode 6 where it cannot apply). */
function singleModeFile(img: RgbaImage, mode: number): { file: Uint8Array; predicted: number } {
  const bw = img.width / 4;
  const bh = img.height / 4;
  const file = new Uint8Array(148 + bw * bh * 16);
  writeDdsHeader(file, { kind: "bc7", width: img.width, height: img.height, mipCount: 0, topLevelBytes: bw * bh * 16 });
  const px = new Uint8Array(64);
  let predicted = 0;
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      for (let y = 0; y < 4; y++) {
        const from = ((by * 4 + y) * img.width + bx * 4) * 4;
        px.set(img.data.subarray(from, from + 16), y * 16);
      }
      predicted += encodeBc7Block(px, file, 148 + (by * bw + bx) * 16, 2, 1 << mode);
    }
  }
  return { file, predicted };
}
describe("BC7", () => {
  const files = Object.fromEntries(QUALITIES.map((q) => [q, encodeDds(photoAlpha, { format: "bc7", quality: q })]));
  const scores = Object.fromEntries(QUALITIES.map((q) => [q, psnr(ours(files[q]!), photoAlpha.data, 4)]));

  it("reaches at least 35 dB (RGBA) on the photo-like picture at every quality (our decoder)", () => {
    console.log(`BC7 PSNR (RGBA): fast ${scores.fast!.toFixed(2)}, balanced ${scores.balanced!.toFixed(2)}, best ${scores.best!.toFixed(2)} dB`);
    for (const q of QUALITIES) expect(scores[q]).toBeGreaterThanOrEqual(35);
  });

  it("spends effort where asked: best > balanced > fast", () => {
    expect(scores.best!).toBeGreaterThan(scores.balanced!);
    expect(scores.balanced!).toBeGreaterThan(scores.fast!);
  });

  it("beats BC1 and BC3 on the same picture", () => {
    const opaque = psnr(ours(encodeDds(photo, { format: "bc7" })), photo.data);
    expect(opaque).toBeGreaterThan(psnr(ours(encodeDds(photo, { format: "bc1" })), photo.data) + 3);
    expect(scores.balanced!).toBeGreaterThan(psnr(ours(encodeDds(photoAlpha, { format: "bc3" })), photoAlpha.data, 4));
  });

  it.skipIf(!HAVE_PILLOW)("Pillow decodes our files to exactly the pixels our decoder gives (35 dB or more)", () => {
    for (const q of QUALITIES) {
      const decoded = decodeWithPillow(writeFile(work.path(`bc7-${q}.dds`), files[q]!));
      expect([decoded.mode, decoded.width, decoded.height]).toEqual(["RGBA", 256, 256]);
      expect(Buffer.from(decoded.data).equals(Buffer.from(ours(files[q]!)))).toBe(true);
      expect(psnr(decoded.data, photoAlpha.data, 4)).toBeGreaterThanOrEqual(35);
    }
  });



  it("every mode packs its bits right: our decoder's error is the encoder's, and Pillow agrees", () => {
    const opaqueCrop = syntheticPhoto(64, 64);
    const alphaCrop = syntheticPhoto(64, 64, "gradient");
    for (let mode = 0; mode < 8; mode++) {
      // Modes 0-3 have no alpha: they apply to opaque blocks only.
      const img = mode <= 3 ? opaqueCrop : alphaCrop;
      const { file, predicted } = singleModeFile(img, mode);
      const decoded = ours(file);
      let error = 0;
      for (let i = 0; i < decoded.length; i++) error += (decoded[i]! - img.data[i]!) ** 2;
      expect(error, `mode ${mode}`).toBe(predicted);
      // Every block really uses the mode (its lowest set bit of the first byte).
      for (let o = 148; o < file.length; o += 16) expect(31 - Math.clz32(file[o]! & -file[o]!), `mode ${mode}`).toBe(mode);
      if (HAVE_PILLOW) {
        const pillow = decodeWithPillow(writeFile(work.path(`bc7-mode${mode}.dds`), file));
        expect(Buffer.from(pillow.data).equals(Buffer.from(decoded)), `mode ${mode}`).toBe(true);
      }
    }
  });

  it("keeps flat alpha and colour nearly exact", () => {
    const flat: RgbaImage = { width: 8, height: 8, data: new Uint8Array(256) };
    for (let i = 0; i < 64; i++) flat.data.set([17, 200, 99, 140], i * 4);
    const decoded = ours(encodeDds(flat, { format: "bc7" }));
    for (let i = 0; i < 256; i++) expect(Math.abs(decoded[i]! - flat.data[i]!)).toBeLessThanOrEqual(1);
  });
});
