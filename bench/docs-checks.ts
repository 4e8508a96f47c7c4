// The document benchmark's output checks, each by a tool that is not ours: the words of a TXT
// against pdftotext's (in order, ≥ 99 %), a ZIP of PNG pages read by Python's zipfile (page count,
// the first page's pixel size and its difference from pdftoppm's by ImageMagick's compare), a PDF's
// page count by pdfinfo. Each returns "" or the problems.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { IMAGEMAGICK, PDFTOTEXT, PYTHON } from "#tests/support/reference-tools.ts";
import { words, wordsInOrder } from "#tests/support/office-fixtures.ts";
import { pdfPages } from "./docs-inputs.ts";

export const MIN_WORDS_IN_ORDER = 0.99;
/**
 * Our first page against pdftoppm's, RMSE over 0..1: about 0.07–0.09 (anti-aliasing, glyph
 * positions); a blank page scores 0.20 and the next page of the report 0.28.
 */
export const MAX_PAGE_RMSE = 0.15;
const COMPARE = IMAGEMAGICK.replace(/convert-(im6\.q16)$/, "compare-$1");

/** ImageMagick's normalised RMSE between two images of one size (-1 when it cannot tell). */
function pageRmse(png: string, reference: string): number {
  // compare exits 1 when the images differ at all: its answer is on stderr, "12947.7 (0.19757)"
  const result = spawnSync(COMPARE, ["-metric", "RMSE", png, reference, "null:"], { encoding: "utf8" });
  const match = /\(([\d.e-]+)\)/.exec(result.stderr);
  return match ? Number(match[1]) : -1;
}

function pageLooksLike(png: string, reference: string): string {
  const rmse = pageRmse(png, reference);
  return rmse >= 0 && rmse <= MAX_PAGE_RMSE ? "" : `first page differs from pdftoppm's (RMSE ${rmse.toFixed(3)}, at most ${MAX_PAGE_RMSE})`;
}

export function checkTxt(ours: string, reference: string): string {
  const share = wordsInOrder(words(readFileSync(reference, "utf8")), words(readFileSync(ours, "utf8")));
  return share >= MIN_WORDS_IN_ORDER ? "" : `only ${(share * 100).toFixed(1)} % of pdftotext's words in order`;
}

export interface PageSize {
  width: number;
  height: number;
}

/** A PNG's size from its IHDR chunk (bytes 16–23). */
export function pngSize(bytes: Uint8Array): PageSize {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

const ZIP_PAGES = `import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
bad = z.testzip()
names = sorted(n for n in z.namelist() if n.lower().endswith('.png'))
first = z.read(names[0]) if names else b'\\0' * 24
open(sys.argv[2], 'wb').write(first)
head = first[16:24]
print(len(names), int.from_bytes(head[:4], 'big'), int.from_bytes(head[4:], 'big'), bad or '')`;

/** A ZIP of PNG pages: as many as `pages`, the first one `size` (± 1 px for rounding) and like `reference`. */
export function checkPngZip(zip: string, pages: number, size: PageSize, reference: string): string {
  const first = `${zip}.page-1.png`;
  const result = spawnSync(PYTHON, ["-c", ZIP_PAGES, zip, first], { encoding: "utf8" });
  if (result.status !== 0) return `Python's zipfile cannot read it: ${result.stderr.trim().split("\n").at(-1)}`;
  const [count, width, height, bad] = result.stdout.trim().split(" ");
  const problems: string[] = [];
  if (bad) problems.push(`damaged entry ${bad}`);
  if (Number(count) !== pages) problems.push(`${count} PNG pages, expected ${pages}`);
  if (Math.abs(Number(width) - size.width) > 1 || Math.abs(Number(height) - size.height) > 1) {
    problems.push(`first page ${width}×${height}, pdftoppm's ${size.width}×${size.height}`);
  } else problems.push(pageLooksLike(first, reference));
  return problems.filter(Boolean).join("; ");
}

/** A folder of PNG pages (the CLI's output): as many as `pages`, the first one (by name) `size` ± 1 px and like `reference`. */
export function checkPngFolder(dir: string, pages: number, size: PageSize, reference: string): string {
  const names = readdirSync(dir).filter((n) => n.toLowerCase().endsWith(".png")).toSorted();
  const problems: string[] = [];
  if (names.length !== pages) problems.push(`${names.length} PNG files, expected ${pages}`);
  const first = names[0] ? pngSize(readFileSync(join(dir, names[0]))) : { width: 0, height: 0 };
  if (Math.abs(first.width - size.width) > 1 || Math.abs(first.height - size.height) > 1) {
    problems.push(`first page ${first.width}×${first.height}, pdftoppm's ${size.width}×${size.height}`);
  } else problems.push(pageLooksLike(join(dir, names[0]!), reference));
  return problems.filter(Boolean).join("; ");
}

/**
 * A PDF pdfinfo reads, with `pages` pages (± `slack`: another layout engine breaks pages elsewhere),
 * and, when `reference` (another PDF of the same document) is given, pdftotext finds ≥ 99 % of its words in order.
 */
/** The words pdftotext reads from a PDF. */
const pdfWords = (pdf: string) => words(spawnSync(PDFTOTEXT, [pdf, "-"], { encoding: "utf8", maxBuffer: 1 << 28 }).stdout);

export function checkPdf(file: string, pages: number, slack: number, reference?: string): string {
  const found = pdfPages(file);
  if (found < 0) return "pdfinfo cannot read it";
  const problems: string[] = [];
  if (Math.abs(found - pages) > slack) problems.push(`${found} pages, LibreOffice's has ${pages}`);
  if (reference) {
    const share = wordsInOrder(pdfWords(reference), pdfWords(file));
    if (share < MIN_WORDS_IN_ORDER) problems.push(`pdftotext finds only ${(share * 100).toFixed(1)} % of the words of LibreOffice's PDF in order`);
  }
  return problems.join("; ");
}
