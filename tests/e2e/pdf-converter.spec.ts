import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { unzipSync } from "fflate";
import { expect, test, type Page } from "./support/test.ts";
import { gotoHydrated } from "./support/page.ts";
import { scratchDir } from "./support/image-fixtures.ts";
import { convertButton, fileInput, probeOutcome, shown } from "./support/media.ts";
import { forbidForeignRequests } from "./support/origins.ts";
import { imagesToPdf } from "#codecs/pdf/image-pdf.ts";
import { MIN_PARALLEL_PAGES } from "#codecs/document/pdf-text-split.ts";
import { nodePdfjsText } from "#codecs/document/pdfjs-node.ts";
import { readPdfText } from "#codecs/document/read-pdf.ts";
import { deflatedEntry, handmadeZip, zerosDeflate } from "#tests/support/handmade-zip.ts";
import { blockMeans, crop, popplerPage, rgbOf } from "#tests/support/codecs/document/render-pdf-test-helpers.ts";
import { psnr } from "#tests/support/codecs/pdf/test-helpers.ts";
import { magickFormat, magickRgba } from "#tests/support/imagemagick.ts";
import { HAVE_LIBREOFFICE, htmlWords, officeFromHtml, officeText, rampPng, reportHtml, words, wordsInOrder } from "#tests/support/office-fixtures.ts";
import { ANTIWORD, HAVE_ANTIWORD, HAVE_IMAGEMAGICK, HAVE_POPPLER, HAVE_QPDF, IMAGEMAGICK, PDFFONTS, PDFTOTEXT } from "#tests/support/reference-tools.ts";

// The PDF converter of issue 15 in Chromium, on the production build. Fixtures are written by
// LibreOffice (DOCX, DOC, PDF), qpdf (an encrypted PDF) and ImageMagick (a JPEG); every download is
// judged by another program: pdftotext, pdffonts and qpdf for PDFs, LibreOffice for DOCX, poppler's
// own rendering for page images. No request leaves our origin.

const READY = HAVE_LIBREOFFICE && HAVE_POPPLER && HAVE_QPDF && HAVE_IMAGEMAGICK && HAVE_ANTIWORD;
if (!READY) console.log("The PDF converter e2e needs LibreOffice, poppler-utils, qpdf, ImageMagick and antiword: .ci/run installs them");

const files = scratchDir("e2e-pdf-");
test.afterAll(() => files.remove());

forbidForeignRequests();

/** LibreOffice's rendition of the report (made once per format and size). */
const fixtures = new Map<string, string>();
function report(format: "docx" | "doc" | "pdf", paragraphs = 0): string {
  const key = `${format}-${paragraphs}`;
  if (!fixtures.has(key)) fixtures.set(key, officeFromHtml(reportHtml({ paragraphs }), format, files.dir, `report-${paragraphs}`));
  return fixtures.get(key)!;
}

async function choose(page: Page, paths: string | string[]): Promise<void> {
  const list = Array.isArray(paths) ? paths : [paths];
  await fileInput(page).setInputFiles(list.map((path) => ({ name: path.slice(path.lastIndexOf("/") + 1), mimeType: "application/octet-stream", buffer: readFileSync(path) })));
}

async function target(page: Page, label: string): Promise<void> {
  await page.getByTestId("document-target").selectOption({ label });
}

/** Convert, wait for the success message, download; returns the saved path and the suggested name. */
async function convertAndDownload(page: Page, label: string, saveAs: string): Promise<{ path: string; name: string }> {
  await convertButton(page).click();
  await expect(shown(page, "Conversion successful", `Document converted to ${label}`)).toBeVisible({ timeout: 60_000 });
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download", exact: true }).click();
  const download = await downloading;
  await download.saveAs(saveAs);
  return { path: saveAs, name: download.suggestedFilename() };
}

/** A locked file: the page asks for its password, refuses a wrong one, then converts to TXT with the right one; the text. */
async function unlockToText(page: Page, locked: string, want: { wrongPasswordMessage: string; password: string; saveAs: string }): Promise<string> {
  await gotoHydrated(page, "/tool/pdf-converter");
  await choose(page, locked);
  await expect(page.getByTestId("document-info")).toContainText("Password protected", { timeout: 30_000 });
  await target(page, "Plain text (TXT)");
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("wrong");
  // CI once timed out on this click (the button stayed disabled or the page stopped drawing): this
  // says which, with the file's line, if it happens again
  await expect(convertButton(page), `Convert stays enabled: ${await page.getByTestId("file-tool-frame").innerText()}`).toBeEnabled({ timeout: 30_000 });
  await convertButton(page).click();
  await expect(shown(page, "Conversion failed", want.wrongPasswordMessage)).toBeVisible({ timeout: 30_000 });
  await password.fill(want.password);
  const { path } = await convertAndDownload(page, "Plain text (TXT)", files.at(want.saveAs));
  return readFileSync(path, "utf8");
}

const pdftotext = (file: string) => execFileSync(PDFTOTEXT, [file, "-"], { encoding: "utf8" });

test("the document engines are loaded by the PDF converter only", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(request.url()));
  for (const path of ["/", "/tools", "/tool/xml-converter", "/tool/dds-to-png"]) await gotoHydrated(page, path);
  const assets = requested.map((url) => new URL(url).pathname).filter((path) => path.startsWith("/assets/"));
  expect(assets.length).toBeGreaterThan(3);
  expect(assets.filter((path) => /document|pdf\.worker|Roboto|Noto|Liberation|mammoth|pdfmake/i.test(path))).toEqual([]);
});

test.describe("PDF converter", () => {
  test.skip(!READY, "LibreOffice, poppler, qpdf, ImageMagick and antiword judge the outputs");
  test.setTimeout(120_000);

  test("DOCX to a real text PDF: embedded fonts, every word in order, Cyrillic and Greek", async ({ page }) => {
    await gotoHydrated(page, "/tool/pdf-converter");
    await choose(page, report("docx"));
    await expect(page.getByTestId("document-info")).toContainText("Word document (DOCX)", { timeout: 30_000 });
    await target(page, "PDF");
    const { path, name } = await convertAndDownload(page, "PDF", files.at("from-docx.pdf"));
    expect(name).toBe("report-0.pdf");
    execFileSync("/usr/bin/qpdf", ["--check", path]);
    const fonts = execFileSync(PDFFONTS, [path], { encoding: "utf8" }).split("\n").slice(2).filter((line) => line.trim() !== "");
    expect(fonts.length).toBeGreaterThan(0);
    for (const line of fonts) expect(line, "every font embedded and subset").toMatch(/\s+yes\s+yes\s+(yes|no)\s+\d+\s+\d+\s*$/);
    expect(wordsInOrder(htmlWords(reportHtml()), words(pdftotext(path)))).toBeGreaterThanOrEqual(0.99);
    await expect(page.getByTestId("document-notes")).toContainText("not kept");
  });

  test("PDF to TXT in reading order, and to PNG page images that match poppler's rendering", async ({ page }) => {
    const pdf = report("pdf", 60);
    const pages = Number(/^Pages:\s+(\d+)/m.exec(execFileSync("pdfinfo", [pdf], { encoding: "utf8" }))?.[1]);
    expect(pages).toBeGreaterThanOrEqual(2);
    await gotoHydrated(page, "/tool/pdf-converter");
    await choose(page, pdf);
    const info = page.getByTestId("document-info");
    await expect(info).toContainText(`Pages${pages}`, { timeout: 30_000 });
    await target(page, "Plain text (TXT)");
    const text = await convertAndDownload(page, "Plain text (TXT)", files.at("report.txt"));
    const ours = readFileSync(text.path, "utf8");
    expect(wordsInOrder(words(pdftotext(pdf)), words(ours))).toBeGreaterThanOrEqual(0.99);
    expect(ours.split("\f")).toHaveLength(pages);

    await target(page, "PNG images");
    await page.getByLabel("Pages").fill("1-2");
    const zip = await convertAndDownload(page, "PNG images", files.at("pages.zip"));
    expect(zip.name).toBe("report-60.zip");
    const entries = unzipSync(readFileSync(zip.path));
    expect(Object.keys(entries).toSorted()).toEqual(["report-60-page-001.png", "report-60-page-002.png"]);
    const first = magickRgba(files.write("page-1.png", entries["report-60-page-001.png"]!));
    // A4 at 150 DPI is 1240.2 × 1754.4 pixels: we round, pdftoppm rounds up
    expect([first.width, first.height]).toEqual([1240, 1754]);
    const poppler = crop(popplerPage(pdf, 1, 150), first.width, first.height);
    const ours1 = rgbOf(first.width, first.height, first.data);
    // the thresholds of render-pdf.test.ts: a blank or shifted page scores well below them
    expect(psnr(ours1.rgb, poppler.rgb, 3)).toBeGreaterThanOrEqual(19);
    expect(psnr(blockMeans(ours1, 4).rgb, blockMeans(poppler, 4).rgb, 3)).toBeGreaterThanOrEqual(29);
  });

  test("PDF to TXT over the page threshold: nested workers read the last pages, and the text is one thread's byte for byte", async ({ page }) => {
    // about 320 pages: over the threshold of two threads
    const pdf = report("pdf", 6400);
    const pages = Number(/^Pages:\s+(\d+)/m.exec(execFileSync("pdfinfo", [pdf], { encoding: "utf8" }))?.[1]);
    expect(pages).toBeGreaterThanOrEqual(MIN_PARALLEL_PAGES);
    // the nested workers' script is fetched only when the document worker starts them
    const nested: string[] = [];
    page.context().on("request", (request) => {
      if (/pdf-text\.worker/.test(request.url())) nested.push(request.url());
    });
    await gotoHydrated(page, "/tool/pdf-converter");
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    await choose(page, pdf);
    await expect(page.getByTestId("document-info")).toContainText(`Pages${pages}`, { timeout: 30_000 });
    await target(page, "Plain text (TXT)");
    const text = await convertAndDownload(page, "Plain text (TXT)", files.at("report-6400.txt"));
    const ours = readFileSync(text.path, "utf8");
    // pdf.js's legacy build on this one thread, no helpers
    const oneThread = await readPdfText(await nodePdfjsText(), new Uint8Array(readFileSync(pdf)));
    expect(ours).toBe(oneThread);
    if (cores >= 2) expect(nested.length).toBeGreaterThan(0);
  });

  test("PDF to an editable DOCX, and DOCX to TXT: the words survive both ways", async ({ page }) => {
    const pdf = report("pdf");
    await gotoHydrated(page, "/tool/pdf-converter");
    await choose(page, pdf);
    await expect(page.getByTestId("document-info")).toContainText("Pages1", { timeout: 30_000 });
    await target(page, "Word (DOCX)");
    const docx = await convertAndDownload(page, "Word (DOCX)", files.at("from-pdf.docx"));
    expect(wordsInOrder(words(pdftotext(pdf)), words(officeText(docx.path)))).toBeGreaterThanOrEqual(0.99);
    // the picture came along: word/media holds a PNG
    expect(Object.keys(unzipSync(readFileSync(docx.path))).some((name) => /^word\/media\/.+\.png$/.test(name))).toBe(true);

    await choose(page, docx.path);
    await expect(page.getByTestId("document-info")).toContainText("Word document (DOCX)", { timeout: 30_000 });
    await target(page, "Plain text (TXT)");
    const text = await convertAndDownload(page, "Plain text (TXT)", files.at("round-trip.txt"));
    expect(wordsInOrder(htmlWords(reportHtml()), words(readFileSync(text.path, "utf8")))).toBeGreaterThanOrEqual(0.99);
  });

  test("DOC (Word 97–2003) to DOCX that LibreOffice reads with every word", async ({ page }) => {
    const doc = report("doc");
    await gotoHydrated(page, "/tool/pdf-converter");
    await choose(page, doc);
    await expect(page.getByTestId("document-info")).toContainText("Word 97–2003", { timeout: 30_000 });
    await target(page, "Word (DOCX)");
    const { path } = await convertAndDownload(page, "Word (DOCX)", files.at("from-doc.docx"));
    // antiword marks a picture with "[pic]", which is not a word of the document
    const reference = words(execFileSync(ANTIWORD, ["-w", "0", doc], { encoding: "utf8" }).replaceAll("[pic]", " "));
    expect(wordsInOrder(reference, words(officeText(path)))).toBeGreaterThanOrEqual(0.99);
  });

  test("a Windows-1252 text file to PDF keeps its accents", async ({ page }) => {
    const txt = files.at("letter.txt");
    writeFileSync(txt, Buffer.from("Caf\xe9 menu \x96 cr\xe8me br\xfbl\xe9e\r\n\r\nSecond paragraph with \x93quotes\x94.\r\n", "latin1"));
    await gotoHydrated(page, "/tool/pdf-converter");
    await choose(page, txt);
    await expect(page.getByTestId("document-info")).toContainText("Windows-1252", { timeout: 30_000 });
    const { path } = await convertAndDownload(page, "PDF", files.at("letter.pdf"));
    const text = pdftotext(path);
    expect(text).toContain("Café menu – crème brûlée");
    expect(text).toContain("“quotes”");
  });

  test("an encrypted PDF asks for its password, refuses a wrong one and converts with the right one", async ({ page }) => {
    const locked = files.at("locked.pdf");
    execFileSync("/usr/bin/qpdf", ["--encrypt", "open-sesame", "owner", "256", "--", report("pdf"), locked]);
    const text = await unlockToText(page, locked, { wrongPasswordMessage: "The password is not right for this PDF", password: "open-sesame", saveAs: "unlocked.txt" });
    expect(text).toContain("Quarterly Report");
  });

  test("a password-protected DOCX asks for its password, refuses a wrong one and converts with the right one", async ({ page }) => {
    // LibreOffice's Standard-encrypted DOCX (decision 034); its password is Pässwort-25
    const locked = files.write("locked.docx", readFileSync(new URL("../../codecs/document/office-crypto/fixtures/libreoffice-standard.docx", import.meta.url)));
    const text = await unlockToText(page, locked, { wrongPasswordMessage: "The password is not right for this file", password: "Pässwort-25", saveAs: "unlocked-docx.txt" });
    expect(text).toContain("The quick brown fox jumps over the lazy dog.");
  });

  test("a scanned PDF says it has no text, and several images become one PDF in the order chosen", async ({ page }) => {
    const scan = files.write("scan.pdf", await imagesToPdf([{ bytes: rampPng(400, 300), name: "scan.png" }]));
    await gotoHydrated(page, "/tool/pdf-converter");
    await choose(page, scan);
    await expect(page.getByTestId("document-info")).toContainText("looks like a scan", { timeout: 30_000 });
    await target(page, "Plain text (TXT)");
    await convertButton(page).click();
    await expect(shown(page, "Conversion failed", /scan/i)).toBeVisible({ timeout: 30_000 });

    const jpeg = files.at("photo.jpg");
    execFileSync(IMAGEMAGICK, ["-size", "300x500", "gradient:navy-orange", "-quality", "90", jpeg]);
    const png = files.write("ramp.png", rampPng(240, 160));
    await choose(page, [png, jpeg]);
    await page.getByRole("button", { name: "Move up photo.jpg" }).click();
    await page.getByLabel("Put all the images in one PDF, in this order").check();
    const { path, name } = await convertAndDownload(page, "PDF", files.at("images.pdf"));
    expect(name).toBe("images.pdf");
    const list = execFileSync("pdfimages", ["-list", path], { encoding: "utf8" });
    // the photo first (its JPEG data kept as it is), then the ramp
    expect(list).toMatch(/^\s+1\s+\d+\s+image\s+300\s+500\s+rgb\s+3\s+8\s+jpeg/m);
    expect(list).toMatch(/^\s+2\s+\d+\s+image\s+240\s+160\b/m);
  });

  test("the other directions: DOCX to JPG pages, DOC to TXT, TXT and JPG to DOCX, PDF to JPG", async ({ page }) => {
    await gotoHydrated(page, "/tool/pdf-converter");
    await choose(page, report("docx"));
    await expect(page.getByTestId("document-info")).toContainText("DOCX", { timeout: 30_000 });
    await target(page, "JPG images");
    const pageImage = await convertAndDownload(page, "JPG images", files.at("docx-page.jpg"));
    expect(pageImage.name).toBe("report-0.jpg");
    // our PDF of the report is one A4 page: one JPEG of 1240 × 1754 at 150 DPI
    expect(magickFormat(pageImage.path, "%m %w %h")).toBe("JPEG 1240 1754");

    await choose(page, report("doc"));
    await expect(page.getByTestId("document-info")).toContainText("Word 97–2003", { timeout: 30_000 });
    await target(page, "Plain text (TXT)");
    const docText = await convertAndDownload(page, "Plain text (TXT)", files.at("from-doc.txt"));
    const reference = words(execFileSync(ANTIWORD, ["-w", "0", report("doc")], { encoding: "utf8" }).replaceAll("[pic]", " "));
    expect(wordsInOrder(reference, words(readFileSync(docText.path, "utf8")))).toBeGreaterThanOrEqual(0.99);

    const txt = files.at("plain.txt");
    writeFileSync(txt, "Shopping list\n\nBread, milk and ten eggs.\fSecond page.\n");
    await choose(page, txt);
    await expect(page.getByTestId("document-info")).toContainText("UTF-8", { timeout: 30_000 });
    await target(page, "Word (DOCX)");
    const txtDocx = await convertAndDownload(page, "Word (DOCX)", files.at("plain.docx"));
    expect(words(officeText(txtDocx.path))).toEqual(["shopping", "list", "bread", "milk", "and", "ten", "eggs", "second", "page"]);

    const jpeg = files.at("photo.jpg");
    execFileSync(IMAGEMAGICK, ["-size", "320x240", "gradient:navy-orange", jpeg]);
    await choose(page, jpeg);
    await expect(page.getByTestId("document-info")).toContainText("320 × 240 pixels", { timeout: 30_000 });
    await target(page, "Word (DOCX)");
    const photoDocx = await convertAndDownload(page, "Word (DOCX)", files.at("photo.docx"));
    const media = Object.entries(unzipSync(readFileSync(photoDocx.path))).filter(([name]) => name.startsWith("word/media/"));
    expect(media).toHaveLength(1);
    expect(Buffer.from(media[0]![1]).equals(readFileSync(jpeg)), "the photo's own bytes").toBe(true);

    await choose(page, report("pdf"));
    await expect(page.getByTestId("document-info")).toContainText("Pages1", { timeout: 30_000 });
    await target(page, "JPG images");
    const pdfJpeg = await convertAndDownload(page, "JPG images", files.at("pdf-page.jpg"));
    expect(magickFormat(pdfJpeg.path, "%m %w %h")).toBe("JPEG 1240 1754");
  });

  test("a zip bomb named .docx is refused within seconds; Cancel stops a long page render", async ({ page }) => {
    const size = 1.1 * 1024 * 1024 * 1024;
    const types = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>';
    // the header claims 4 MB; the data inflates to 1.1 GB of zeros
    const bomb = files.write("bomb.docx", handmadeZip([deflatedEntry("[Content_Types].xml", types), { name: "word/document.xml", data: zerosDeflate(size), method: 8, crc32: 0, declaredSize: 4 * 1024 * 1024 }]));
    await gotoHydrated(page, "/tool/pdf-converter");
    await choose(page, bomb);
    await target(page, "PDF");
    // refused when the page reads it, or when Convert runs: either way said once, in plain words
    if ((await probeOutcome(page, "document-info", 10_000)) === "read") await convertButton(page).click();
    await expect(page.getByText(/looks like a zip bomb/)).toHaveCount(1, { timeout: 10_000 });
    await expect(page.getByText(/Please try again/)).toHaveCount(0);

    // about 25 pages at 300 DPI: seconds of work, so Cancel lands mid-way (a few pages finish
    // before the first progress check once the engines are warm)
    await choose(page, report("pdf", 600));
    await expect(page.getByTestId("document-info")).toContainText("Pages", { timeout: 30_000 });
    await target(page, "PNG images");
    await page.getByLabel("Resolution").selectOption({ label: "300 DPI" });
    await convertButton(page).click();
    const bar = page.getByRole("progressbar");
    await expect(async () => expect(Number(await bar.getAttribute("aria-valuenow"))).toBeGreaterThan(0)).toPass({ timeout: 60_000 });
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(bar).toBeHidden({ timeout: 2000 });
    await expect(shown(page, "Conversion cancelled", "")).toBeVisible();
    await page.getByLabel("Pages").fill("1");
    await page.getByLabel("Resolution").selectOption({ label: "72 DPI" });
    const after = await convertAndDownload(page, "PNG images", files.at("after-cancel.png"));
    expect(magickFormat(after.path, "%m %w %h")).toBe("PNG 595 842");
  });

  test("PNG to JPG, and the page fits a phone", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await gotoHydrated(page, "/tool/pdf-converter");
    await choose(page, files.write("ramp.png", rampPng(240, 160)));
    await expect(page.getByTestId("document-info")).toContainText("240 × 160 pixels", { timeout: 30_000 });
    await target(page, "JPG images");
    const { path, name } = await convertAndDownload(page, "JPG images", files.at("ramp.jpg"));
    expect(name).toBe("ramp.jpg");
    expect(magickFormat(path, "%m %w %h")).toBe("JPEG 240 160");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
