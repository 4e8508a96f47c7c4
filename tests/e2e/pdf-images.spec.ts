import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "./support/test.ts";
import { PDFDocument } from "pdf-lib";
import { gotoHydrated, saveScreenshots } from "./support/page.ts";
import { HAVE_IMAGEMAGICK, IMAGEMAGICK } from "../support/reference-tools.ts";
import { psdFixture } from "../support/psd-fixture.ts";

// TIFF to PDF and PSB to PDF in Chromium: each converts a fixture made here (the TIFF by
// ImageMagick, the PSB by ag-psd's writer), and the downloaded PDF is opened with pdf-lib.

if (!HAVE_IMAGEMAGICK) console.log("Skipping the TIFF conversion e2e: ImageMagick (convert-im6.q16) is not installed to make the fixture");


const fileInput = (page: Page) => page.locator('[data-testid="file-drop-zone"] input[type="file"]');

const im = (...args: string[]) => execFileSync(IMAGEMAGICK, args, { stdio: ["ignore", "ignore", "pipe"] });

/** A three-page TIFF: 300 × 200 RGB LZW at 150 dpi, 120 × 160 grey Deflate at 72 dpi, 200 × 100 bilevel G4 at 200 dpi. */
function multiPageTiff(): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), "e2e-tiff-"));
  try {
    const at = (name: string) => path.join(dir, name);
    im("-size", "300x200", "-seed", "5", "plasma:fractal", "-depth", "8", at("src.png"));
    im(at("src.png"), "-units", "PixelsPerInch", "-density", "150", "-compress", "LZW", at("a.tif"));
    im(at("src.png"), "-resize", "120x160!", "-units", "PixelsPerInch", "-density", "72", "-colorspace", "Gray", "-compress", "Zip", at("b.tif"));
    im(at("src.png"), "-resize", "200x100!", "-units", "PixelsPerInch", "-density", "200", "-monochrome", "-depth", "1", "-compress", "Group4", at("c.tif"));
    im(at("a.tif"), at("b.tif"), at("c.tif"), at("multi.tif"));
    return readFileSync(at("multi.tif"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A 300 × 150 PSB (large document format) at 150 dpi, or the same image as a PSD. */
const psbFile = (psb = true) => Buffer.from(psdFixture({ width: 300, height: 150, psb, dpi: 150 }).bytes);

async function convertAndDownload(page: Page, name: string, buffer: Buffer) {
  await fileInput(page).setInputFiles({ name, mimeType: "application/octet-stream", buffer });
  await expect(page.getByTestId("selected-file")).toContainText(name);
  await page.getByRole("button", { name: "Convert to PDF" }).click();
  await expect(page.getByTestId("conversion-result")).toBeVisible({ timeout: 30_000 });
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download PDF" }).click();
  const download = await downloadPromise;
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

test.describe("TIFF to PDF", () => {
  test.skip(!HAVE_IMAGEMAGICK, "ImageMagick is not installed to make the TIFF fixture");

  test("converts every page of a multi-page TIFF; the PDF has one page per TIFF page, sized from its resolution", async ({ page }) => {
    await gotoHydrated(page, "/tool/tiff-to-pdf-converter");
    await expect(page.getByRole("button", { name: "Convert to PDF" })).toBeDisabled();
    await expect(page.getByTestId("file-drop-zone")).toContainText("Accepted: TIFF, TIF");
    const { name, bytes } = await convertAndDownload(page, "scan.multi.tif", multiPageTiff());
    expect(name).toBe("scan.multi.pdf");
    await expect(page.getByTestId("conversion-description")).toHaveText("TIFF converted to PDF");
    await expect(page.getByTestId("conversion-result")).toContainText("3 pages in 3 sizes: 2 × 1.33 in (144 × 96 pt), 1.67 × 2.22 in (120 × 160 pt), 1 × 0.5 in (72 × 36 pt)");
    await expect(page.getByTestId("pdf-pages")).toContainText("Page 1: 300 × 200 px at 150 dpi → 2 × 1.33 in (144 × 96 pt)");
    await expect(page.getByTestId("pdf-pages")).toContainText("Page 3: 200 × 100 px at 200 dpi → 1 × 0.5 in (72 × 36 pt)");

    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(3);
    expect(pdf.getPages().map((p) => p.getSize())).toEqual([
      { width: 144, height: 96 },
      { width: 120, height: 160 },
      { width: 72, height: 36 },
    ]);
    expect(pdf.getTitle()).toBe("scan.multi.tif");
    await saveScreenshots(page, "tiff-to-pdf-done");
  });

  test("refuses a file that is not .tif or .tiff, and fails a corrupt TIFF with its reason", async ({ page }) => {
    await gotoHydrated(page, "/tool/tiff-to-pdf-converter");
    await fileInput(page).setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("not a tiff") });
    await expect(page.getByTestId("file-refusal").getByTestId("reason")).toHaveText("Invalid file type: Please select a TIFF file");
    await expect(page.getByRole("button", { name: "Convert to PDF" })).toBeDisabled();

    // a TIFF header whose first page directory lies beyond the end of the file
    const corrupt = Buffer.from([0x49, 0x49, 42, 0, 0xff, 0xff, 0, 0, 1, 2, 3, 4]);
    await fileInput(page).setInputFiles({ name: "broken.TIFF", mimeType: "image/tiff", buffer: corrupt });
    await page.getByRole("button", { name: "Convert to PDF" }).click();
    await expect(page.getByText(/Please try again/)).toHaveCount(0);
    await expect(page.getByTestId("conversion-status")).toContainText("Conversion failed: The TIFF file is truncated or corrupt");
    await expect(page.getByRole("link", { name: "Download PDF" })).toHaveCount(0);
    await saveScreenshots(page, "tiff-to-pdf-failed");
  });
});

test.describe("PSB to PDF", () => {
  test("converts the composite image of a PSB into a one-page PDF sized from the document's resolution", async ({ page }) => {
    await gotoHydrated(page, "/tool/psb-to-pdf-converter");
    await expect(page.getByTestId("file-drop-zone")).toContainText("Accepted: PSB, PSD");
    const { name, bytes } = await convertAndDownload(page, "poster.psb", psbFile());
    expect(name).toBe("poster.pdf");
    await expect(page.getByTestId("conversion-description")).toHaveText("PSB converted to PDF");
    await expect(page.getByTestId("conversion-result")).toContainText("1 page, 2 × 1 in (144 × 72 pt)");
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 144, height: 72 });
    await saveScreenshots(page, "psb-to-pdf-done");
  });

  test("takes a .psd too (the codec reads both), refuses other files, and fails a corrupt PSB with its reason", async ({ page }) => {
    await gotoHydrated(page, "/tool/psb-to-pdf-converter");
    const psd = await convertAndDownload(page, "design.psd", psbFile(false));
    expect(psd.name).toBe("design.pdf");
    expect((await PDFDocument.load(psd.bytes)).getPage(0).getSize()).toEqual({ width: 144, height: 72 });

    await fileInput(page).setInputFiles({ name: "design.png", mimeType: "image/png", buffer: psbFile() });
    await expect(page.getByTestId("file-refusal").getByTestId("reason")).toHaveText("Invalid file type: Please select a PSB or PSD file");

    const truncated = psbFile().subarray(0, 2000);
    await fileInput(page).setInputFiles({ name: "cut.psb", mimeType: "application/octet-stream", buffer: truncated });
    await page.getByRole("button", { name: "Convert to PDF" }).click();
    await expect(page.getByText(/Please try again/)).toHaveCount(0);
    await expect(page.getByTestId("conversion-status")).toContainText("Conversion failed: The PSB file is truncated");
    await saveScreenshots(page, "psb-to-pdf-failed");
  });
});
