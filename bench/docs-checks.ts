// The document benchmark's output checks, each by a tool that is not ours: the words of a TXT
// against pdftotext's (in order, ≥ 99 %), a ZIP of PNG pages read by Python's zipfile (page count,
// the first page's pixel size), a PDF's page count by pdfinfo. Each returns "" or the problems.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PYTHON } from "#tests/support/reference-tools.ts";
import { words, wordsInOrder } from "#tests/support/office-fixtures.ts";
import { pdfPages } from "./docs-inputs.ts";

export const MIN_WORDS_IN_ORDER = 0.99;

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
head = z.read(names[0])[16:24] if names else b'\\0' * 8
print(len(names), int.from_bytes(head[:4], 'big'), int.from_bytes(head[4:], 'big'), bad or '')`;

/** A ZIP of PNG pages: as many as `pages`, the first one `size` (± 1 px for rounding). */
export function checkPngZip(zip: string, pages: number, size: PageSize): string {
  const result = spawnSync(PYTHON, ["-c", ZIP_PAGES, zip], { encoding: "utf8" });
  if (result.status !== 0) return `Python's zipfile cannot read it: ${result.stderr.trim().split("\n").at(-1)}`;
  const [count, width, height, bad] = result.stdout.trim().split(" ");
  const problems: string[] = [];
  if (bad) problems.push(`damaged entry ${bad}`);
  if (Number(count) !== pages) problems.push(`${count} PNG pages, expected ${pages}`);
  if (Math.abs(Number(width) - size.width) > 1 || Math.abs(Number(height) - size.height) > 1) {
    problems.push(`first page ${width}×${height}, pdftoppm's ${size.width}×${size.height}`);
  }
  return problems.join("; ");
}

/** A folder of PNG pages (the CLI's output): as many as `pages`, the first one (by name) `size` ± 1 px. */
export function checkPngFolder(dir: string, pages: number, size: PageSize): string {
  const names = readdirSync(dir).filter((n) => n.toLowerCase().endsWith(".png")).toSorted();
  const problems: string[] = [];
  if (names.length !== pages) problems.push(`${names.length} PNG files, expected ${pages}`);
  const first = names[0] ? pngSize(readFileSync(join(dir, names[0]))) : { width: 0, height: 0 };
  if (Math.abs(first.width - size.width) > 1 || Math.abs(first.height - size.height) > 1) {
    problems.push(`first page ${first.width}×${first.height}, pdftoppm's ${size.width}×${size.height}`);
  }
  return problems.join("; ");
}

/** A PDF pdfinfo reads, with `pages` pages (± `slack`: another layout engine may break pages elsewhere). */
export function checkPdf(file: string, pages: number, slack: number): string {
  const found = pdfPages(file);
  if (found < 0) return "pdfinfo cannot read it";
  return Math.abs(found - pages) <= slack ? "" : `${found} pages, LibreOffice's has ${pages}`;
}
