import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { expect, test, type Page } from "./support/test.ts";
import { gotoHydrated } from "./support/page.ts";
import { scratchDir } from "./support/image-fixtures.ts";
import { convertButton, fileInput, shown } from "./support/media.ts";
import { forbidForeignRequests } from "./support/origins.ts";
import { words } from "#tests/support/office-fixtures.ts";
import { logicalWords } from "#tests/support/poppler-text.ts";
import { HAVE_POPPLER, PDFFONTS, PDFTOTEXT } from "#tests/support/reference-tools.ts";

// Every script through the PDF converter in Chromium (issue 25, decision 031): the mixed-script
// text of tests/corpus/scripts to PDF, judged by pdffonts and pdftotext; and the fonts the page
// fetches: none for plain English, only the Hebrew family for Hebrew.

const MIXED = new URL("../corpus/scripts/mixed.txt", import.meta.url).pathname;
const files = scratchDir("e2e-scripts-");
test.afterAll(() => files.remove());

forbidForeignRequests();

/** TXT → PDF of `text` on the page; returns the PDF's path and the font assets the page fetched. */
async function convert(page: Page, name: string, text: string): Promise<{ path: string; fonts: string[] }> {
  const fonts: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/assets/") && path.endsWith(".ttf")) fonts.push(path.slice("/assets/".length));
  });
  await gotoHydrated(page, "/tool/pdf-converter");
  const txt = files.at(`${name}.txt`);
  writeFileSync(txt, text);
  await fileInput(page).setInputFiles({ name: `${name}.txt`, mimeType: "text/plain", buffer: readFileSync(txt) });
  await expect(page.getByTestId("document-info")).toContainText("UTF-8", { timeout: 30_000 });
  await page.getByTestId("document-target").selectOption({ label: "PDF" });
  await convertButton(page).click();
  await expect(shown(page, "Conversion successful", "Document converted to PDF")).toBeVisible({ timeout: 90_000 });
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download", exact: true }).click();
  const path = files.at(`${name}.pdf`);
  await (await downloading).saveAs(path);
  return { path, fonts };
}

test.describe("PDF converter: every script", () => {
  test.skip(!HAVE_POPPLER, "poppler judges the PDFs");
  test.setTimeout(180_000);

  test("a text mixing thirteen scripts converts: every font embedded, every word back in logical order", async ({ page }) => {
    const source = readFileSync(MIXED, "utf8");
    const { path, fonts } = await convert(page, "mixed", source);
    const rows = execFileSync(PDFFONTS, [path], { encoding: "utf8" }).split("\n").slice(2).filter((row) => row.trim() !== "");
    for (const row of rows) expect(row, "embedded, subset, with ToUnicode").toMatch(/\s+yes\s+yes\s+yes\s+\d+\s+\d+\s*$/);
    for (const family of ["NotoSansArabic", "NotoSansHebrew", "NotoSansDevanagari", "NotoSansSC", "NotoSansJP", "NotoSansKR", "NotoEmoji"]) {
      expect(rows.some((row) => row.includes(`+${family}-`)), family).toBe(true);
      expect(fonts.some((font) => font.startsWith(`${family}_`)), `${family} fetched`).toBe(true);
    }
    for (const layout of [[], ["-layout"]]) {
      const text = execFileSync(PDFTOTEXT, [...layout, path, "-"], { encoding: "utf8" });
      expect(text).not.toContain("\ufffd");
      expect(logicalWords(text)).toEqual(words(source));
    }
  });

  test("fetches only the fonts a document needs: none for English, the Hebrew family for Hebrew", async ({ page }) => {
    const english = await convert(page, "english", "Plain English text, with a café and a naïve résumé.\n");
    expect(english.fonts.filter((font) => font.startsWith("Noto"))).toEqual([]);
    expect(execFileSync(PDFTOTEXT, [english.path, "-"], { encoding: "utf8" })).toContain("Plain English text, with a café and a naïve résumé.");
    const hebrew = await convert(page, "hebrew", "שלום עולם, זה מבחן.\n");
    expect(hebrew.fonts.filter((font) => font.startsWith("Noto")).map((font) => font.replace(/-[\w-]+\.ttf$/, ""))).toEqual(["NotoSansHebrew_400Regular"]);
  });
});
