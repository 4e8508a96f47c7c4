import { execFileSync } from "node:child_process";
import { PDFDocument } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { HAVE_LIBREOFFICE, officeFromHtml, reportHtml } from "#tests/support/office-fixtures.ts";
import { magickIdentify, magickRgba } from "#tests/support/imagemagick.ts";
import { HAVE_IMAGEMAGICK, HAVE_POPPLER, HAVE_QPDF } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import { pdfinfo, psnr } from "#tests/support/codecs/pdf/test-helpers.ts";
import { parsePageRange } from "./page-range.ts";
import { nodePdfjs } from "./pdfjs-node.ts";
import { nodeCanvas } from "./render-pdf-node.ts";
import { blockMeans, crop, popplerPage, rgbOf, type RgbImage } from "#tests/support/codecs/document/render-pdf-test-helpers.ts";
import { MAX_RENDERED_PAGES, pageImageName, renderPdfPages, type RenderedPage, type RenderPdfOptions } from "./render-pdf.ts";

const dir = scratch("render-pdf");
afterAll(() => dir.cleanup());

// Measured against pdftoppm (anti-aliased) on LibreOffice's report at 72 and 150 DPI: 20.2-22.4 dB
// pixel by pixel (Skia and poppler anti-alias glyph edges differently) and 31.0-32.8 dB once both
// are averaged over 4 × 4 blocks. An all-white page scores 13-15 and 16-18 dB, and our page moved
// by one pixel 15-17 dB pixel by pixel, so the thresholds catch a blank, shifted or wrong page.
const MIN_PSNR = 19;
const MIN_BLOCK_PSNR = 29;

const render = async (file: string, options: RenderPdfOptions): Promise<RenderedPage[]> => renderPdfPages(await nodePdfjs(), nodeCanvas, dir.read(file), options);

/** ImageMagick's decode of one of our images, and poppler's rendering of the same page, cut to the common size. */
function compared(page: RenderedPage, file: string, dpi: number): { ours: RgbImage; poppler: RgbImage } {
  const decoded = magickRgba(dir.write(`decoded.${page.format}`, page.bytes));
  const reference = popplerPage(dir.path(file), page.pageNumber, dpi);
  const width = Math.min(decoded.width, reference.width);
  const height = Math.min(decoded.height, reference.height);
  return { ours: crop(rgbOf(decoded.width, decoded.height, decoded.data), width, height), poppler: crop(reference, width, height) };
}

const similarity = (a: RgbImage, b: RgbImage) => ({ psnr: psnr(a.rgb, b.rgb, 3), blocks: psnr(blockMeans(a, 4).rgb, blockMeans(b, 4).rgb, 3) });

describe.skipIf(!HAVE_LIBREOFFICE || !HAVE_POPPLER || !HAVE_IMAGEMAGICK || !HAVE_QPDF)("renderPdfPages in Node", () => {
  officeFromHtml(reportHtml({ paragraphs: 30 }), "pdf", dir.dir, "report");
  const info = pdfinfo(dir.path("report.pdf"));
  execFileSync("/usr/bin/qpdf", ["--encrypt", "open-sesame", "owner", "256", "--", dir.path("report.pdf"), dir.path("locked.pdf")]);

  it.each([72, 150])("renders every page at %i DPI at its exact size, and poppler sees the same page", async (dpi) => {
    expect(info.pages).toBeGreaterThanOrEqual(2);
    const pages = await render("report.pdf", { dpi, format: "png" });
    expect(pages.map((page) => page.pageNumber)).toEqual(Array.from({ length: info.pages }, (_, i) => i + 1));
    for (const page of pages) {
      const size = info.sizes[page.pageNumber - 1]!;
      expect([page.width, page.height]).toEqual([Math.round((size.width * dpi) / 72), Math.round((size.height * dpi) / 72)]);
      expect(magickIdentify(dir.write("page.png", page.bytes))).toContain(`PNG ${page.width}x${page.height}`);
      const { ours, poppler } = compared(page, "report.pdf", dpi);
      const score = similarity(ours, poppler);
      expect(score.psnr).toBeGreaterThanOrEqual(MIN_PSNR);
      expect(score.blocks).toBeGreaterThanOrEqual(MIN_BLOCK_PSNR);
      // the control: a blank page of that size does not pass
      const blank = similarity({ ...ours, rgb: new Uint8Array(ours.rgb.length).fill(255) }, poppler);
      expect(blank.psnr).toBeLessThan(MIN_PSNR);
      expect(blank.blocks).toBeLessThan(MIN_BLOCK_PSNR);
    }
  });

  it("turns a page its /Rotate entry turns, as poppler does", async () => {
    execFileSync("/usr/bin/qpdf", ["--rotate=+90:1", dir.path("report.pdf"), dir.path("rotated.pdf")]);
    const [page] = await render("rotated.pdf", { dpi: 72, format: "png", pages: parsePageRange("1") });
    const size = info.sizes[0]!;
    expect([page!.width, page!.height]).toEqual([Math.round(size.height), Math.round(size.width)]);
    const { ours, poppler } = compared(page!, "rotated.pdf", 72);
    expect(similarity(ours, poppler).psnr).toBeGreaterThanOrEqual(MIN_PSNR);
    expect(similarity(ours, poppler).blocks).toBeGreaterThanOrEqual(MIN_BLOCK_PSNR);
  });

  it("writes JPEG on a white background, smaller at quality 50 than at 90", async () => {
    const [q50] = await render("report.pdf", { dpi: 150, format: "jpeg", quality: 50, pages: parsePageRange("1") });
    const [q90] = await render("report.pdf", { dpi: 150, format: "jpeg", quality: 90, pages: parsePageRange("1") });
    expect(q90!.mimeType).toBe("image/jpeg");
    expect(magickIdentify(dir.write("page.jpg", q90!.bytes))).toContain(`JPEG ${q90!.width}x${q90!.height}`);
    expect(q50!.bytes.length).toBeLessThan(q90!.bytes.length * 0.8);
    const { ours, poppler } = compared(q90!, "report.pdf", 150);
    expect(similarity(ours, poppler).blocks).toBeGreaterThanOrEqual(MIN_BLOCK_PSNR);
    // the margin is white, not black (a JPEG of a transparent canvas would be)
    for (const i of [0, 3 * (ours.width - 1), 3 * ours.width * (ours.height - 1)]) expect(Math.min(...ours.rgb.subarray(i, i + 3))).toBeGreaterThanOrEqual(250);
  });

  it("renders only the chosen pages, in order, reporting each page and the progress", async () => {
    const all = await render("report.pdf", { dpi: 72, format: "png" });
    const seen: number[] = [];
    const progress: number[] = [];
    const chosen = await render("report.pdf", { dpi: 72, format: "png", pages: parsePageRange("2-"), onPage: (page) => seen.push(page.pageNumber), onProgress: (f) => progress.push(f) });
    const expected = Array.from({ length: info.pages - 1 }, (_, i) => i + 2);
    expect(chosen.map((page) => page.pageNumber)).toEqual(expected);
    expect(seen).toEqual(expected);
    expect(progress).toEqual([0, ...expected.map((_, i) => (i + 1) / expected.length)]);
    // rendering is deterministic: the same page gives the same file
    expect(chosen[0]!.bytes).toEqual(all[1]!.bytes);
    await expect(render("report.pdf", { dpi: 72, format: "png", pages: parsePageRange(`${info.pages + 1}`) })).rejects.toMatchObject({
      code: "unsupported",
      message: expect.stringContaining(`This PDF has ${info.pages} pages, so there is no page ${info.pages + 1}`),
    });
  });

  it("renders an encrypted PDF with its password, and asks for it otherwise", async () => {
    const [plain] = await render("report.pdf", { dpi: 72, format: "png", pages: parsePageRange("1") });
    const [unlocked] = await render("locked.pdf", { dpi: 72, format: "png", pages: parsePageRange("1"), password: "open-sesame" });
    expect(unlocked!.bytes).toEqual(plain!.bytes);
    await expect(render("locked.pdf", { dpi: 72, format: "png" })).rejects.toMatchObject({ code: "password-required" });
    await expect(render("locked.pdf", { dpi: 72, format: "png", password: "nope" })).rejects.toMatchObject({ code: "wrong-password" });
  });

  it("refuses a resolution, quality or format it does not make", async () => {
    for (const dpi of [71, 301, Number.NaN]) await expect(render("report.pdf", { dpi, format: "png" })).rejects.toMatchObject({ code: "unsupported", message: expect.stringContaining("from 72 to 300 DPI") });
    for (const quality of [0, 101, 2.5]) await expect(render("report.pdf", { dpi: 72, format: "jpeg", quality })).rejects.toMatchObject({ code: "unsupported", message: expect.stringContaining("1 to 100") });
    await expect(render("report.pdf", { dpi: 72, format: "gif" as "png" })).rejects.toMatchObject({ code: "unsupported" });
  });

  it("refuses before drawing a page too big for one image, naming the DPI that fits", async () => {
    const doc = await PDFDocument.create();
    doc.addPage([5000, 5000]);
    doc.addPage([14400, 14400]);
    dir.write("poster.pdf", await doc.save());
    await expect(render("poster.pdf", { dpi: 300, format: "png", pages: parsePageRange("1") })).rejects.toMatchObject({
      code: "too-large",
      message: expect.stringMatching(/^Page 1 would be 20833 × 20833 pixels at 300 DPI.*Choose 101 DPI or less\.$/),
    });
    await expect(render("poster.pdf", { dpi: 72, format: "png", pages: parsePageRange("2") })).rejects.toMatchObject({
      code: "too-large",
      message: expect.stringContaining("too large to save as an image"),
    });
  });

  it("refuses too many pages, or too many pixels in all, before drawing any", async () => {
    const many = Array.from({ length: MAX_RENDERED_PAGES + 1 }, () => "1").join(",");
    execFileSync("/usr/bin/qpdf", ["--empty", "--pages", dir.path("report.pdf"), many, "--", dir.path("many.pdf")]);
    const drawn: number[] = [];
    await expect(render("many.pdf", { dpi: 72, format: "png", onPage: (page) => drawn.push(page.pageNumber) })).rejects.toMatchObject({ code: "too-much-work", message: expect.stringContaining("Choose a page range") });
    // A4 at 300 DPI is 8.7 M pixels: about 115 of them pass the billion
    await expect(render("many.pdf", { dpi: 300, format: "png", pages: parsePageRange("1-200"), onPage: (page) => drawn.push(page.pageNumber) })).rejects.toMatchObject({
      code: "too-much-work",
      message: expect.stringContaining("Choose fewer pages or a lower DPI"),
    });
    expect(drawn).toEqual([]);
  });

  it("stops when cancelled, before the first page or between pages", async () => {
    const before = new AbortController();
    before.abort();
    await expect(render("report.pdf", { dpi: 72, format: "png", signal: before.signal })).rejects.toMatchObject({ name: "AbortError" });
    const midway = new AbortController();
    const drawn: number[] = [];
    const run = render("report.pdf", { dpi: 72, format: "png", signal: midway.signal, onPage: (page) => (drawn.push(page.pageNumber), midway.abort()) });
    await expect(run).rejects.toMatchObject({ name: "AbortError" });
    expect(drawn).toEqual([1]);
  });
});

describe("pageImageName", () => {
  it("numbers pages with at least three digits, more when the document needs them", () => {
    expect(pageImageName("report", 7, 12, "png")).toBe("report-page-007.png");
    expect(pageImageName("report", 7, 1200, "jpeg")).toBe("report-page-0007.jpg");
  });
});
