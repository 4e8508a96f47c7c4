import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { zipSync } from "fflate";
import { expect, test, type Page } from "./support/test.ts";
import { gotoHydrated, saveScreenshots } from "./support/page.ts";
import { scratchDir } from "./support/image-fixtures.ts";
import { convertButton, fileInput, shown } from "./support/media.ts";
import { forbidForeignRequests } from "./support/origins.ts";
import { deflatedEntry, handmadeZip } from "#tests/support/handmade-zip.ts";
import {
  CAN_EPUBCHECK,
  calibreConvert,
  calibreText,
  ebookMeta,
  epubcheck,
  HAVE_CALIBRE,
  HAVE_PANDOC,
  pandocBook,
  SAMPLE_AUTHOR,
  SAMPLE_TITLE,
  sampleText,
  words,
  wordsInOrder,
} from "#tests/support/ebook-fixtures.ts";
import { HAVE_LIBREOFFICE, htmlWords, officeText, rampPng } from "#tests/support/office-fixtures.ts";
import { HAVE_POPPLER, PDFTOTEXT } from "#tests/support/reference-tools.ts";

// The four ebook tools of issue 16 in Chromium, on the production build. The books are written by
// pandoc (EPUB 3, FB2) and calibre (AZW3); every download is judged by other programs: epubcheck and
// calibre's ebook-meta for EPUB, ebook-meta and calibre's own text extraction for AZW3 and MOBI.
// Also: the facts shown before converting, the visitor's title, author and cover, wrong files, a
// DRM-locked and a damaged book, Cancel during a big book. No request leaves our origin.

const READY = HAVE_PANDOC && HAVE_CALIBRE && CAN_EPUBCHECK;
if (!READY) console.log("The ebook e2e needs pandoc, calibre and epubcheck (with java): .ci/run installs them");

const files = scratchDir("e2e-ebook-");
test.afterAll(() => files.remove());

forbidForeignRequests();

/** Chapters of the book Cancel interrupts: seconds of work after the first progress report. */
const BIG_CHAPTERS = 3000;

interface Books {
  epub: string;
  fb2: string;
  fb2Zip: string;
  azw3: string;
  big: string;
  /** pandoc's plain text of the sample: the words every conversion keeps */
  reference: string[];
  newCover: string;
}

let books: Books;

test.beforeAll(() => {
  if (!READY) return;
  test.setTimeout(180_000);
  const epub = pandocBook(files.dir, "epub3");
  const fb2 = pandocBook(files.dir, "fb2");
  const fb2Zip = files.write("zipped.fb2.zip", zipSync({ "zipped.fb2": new Uint8Array(readFileSync(fb2)) }));
  const azw3 = calibreConvert(epub, files.at("calibre.azw3"));
  const reference = words(sampleText(files.dir));
  // its own folder: pandocBook writes the sample's Markdown beside the book
  const bigDir = join(files.dir, "big");
  mkdirSync(bigDir);
  const big = pandocBook(bigDir, "fb2", { chapters: BIG_CHAPTERS, name: "big.fb2" });
  const newCover = files.write("new-cover.png", rampPng(200, 300));
  books = { epub, fb2, fb2Zip, azw3, big, reference, newCover };
});

async function choose(page: Page, path: string, name = basename(path)): Promise<void> {
  await fileInput(page).setInputFiles({ name, mimeType: "application/octet-stream", buffer: readFileSync(path) });
}

const info = (page: Page) => page.getByTestId("ebook-info");

/** Waits until the facts panel shows the book's type. */
async function facts(page: Page, type: string): Promise<void> {
  await expect(info(page)).toContainText(`Type${type}`, { timeout: 30_000 });
}

/** Convert, wait for the success message, download; returns the saved path and the suggested name. */
async function convertAndDownload(page: Page, label: string, saveAs: string): Promise<{ path: string; name: string }> {
  await convertButton(page).click();
  // a failure ends the wait at once, with its message
  const success = shown(page, "Conversion successful", `Book converted to ${label}`);
  const failure = shown(page, "Conversion failed", /./);
  await expect(success.or(failure).first()).toBeVisible({ timeout: 60_000 });
  if (await failure.isVisible()) throw new Error(`The conversion to ${label} failed: ${await failure.innerText()}`);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download", exact: true }).click();
  const download = await downloading;
  await download.saveAs(saveAs);
  return { path: saveAs, name: download.suggestedFilename() };
}

const epubErrors = (file: string) => epubcheck(file).filter((message) => message.severity === "ERROR" || message.severity === "FATAL");
const keptWords = (file: string) => wordsInOrder(books.reference, words(calibreText(file)));

/** An EPUB whose chapter is encrypted: a bookshop's DRM. */
function lockedEpub(): string {
  const container = '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>';
  const encryption =
    '<?xml version="1.0"?><encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/><enc:CipherData><enc:CipherReference URI="a.xhtml"/></enc:CipherData></enc:EncryptedData></encryption>';
  return files.write("locked.epub", handmadeZip([deflatedEntry("mimetype", "application/epub+zip"), deflatedEntry("META-INF/container.xml", container), deflatedEntry("META-INF/encryption.xml", encryption), deflatedEntry("a.xhtml", "\u0001\u0002 random bytes")]));
}

test("the ebook readers and writers are loaded by the ebook tools only", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(request.url()));
  for (const path of ["/", "/tools", "/tool/pdf-converter", "/tool/xml-converter"]) await gotoHydrated(page, path);
  const assets = requested.map((url) => new URL(url).pathname).filter((path) => path.startsWith("/assets/"));
  expect(assets.length).toBeGreaterThan(3);
  expect(assets.filter((path) => /ebook|epub|fb2|mobi|azw3|kindle/i.test(path))).toEqual([]);
});

test.describe("Ebook converters", () => {
  test.skip(!READY, "pandoc, calibre and epubcheck make the books and judge the outputs");
  test.setTimeout(120_000);

  test("FB2 to EPUB: the facts first, then an EPUB epubcheck passes with the book's title and words; a .fb2.zip in the EPUB converter", async ({ page }) => {
    await gotoHydrated(page, "/tool/fb2-to-epub-converter");
    await choose(page, books.fb2);
    await facts(page, "FictionBook (FB2)");
    for (const text of [`Title${SAMPLE_TITLE}`, `Author${SAMPLE_AUTHOR}`, "LanguageRussian", "Chapters", "Pictures1"]) await expect(info(page)).toContainText(text);
    await expect(page.getByTestId("ebook-target")).toHaveCount(0);
    await expect(page.getByLabel("Kindle picture size")).toHaveCount(0);
    const { path, name } = await convertAndDownload(page, "EPUB", files.at("from-fb2.epub"));
    expect(name).toBe("pandoc-fb2.epub");
    expect(epubErrors(path)).toEqual([]);
    const meta = ebookMeta(path);
    expect(meta.title).toBe(SAMPLE_TITLE);
    expect(meta.authors).toEqual([SAMPLE_AUTHOR]);
    expect(meta.languages).toEqual(["rus"]);
    expect(keptWords(path)).toBeGreaterThanOrEqual(0.95);
    await saveScreenshots(page, "fb2-to-epub-done");

    // the FB2 tool takes .fb2 only (the spec's rule); the EPUB converter reads a zipped FB2 too
    await gotoHydrated(page, "/tool/epub-converter");
    await choose(page, books.fb2Zip);
    await facts(page, "FictionBook (FB2)");
    const zipped = await convertAndDownload(page, "EPUB", files.at("from-zip.epub"));
    expect(zipped.name).toBe("zipped.epub");
    expect(ebookMeta(zipped.path).title).toBe(SAMPLE_TITLE);
  });

  test("EPUB converter: the outputs of the chosen book's kind; a new title, authors and cover reach the EPUB", async ({ page }) => {
    await gotoHydrated(page, "/tool/epub-converter");
    await choose(page, books.fb2);
    await facts(page, "FictionBook (FB2)");
    const target = page.getByTestId("ebook-target");
    await expect(target.locator("option")).toHaveText(["EPUB", "AZW3", "MOBI", "PDF", "DOCX", "TXT", "HTML"]);
    // an FB2's usual output is offered first and chosen
    await expect(target.locator("option:checked")).toHaveText("EPUB");
    await expect(page.getByLabel("Kindle picture size")).toHaveCount(0);
    await expect(page.getByLabel("Title")).toHaveAttribute("placeholder", SAMPLE_TITLE);
    await page.getByLabel("Title").fill("Новое название");
    await page.getByLabel("Author").fill("Ann Smith & Bob Jones");
    await page.getByTestId("ebook-cover-input").setInputFiles(books.newCover);
    await expect(page.getByTestId("ebook-new-cover")).toContainText("new-cover.png");
    const { path, name } = await convertAndDownload(page, "EPUB", files.at("edited.epub"));
    expect(name).toBe("pandoc-fb2.epub");
    expect(epubErrors(path)).toEqual([]);
    const meta = ebookMeta(path);
    expect(meta.title).toBe("Новое название");
    expect(meta.authors).toEqual(["Ann Smith", "Bob Jones"]);
    expect(meta.cover && Buffer.from(meta.cover).equals(readFileSync(books.newCover)), "the new cover's own bytes").toBe(true);

    // calibre's AZW3: its kind's outputs, and back to an EPUB with every word
    await page.getByRole("button", { name: "Remove the new cover" }).click();
    await page.getByLabel("Title").fill("");
    await page.getByLabel("Author").fill("");
    await choose(page, books.azw3);
    await facts(page, "AZW3 (Kindle Format 8)");
    await expect(target.locator("option")).toHaveText(["EPUB", "MOBI", "FB2", "PDF", "DOCX", "TXT", "HTML"]);
    const back = await convertAndDownload(page, "EPUB", files.at("from-azw3.epub"));
    expect(back.name).toBe("calibre.epub");
    expect(epubErrors(back.path)).toEqual([]);
    expect(ebookMeta(back.path).title).toBe(SAMPLE_TITLE);
    expect(keptWords(back.path)).toBeGreaterThanOrEqual(0.95);
  });

  test("EPUB converter: EPUB to FB2, PDF, DOCX, TXT and HTML keep every word in order", async ({ page }) => {
    await gotoHydrated(page, "/tool/epub-converter");
    await choose(page, books.epub);
    await facts(page, "EPUB");
    const target = page.getByTestId("ebook-target");
    await expect(target.locator("option:checked")).toHaveText("AZW3");
    const judges: [label: string, text: (file: string) => string][] = [
      ["FB2", calibreText],
      ["TXT", (file) => readFileSync(file, "utf8")],
      ["HTML", (file) => htmlWords(readFileSync(file, "utf8")).join(" ")],
    ];
    if (HAVE_POPPLER) judges.push(["PDF", (file) => execFileSync(PDFTOTEXT, [file, "-"], { encoding: "utf8" })]);
    if (HAVE_LIBREOFFICE) judges.push(["DOCX", officeText]);
    for (const [label, text] of judges) {
      await target.selectOption({ label });
      const { path, name } = await convertAndDownload(page, label, files.at(`from-epub.${label.toLowerCase()}`));
      expect(name).toBe(`pandoc-epub3.${label.toLowerCase()}`);
      expect(wordsInOrder(books.reference, words(text(path))), label).toBeGreaterThanOrEqual(0.95);
    }
    expect(ebookMeta(files.at("from-epub.fb2")).title).toBe(SAMPLE_TITLE);
  });

  for (const [slug, label, extension] of [
    ["epub-to-azw3-converter", "AZW3", "azw3"],
    ["epub-to-mobi-converter", "MOBI", "mobi"],
  ] as const) {
    test(`EPUB to ${label}: calibre reads the title, author and every word; a new title reaches the book`, async ({ page }) => {
      await gotoHydrated(page, `/tool/${slug}`);
      await choose(page, books.epub);
      await facts(page, "EPUB");
      await expect(page.getByTestId("ebook-cover")).toBeVisible();
      await expect(page.getByTestId("ebook-target")).toHaveCount(0);
      await page.getByLabel("Kindle picture size").selectOption({ label: "Kindle (600 × 800)" });
      const { path, name } = await convertAndDownload(page, label, files.at(`book.${extension}`));
      expect(name).toBe(`pandoc-epub3.${extension}`);
      const meta = ebookMeta(path);
      expect(meta.title).toBe(SAMPLE_TITLE);
      expect(meta.authors).toEqual([SAMPLE_AUTHOR]);
      expect(meta.cover).not.toBeNull();
      expect(keptWords(path)).toBeGreaterThanOrEqual(0.95);

      await page.getByLabel("Title").fill("A Kindle Title");
      const renamed = await convertAndDownload(page, label, files.at(`renamed.${extension}`));
      expect(ebookMeta(renamed.path).title).toBe("A Kindle Title");
    });
  }

  test("wrong files are refused with the tool's message; a DRM-locked and a damaged book say why", async ({ page }) => {
    await gotoHydrated(page, "/tool/epub-to-azw3-converter");
    await choose(page, books.fb2);
    await expect(shown(page, "Invalid file type", "Please select an EPUB file")).toBeVisible();
    await gotoHydrated(page, "/tool/fb2-to-epub-converter");
    await choose(page, books.epub);
    await expect(shown(page, "Invalid file type", "Please select an FB2 file")).toBeVisible();
    await gotoHydrated(page, "/tool/epub-converter");
    const notes = files.write("notes.txt", new TextEncoder().encode("Not a book."));
    await choose(page, notes);
    await expect(shown(page, "Invalid file type", "Please select an EPUB, FB2, MOBI or AZW3 file")).toBeVisible();

    // a book the page read and cannot convert says so once, on the file's line, and Convert stays off
    await choose(page, lockedEpub());
    await expect(shown(page, "Cannot be converted", /locked with DRM/)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/locked with DRM/)).toHaveCount(1);
    await expect(convertButton(page)).toBeDisabled();

    const epub = readFileSync(books.epub);
    const cut = files.write("cut.epub", new Uint8Array(epub.subarray(0, Math.floor(epub.length / 2))));
    await choose(page, cut);
    await expect(page.getByTestId("file-refusal")).toHaveAttribute("role", "alert", { timeout: 30_000 });
    await expect(page.getByTestId("file-refusal")).toContainText(/Cannot be converted: .{10,}/);
    await expect(page.getByTestId("file-refusal")).not.toContainText("Please try again");
    await expect(info(page)).toHaveCount(0);
    await expect(convertButton(page)).toBeDisabled();
  });

  test("Cancel stops a big book mid-way, and the next conversion runs; the page fits a phone", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await gotoHydrated(page, "/tool/fb2-to-epub-converter");
    await choose(page, books.big);
    await facts(page, "FictionBook (FB2)");
    // its chapters, and the footnotes' own
    await expect(info(page)).toContainText(`Chapters${BIG_CHAPTERS + 1}`);
    await convertButton(page).click();
    const bar = page.getByRole("progressbar");
    await expect(async () => expect(Number(await bar.getAttribute("aria-valuenow"))).toBeGreaterThan(0)).toPass({ timeout: 60_000 });
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(bar).toBeHidden({ timeout: 2000 });
    await expect(shown(page, "Conversion cancelled", "")).toBeVisible();

    await choose(page, books.fb2);
    await facts(page, "FictionBook (FB2)");
    const after = await convertAndDownload(page, "EPUB", files.at("after-cancel.epub"));
    expect(ebookMeta(after.path).title).toBe(SAMPLE_TITLE);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

