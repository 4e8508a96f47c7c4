import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { decodeTiff, decodeTiffPages, readTiff } from "../tiff/index.ts";
import { ImagePdfWriter, imagesToPdf, pageSizePt, type PdfPageImage } from "./image-pdf.ts";
import { psbToPdf, tiffToPdf } from "./images-to-pdf.ts";
import { psdFixture } from "#tests/support/psd-fixture.ts";
import { withExifOrientation } from "#tests/support/jpeg-exif.ts";
import { rampPng } from "#tests/support/office-fixtures.ts";
import { difference, HAVE_IMAGEMAGICK, HAVE_POPPLER, HAVE_QPDF, IMAGEMAGICK, magick, magickRgba, pdfinfo, pdfPagePixels, pdftoppm, psnr, qpdfCheck, rgbaOnWhite, scratch } from "#tests/support/codecs/pdf/test-helpers.ts";

if (!HAVE_POPPLER) console.log("Skipping the pdfinfo/pdftoppm checks: poppler-utils is not installed");
if (!HAVE_QPDF) console.log("Skipping the qpdf --check checks: qpdf is not installed");
if (!HAVE_IMAGEMAGICK) console.log("Skipping the TIFF-to-PDF checks on ImageMagick fixtures: convert-im6.q16 is not installed");

const work = scratch("image-pdf-test");
afterAll(() => work.cleanup());

type Kind = "rgb" | "grey" | "bilevel" | "rgba";

function image(kind: Kind, width: number, height: number, dpi: number | [number, number] = 72): PdfPageImage {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      const r = (x * 9 + y * 3) & 255;
      const g = (y * 13) & 255;
      const b = (x * y) & 255;
      if (kind === "grey") data.set([r, r, r, 255], o);
      else if (kind === "bilevel") data.set(((x >> 2) + (y >> 2)) % 2 ? [255, 255, 255, 255] : [0, 0, 0, 255], o);
      else data.set([r, g, b, kind === "rgba" ? (x * 255) / (width - 1) : 255], o);
    }
  }
  const [dpiX, dpiY] = typeof dpi === "number" ? [dpi, dpi] : dpi;
  return { width, height, data, dpiX, dpiY };
}

/** The image XObject drawn on each page, as pdf-lib parses it back. */
async function pageImages(pdf: Uint8Array) {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => {
    const xobjects = page.node.Resources()!.lookup(PDFName.of("XObject")) as import("pdf-lib").PDFDict;
    const [name] = xobjects.keys();
    const stream = xobjects.lookup(name!) as PDFRawStream;
    const dict = stream.dict;
    const number = (key: string) => (dict.lookup(PDFName.of(key)) as PDFNumber).asNumber();
    return {
      size: page.getSize(),
      width: number("Width"),
      height: number("Height"),
      colorSpace: (dict.lookup(PDFName.of("ColorSpace")) as PDFName).asString(),
      bits: number("BitsPerComponent"),
      filter: (dict.lookup(PDFName.of("Filter")) as PDFName).asString(),
      smask: dict.get(PDFName.of("SMask")) instanceof PDFRef,
    };
  });
}

function checkWithTools(name: string, pdf: Uint8Array, sizes: { width: number; height: number }[]): string {
  const file = work.write(name, pdf);
  if (HAVE_QPDF) expect(qpdfCheck(file)).toMatch(/No syntax or stream encoding errors found/);
  if (HAVE_POPPLER) {
    const info = pdfinfo(file);
    expect(info.pages).toBe(sizes.length);
    info.sizes.forEach((size, i) => {
      expect(size.width).toBeCloseTo(sizes[i]!.width, 1);
      expect(size.height).toBeCloseTo(sizes[i]!.height, 1);
    });
  }
  return file;
}

describe("page size", () => {
  it("is pixels × 72 / dpi in points", () => {
    expect(pageSizePt(612, 792, 72, 72)).toEqual({ widthPt: 612, heightPt: 792 });
    expect(pageSizePt(2550, 3300, 300, 300)).toEqual({ widthPt: 612, heightPt: 792 });
    expect(pageSizePt(200, 100, 150, 75)).toEqual({ widthPt: 96, heightPt: 96 });
  });
});

describe("images to PDF", () => {
  it("writes one page per image, each its own size, with the leanest image type, and the tools agree", async () => {
    const images = [image("rgb", 120, 80, 72), image("grey", 90, 60, 144), image("bilevel", 64, 40, [300, 150]), image("rgba", 50, 30, 96)];
    const writer = await ImagePdfWriter.create({ title: "fixture.tiff" });
    for (const img of images) await writer.addPage(img);
    const pdf = await writer.save();
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe("%PDF-");
    const expected = [
      { width: 120, height: 80 },
      { width: 45, height: 30 },
      { width: 15.36, height: 19.2 },
      { width: 37.5, height: 22.5 },
    ];
    expect(writer.pages.map((p) => ({ width: p.widthPt, height: p.heightPt }))).toEqual(expected);

    const parsed = await pageImages(pdf);
    expect(parsed.map((p) => p.size)).toEqual(expected);
    expect(parsed.map((p) => [p.width, p.height])).toEqual(images.map((i) => [i.width, i.height]));
    expect(parsed.map((p) => [p.colorSpace, p.bits, p.smask])).toEqual([
      ["/DeviceRGB", 8, false],
      ["/DeviceGray", 8, false],
      ["/DeviceGray", 1, false],
      ["/DeviceRGB", 8, true],
    ]);
    expect(parsed.every((p) => p.filter === "/FlateDecode")).toBe(true);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getTitle()).toBe("fixture.tiff");

    const file = checkWithTools("four.pdf", pdf, expected);
    if (!HAVE_POPPLER) return;
    // rendered at its image's resolution, a page is its image again (transparency shown on white)
    images.forEach((img, i) => {
      if (img.dpiX !== img.dpiY) return;
      const page = pdfPagePixels(file, i + 1, img.dpiX);
      expect([page.width, page.height]).toEqual([img.width, img.height]);
      const expectedRgb = rgbaOnWhite(img.data);
      expect(psnr(page.rgb, expectedRgb, 3), `page ${i + 1}`).toBeGreaterThan(45);
    });
  });

  it("keeps a large page small: a flat-colour 2000 × 1500 page compresses to a few kilobytes", async () => {
    const flat = { width: 2000, height: 1500, data: new Uint8Array(2000 * 1500 * 4).fill(200), dpiX: 200, dpiY: 200 };
    for (let i = 3; i < flat.data.length; i += 4) flat.data[i] = 255;
    const writer = await ImagePdfWriter.create();
    await writer.addPage(flat);
    const pdf = await writer.save();
    expect(pdf.length).toBeLessThan(20_000);
    checkWithTools("flat.pdf", pdf, [{ width: 720, height: 540 }]);
  });
});

describe.skipIf(!HAVE_IMAGEMAGICK)("TIFF to PDF", () => {
  it("converts every page of a multi-page TIFF, compressions mixed, each page sized from its own resolution", async () => {
    magick(["-size", "300x200", "-seed", "3", "plasma:fractal", "-depth", "8", work.path("src.png")]);
    const parts: [string, string[]][] = [
      ["a", ["-units", "PixelsPerInch", "-density", "150", "-compress", "LZW"]],
      ["b", ["-resize", "120x160!", "-units", "PixelsPerInch", "-density", "72", "-colorspace", "Gray", "-compress", "Zip"]],
      ["c", ["-resize", "200x100!", "-units", "PixelsPerInch", "-density", "200", "-monochrome", "-depth", "1", "-compress", "Group4"]],
      ["d", ["-resize", "90x90!", "-units", "PixelsPerCentimeter", "-density", "50", "-compress", "JPEG"]],
      ["e", ["-resize", "100x50!", "-units", "PixelsPerInch", "-density", "100", "-monochrome", "-depth", "1", "-compress", "Fax"]],
    ];
    for (const [name, args] of parts) magick([work.path("src.png"), ...args, work.path(`${name}.tif`)]);
    magick([...parts.map(([name]) => work.path(`${name}.tif`)), work.path("multi.tif")]);
    const bytes = work.read("multi.tif");

    const progress: number[] = [];
    const { pdf, pages } = await tiffToPdf(bytes, { title: "multi.tif", onProgress: (f) => progress.push(f) });
    const expected = [
      { width: 144, height: 96 },
      { width: 120, height: 160 },
      { width: 72, height: 36 },
      { width: 51.024, height: 51.024 }, // 90 px at 127 dpi
      { width: 72, height: 36 },
    ];
    expect(pages.map((p) => ({ width: p.widthPt, height: p.heightPt }))).toEqual(expected);
    expect(pages.map((p) => p.colour)).toEqual(["rgb", "grey", "bilevel", "rgb", "bilevel"]);
    // real progress: rises page by page and ends at 1
    expect(progress.toSorted((a, b) => a - b)).toEqual(progress);
    expect(new Set(progress.map((f) => Math.floor(f * 5))).size).toBeGreaterThanOrEqual(5);
    expect(progress.at(-1)).toBe(1);

    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(5);
    expect(doc.getPages().map((p) => p.getSize())).toEqual(expected);
    const file = checkWithTools("multi.pdf", pdf, expected);
    if (!HAVE_POPPLER) return;
    const decoded = decodeTiff(bytes);
    for (const [i, dpi] of [
      [0, 150],
      [1, 72],
      [2, 200],
      [4, 100],
    ] as const) {
      const page = pdfPagePixels(file, i + 1, dpi);
      expect([page.width, page.height]).toEqual([decoded[i]!.width, decoded[i]!.height]);
      expect(psnr(page.rgb, rgbaOnWhite(decoded[i]!.data), 3), `page ${i + 1}`).toBeGreaterThan(45);
    }
  });

  it("decodes one page at a time: the second page is not decoded before the first one is taken", () => {
    magick(["-size", "64x64", "xc:red", "-size", "64x64", "xc:blue", "-compress", "LZW", work.path("two.tif")]);
    const bytes = work.read("two.tif");
    const seen: number[] = [];
    const pages = decodeTiffPages(bytes, readTiff(bytes), { onProgress: (f) => seen.push(f) });
    const first = pages.next();
    expect(first.done).toBe(false);
    expect(Math.max(...seen)).toBeLessThanOrEqual(0.5);
    expect(pages.next().done).toBe(false);
    expect(Math.max(...seen)).toBe(1);
  });

  it("ten pages of 1200 × 900 go through page by page", async () => {
    const frames = Array.from({ length: 10 }, (_, i) => ["-size", "1200x900", `gradient:rgb(${i * 25},0,0)-rgb(0,0,${255 - i * 20})`]).flat();
    magick([...frames, "-depth", "8", "-compress", "Zip", work.path("ten.tif")]);
    const { pdf, pages } = await tiffToPdf(work.read("ten.tif"));
    expect(pages).toHaveLength(10);
    checkWithTools("ten.pdf", pdf, Array.from({ length: 10 }, () => ({ width: 1200, height: 900 })));
  });
});

describe("PSB to PDF", () => {
  it("makes one page from the composite, sized from the document's resolution", async () => {
    const width = 300;
    const height = 150;
    const { bytes, pixels: data } = psdFixture({ width, height, psb: true, dpi: 150 });
    const stages: number[] = [];
    const { pdf, pages } = await psbToPdf(bytes, { title: "poster.psb", onProgress: (f) => stages.push(f) });
    expect(pages).toEqual([{ widthPx: 300, heightPx: 150, dpiX: 150, dpiY: 150, widthPt: 144, heightPt: 72, colour: "rgb", alpha: false }]);
    expect(stages[0]).toBe(0);
    expect(stages.at(-1)).toBe(1);
    const file = checkWithTools("poster.pdf", pdf, [{ width: 144, height: 72 }]);
    if (!HAVE_POPPLER) return;
    const page = pdfPagePixels(file, 1, 150);
    expect([page.width, page.height]).toEqual([width, height]);
    expect(psnr(page.rgb, rgbaOnWhite(data), 3)).toBeGreaterThan(45);
  });
});

/** The soft mask (transparency) of a page's image, extracted by poppler's pdfimages, one byte a pixel. */
function pdfSoftMask(file: string, page: number): Uint8Array | null {
  const listing = execFileSync("pdfimages", ["-list", "-f", String(page), "-l", String(page), file], { encoding: "utf8" });
  // "page num type width height ...": the row whose type is smask
  const row = listing.split("\n").find((line) => line.trim().split(/\s+/)[2] === "smask");
  if (!row) return null;
  const num = Number(row.trim().split(/\s+/)[1]);
  const prefix = work.path(`mask-${page}`);
  execFileSync("pdfimages", ["-png", "-f", String(page), "-l", String(page), file, prefix]);
  const grey = magickRgba(`${prefix}-${String(num).padStart(3, "0")}.png`).data;
  return grey.filter((_, i) => i % 4 === 0);
}

describe.skipIf(!HAVE_IMAGEMAGICK || !HAVE_POPPLER)("TIFF to PDF: JPEG-compressed RGBA pages", () => {
  // such a page came out blank: its colours inverted and its soft mask all zero
  it.each([
    ["unassociated alpha", []],
    ["unassociated alpha in separate planes", ["-interlace", "Plane"]],
    ["associated alpha", ["-define", "tiff:alpha=associated"]],
  ])("%s: the page shows the picture on white, and its soft mask is the picture's alpha", async (name, args) => {
    const source = work.path("jpeg-rgba-source.png");
    magick(["-size", "96x64", "-seed", "7", "plasma:fractal", "(", "-size", "96x64", "gradient:white-black", ")", "-alpha", "off", "-compose", "CopyOpacity", "-composite", "-depth", "8", source]);
    const tif = work.path(`jpeg-rgba-${name.replace(/\W+/g, "-")}.tif`);
    magick([source, "-depth", "8", "-compress", "JPEG", "-quality", "92", ...args, tif]);
    const { pdf, pages } = await tiffToPdf(new Uint8Array(readFileSync(tif)));
    expect(pages).toMatchObject([{ widthPx: 96, heightPx: 64, colour: "rgb", alpha: true }]);
    const file = checkWithTools(`jpeg-rgba-${name.replace(/\W+/g, "-")}.pdf`, pdf, [{ width: 96, height: 64 }]);
    const picture = magickRgba(source);
    const rendered = pdfPagePixels(file, 1, 72);
    expect([rendered.width, rendered.height]).toEqual([96, 64]);
    expect(psnr(rendered.rgb, rgbaOnWhite(picture.data), 3)).toBeGreaterThan(35);
    const mask = pdfSoftMask(file, 1);
    expect(mask).not.toBeNull();
    const alpha = picture.data.filter((_, i) => i % 4 === 3);
    expect(difference(mask!, alpha).max).toBeLessThanOrEqual(2);
  });
});

/** The bounding box of the page's non-white pixels. */
function inkBox(page: { width: number; height: number; rgb: Uint8Array }): { width: number; height: number } {
  let left = page.width, right = -1, top = page.height, bottom = -1;
  for (let y = 0; y < page.height; y++) {
    for (let x = 0; x < page.width; x++) {
      const i = (y * page.width + x) * 3;
      if (page.rgb[i]! < 240 || page.rgb[i + 1]! < 240 || page.rgb[i + 2]! < 240) {
        left = Math.min(left, x); right = Math.max(right, x); top = Math.min(top, y); bottom = Math.max(bottom, y);
      }
    }
  }
  return { width: right - left + 1, height: bottom - top + 1 };
}

describe.skipIf(!HAVE_IMAGEMAGICK || !HAVE_POPPLER || !HAVE_QPDF)("JPG and PNG files to PDF (imagesToPdf)", () => {
  // a 400×200 photo stored sideways with EXIF "rotate 90° clockwise to view" (ImageMagick writes the tag)
  execFileSync(IMAGEMAGICK, ["-size", "400x200", "gradient:navy-orange", "-quality", "90", work.path("plain.jpg")]);
  const sideways = withExifOrientation(work.read("plain.jpg"), 6, false);

  it("puts each image on its own page in the order given, the JPEG's own data kept", async () => {
    const pdf = work.write("two.pdf", await imagesToPdf([{ bytes: rampPng(), name: "ramp.png" }, { bytes: sideways, name: "sideways.jpg" }], { title: "Two" }));
    qpdfCheck(pdf);
    const info = pdfinfo(pdf);
    expect(info.pages).toBe(2);
    // the wide ramp on a landscape page; the photo is upright (200 wide, 400 high) on a portrait page
    expect(info.sizes[0]!.width).toBeGreaterThan(info.sizes[0]!.height);
    expect(info.sizes[1]!.width).toBeLessThan(info.sizes[1]!.height);
    const list = execFileSync("pdfimages", ["-list", pdf], { encoding: "utf8" });
    expect(list).toMatch(/^\s+1\s+\d+\s+image\s+120\s+80\b/m);
    expect(list).toMatch(/^\s+2\s+\d+\s+image\s+400\s+200\s+rgb\s+3\s+8\s+jpeg/m);
    // drawn upright: the ink on page 2 is twice as high as wide
    const box = inkBox(pdftoppm(pdf, 2, 72));
    expect(box.height / box.width).toBeCloseTo(2, 1);
  });

  it("refuses a file that is not an image, by name", async () => {
    await expect(imagesToPdf([{ bytes: new TextEncoder().encode("hello"), name: "notes.png" }])).rejects.toMatchObject({ code: "damaged", message: expect.stringContaining("notes.png") });
    const cut = rampPng().subarray(0, 60);
    await expect(imagesToPdf([{ bytes: cut, name: "cut.png" }])).rejects.toMatchObject({ code: "damaged" });
  });
});
