import { execFileSync } from "node:child_process";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { magick, magickRgba } from "#tests/support/imagemagick.ts";
import { withExifOrientation } from "#tests/support/jpeg-exif.ts";
import { HAVE_LIBREOFFICE, SOFFICE, rampPng } from "#tests/support/office-fixtures.ts";
import { HAVE_IMAGEMAGICK, HAVE_POPPLER } from "#tests/support/reference-tools.ts";
import { fuzzProperty } from "#tests/support/property.ts";
import { scratch } from "#tests/support/scratch.ts";
import { DocumentError } from "./document-error.ts";
import { DEFAULT_PAGE, type ImageBlock } from "./model.ts";
import { encodeJpeg } from "../jpeg/encode.ts";
import { readImages } from "./read-images.ts";
import { writeDocx } from "./write-docx.ts";

const dir = scratch("read-images");
afterAll(() => dir.cleanup());

/** PSNR in dB over R, G and B of two RGBA buffers. */
function psnr(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    if (i % 4 === 3) continue;
    sum += (a[i]! - b[i]!) ** 2;
    n++;
  }
  return sum === 0 ? Number.POSITIVE_INFINITY : 10 * Math.log10((255 * 255) / (sum / n));
}

const imageAt = (blocks: readonly { kind: string }[], i: number): ImageBlock => blocks[i] as ImageBlock;

describe.skipIf(!HAVE_IMAGEMAGICK)("readImages on ImageMagick's files", () => {
  // a 300 × 200 JPEG said to be 150 pixels to the inch
  magick(["-size", "300x200", "gradient:red-blue", "-units", "PixelsPerInch", "-density", "150", "-quality", "90", dir.path("photo.jpg")]);
  // a 60 × 90 PNG at 300 pixels to the inch (a pHYs chunk)
  magick(["-size", "60x90", "xc:teal", "-units", "PixelsPerInch", "-density", "300", dir.path("tall.png")]);
  const photo = dir.read("photo.jpg");

  it("reads a JPEG's size and density and our PNG's size, one picture a page", () => {
    const model = readImages([
      { bytes: photo, name: "holiday/photo.jpg" },
      { bytes: rampPng(), name: "ramp.png" },
    ]);
    expect(model.blocks.map((block) => block.kind)).toEqual(["image", "page-break", "image"]);
    expect(imageAt(model.blocks, 0)).toMatchObject({ mime: "image/jpeg", width: 300, height: 200, displayWidthPt: 144, displayHeightPt: 96, alt: "photo" });
    expect(imageAt(model.blocks, 0).data).toBe(photo);
    // no density in our PNG: the writers show it at 96 pixels to the inch
    const ramp = imageAt(model.blocks, 2);
    expect(ramp).toMatchObject({ mime: "image/png", width: 120, height: 80, alt: "ramp" });
    expect(ramp.displayWidthPt).toBeUndefined();
    // both pictures are wider than tall: A4 on its side
    expect(model.page).toEqual({ ...DEFAULT_PAGE, widthPt: DEFAULT_PAGE.heightPt, heightPt: DEFAULT_PAGE.widthPt });
    expect(model.title).toBeUndefined();
    expect(model.notes).toEqual([]);
  });

  it("reads a PNG's pHYs density and keeps A4 upright for a tall picture", () => {
    const model = readImages([{ bytes: dir.read("tall.png"), name: "tall.png" }]);
    expect(imageAt(model.blocks, 0).displayWidthPt).toBeCloseTo((60 / 300) * 72, 1);
    expect(imageAt(model.blocks, 0).displayHeightPt).toBeCloseTo((90 / 300) * 72, 1);
    expect(model.page).toEqual(DEFAULT_PAGE);
    expect(model.title).toBe("tall");
  });

  it("turns a JPEG with an EXIF orientation upright, as ImageMagick's -auto-orient does", () => {
    const model = readImages([{ bytes: withExifOrientation(photo, 6, false), name: "turned.jpg" }]);
    const turned = imageAt(model.blocks, 0);
    // orientation 6: a quarter turn clockwise, so 300 × 200 becomes 200 × 300, and the density follows
    expect(turned).toMatchObject({ mime: "image/jpeg", width: 200, height: 300, displayWidthPt: 96, displayHeightPt: 144 });
    magick([dir.write("tagged.jpg", withExifOrientation(photo, 6, false)), "-auto-orient", dir.path("reference.png")]);
    const reference = magickRgba(dir.path("reference.png"));
    const ours = magickRgba(dir.write("upright.jpg", turned.data));
    expect([ours.width, ours.height]).toEqual([reference.width, reference.height]);
    expect(psnr(ours.data, reference.data)).toBeGreaterThan(30);
    expect(model.page).toEqual(DEFAULT_PAGE);
  });

  it("says when a JPEG is cut short", () => {
    const cut = readImages([{ bytes: photo.subarray(0, Math.floor(photo.length * 0.7)), name: "cut.jpg" }]);
    expect(cut.notes.join(" ")).toMatch(/“cut\.jpg” is cut short/);
  });

  it.skipIf(!HAVE_LIBREOFFICE || !HAVE_POPPLER)("makes a DOCX that LibreOffice lays out as one page a picture, page-high ones too", async () => {
    const tall = rampPng(400, 900);
    const docx = dir.write("pictures.docx", await writeDocx(readImages([
      { bytes: photo, name: "photo.jpg" },
      { bytes: tall, name: "tall-1.png" },
      { bytes: tall, name: "tall-2.png" },
    ])));
    execFileSync(SOFFICE, [`-env:UserInstallation=file://${dir.path("profile")}`, "--headless", "--convert-to", "pdf", "--outdir", dir.dir, docx], { stdio: "ignore", timeout: 120_000 });
    const pdf = dir.path("pictures.pdf");
    expect(/^Pages:\s+(\d+)/m.exec(execFileSync("/usr/bin/pdfinfo", [pdf], { encoding: "utf8" }))?.[1]).toBe("3");
    // pdfimages -list: page, num, type, width, height...
    const listed = execFileSync("/usr/bin/pdfimages", ["-list", pdf], { encoding: "utf8" }).split("\n").slice(2).filter((line) => line.trim() !== "");
    expect(listed.map((line) => line.trim().split(/\s+/).slice(0, 5).filter((_, i) => i !== 1 && i !== 2))).toEqual([["1", "300", "200"], ["2", "400", "900"], ["3", "400", "900"]]);
  });
});

describe("readImages refusals", () => {
  const png = rampPng();

  it("calls files that are not JPEG or PNG, or are broken, damaged", () => {
    expect(() => readImages([{ bytes: new TextEncoder().encode("GIF89a..."), name: "anim.gif" }])).toThrow(expect.objectContaining({ code: "damaged", message: expect.stringContaining("anim.gif") }));
    expect(() => readImages([{ bytes: png.subarray(0, png.length - 20), name: "short.png" }])).toThrow(expect.objectContaining({ code: "damaged", message: expect.stringContaining("truncated") }));
    const flipped = png.slice();
    flipped[60] = flipped[60]! ^ 0xff;
    expect(() => readImages([{ bytes: flipped, name: "flipped.png" }])).toThrow(expect.objectContaining({ code: "damaged" }));
    expect(() => readImages([{ bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2]), name: "empty.jpg" }])).toThrow(expect.objectContaining({ code: "damaged" }));
  });

  it("refuses no images, too many images and absurd sizes", () => {
    expect(() => readImages([])).toThrow(expect.objectContaining({ code: "unsupported" }));
    expect(() => readImages(Array.from({ length: 501 }, () => ({ bytes: png, name: "x.png" })))).toThrow(expect.objectContaining({ code: "too-much-work" }));
    const huge = new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x0b, 8, 0xff, 0xff, 0xff, 0xff, 3, 1, 0x11, 0]);
    expect(() => readImages([{ bytes: huge, name: "huge.jpg" }])).toThrow(expect.objectContaining({ code: "too-large" }));
  });
});

/** Cut or byte-edited copies of a valid file. */
const mutated = (valid: Uint8Array) =>
  fc.oneof(
    fc.array(fc.tuple(fc.nat(valid.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 6 }).map((edits) => {
      const bytes = valid.slice();
      for (const [at, value] of edits) bytes[at] = value;
      return bytes;
    }),
    fc.nat(valid.length).map((n) => valid.slice(0, n)),
  );

describe("readImages on random and mutated input", () => {
  // a small JPEG made by our encoder, with an EXIF orientation so the decode path is fuzzed too
  const jpegFile = withExifOrientation(encodeJpeg({ width: 24, height: 16, data: new Uint8Array(24 * 16 * 4).fill(180) }, { density: { x: 72, y: 72 } }), 6, true);
  const pngFile = rampPng(12, 8);

  it("throws nothing but DocumentError (fuzz)", () => {
    fuzzProperty(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 200 }), mutated(jpegFile), mutated(pngFile)), (bytes) => {
        try {
          const model = readImages([{ bytes, name: "fuzz" }]);
          expect(model.blocks).toHaveLength(1);
        } catch (error) {
          expect(error).toBeInstanceOf(DocumentError);
        }
      }),
      300,
    );
  });
});
