// Documents written by LibreOffice (an independent encoder) from one HTML source, and LibreOffice
// reading ours back as text: the fixtures and the judge of the document converters (issue 15).
// Each process gets its own LibreOffice profile, so test files may convert at the same time.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { encodePng } from "#codecs/png/index.ts";

export const SOFFICE = "/usr/bin/soffice";
export const HAVE_LIBREOFFICE = existsSync(SOFFICE);

const PROFILE = join(tmpdir(), `lo-profile-${process.pid}`);

/** A small PNG (a red-to-blue ramp), made by our PNG encoder: the picture inside the fixtures. */
export function rampPng(width = 120, height = 80): Uint8Array {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data[i] = Math.round(255 * (1 - x / (width - 1)));
      data[i + 1] = Math.round(255 * (y / (height - 1)));
      data[i + 2] = Math.round(255 * (x / (width - 1)));
      data[i + 3] = 255;
    }
  }
  return encodePng({ width, height, data });
}

/**
 * The report every document test starts from: a title, headings, bold and italic words, a bulleted
 * and a numbered list, a table with a header row, an embedded picture and Cyrillic and Greek text.
 */
export function reportHtml(options: { paragraphs?: number } = {}): string {
  const picture = Buffer.from(rampPng()).toString("base64");
  const filler = Array.from(
    { length: options.paragraphs ?? 0 },
    (_, i) => `<p>Filler paragraph ${i + 1} keeps the reader busy with plain words about ledgers, harbours and lanterns number ${i + 1}.</p>`,
  ).join("\n");
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Quarterly Report</title></head><body>
<h1>Quarterly Report</h1>
<p>This is the <b>first</b> paragraph with <i>italic</i> words and a closing sentence.</p>
<h2>Details</h2>
<ul><li>Apples from the north orchard</li><li>Oranges from the south grove</li></ul>
<ol><li>Count the crates</li><li>Ship the crates</li></ol>
<table border="1"><tr><th>Name</th><th>Count</th></tr><tr><td>Alpha</td><td>12</td></tr><tr><td>Beta</td><td>34</td></tr></table>
<p><img src="data:image/png;base64,${picture}" width="120" height="80" alt="ramp"></p>
<h2>Languages</h2>
<p>Привет мир, это проверка. Καλημέρα κόσμε, αυτό είναι δοκιμή.</p>
${filler}
</body></html>`;
}

/** The words a reader should find in `reportHtml()` output, in order (tags and the picture dropped). */
export function htmlWords(html: string): string[] {
  const text = html.replace(/<title>[^<]*<\/title>/, " ").replace(/<[^>]+>/g, " ");
  return words(text);
}

/** Words as the checks count them: letters and digits, lower case. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The share of `reference`'s words that appear in `candidate` in the same order (the longest
 * common subsequence over the reference's length): 1 when every word survived in order.
 * Myers' diff finds it in O((n + m) · d) for d differing words, so a novel's 100,000 words compare
 * in milliseconds when little differs; when more than `MAX_LOSS` of the reference is lost, the
 * answer is an upper bound below 0.95 (enough to fail a 99 % check) rather than a long wait.
 */
export function wordsInOrder(reference: readonly string[], candidate: readonly string[]): number {
  const n = reference.length;
  const m = candidate.length;
  if (n === 0) return 1;
  // d = n + m - 2 × common: keeping (1 - MAX_LOSS) of the reference needs d ≤ m - n + 2 × MAX_LOSS × n
  const maxD = Math.max(0, m - n + Math.ceil(2 * MAX_LOSS * n)) + 1;
  // v[k + offset]: the furthest x reached on diagonal k (y = x - k) with d steps, -1 when none
  const offset = maxD + 1;
  const v = new Int32Array(2 * maxD + 3).fill(-1);
  for (let d = 0; d <= maxD; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x = 0;
      if (d > 0) {
        // one step from step d - 1: a candidate word more (y + 1), or a reference word less (x + 1)
        const down = k + 1 <= d - 1 ? v[k + 1 + offset]! : -1;
        const right = k - 1 >= 1 - d ? v[k - 1 + offset]! : -1;
        x = Math.max(down, right >= 0 && right < n ? right + 1 : -1);
      }
      let y = x - k;
      if (x < 0 || y < 0 || y > m) {
        v[k + offset] = -1;
        continue;
      }
      while (x < n && y < m && reference[x] === candidate[y]) {
        x++;
        y++;
      }
      v[k + offset] = x;
      // d words added or left out: the common subsequence is what remains
      if (x === n && y === m) return (n + m - d) / 2 / n;
    }
  }
  return (n + m - maxD) / 2 / n;
}

/** Beyond this share of the reference's words lost, wordsInOrder stops counting. */
const MAX_LOSS = 0.05;

function soffice(args: string[], cwd: string): void {
  mkdirSync(PROFILE, { recursive: true });
  execFileSync(SOFFICE, [`-env:UserInstallation=file://${PROFILE}`, "--headless", ...args], { cwd, stdio: "ignore", timeout: 120_000 });
}

export type OfficeFormat = "docx" | "doc" | "pdf" | "odt";

const FILTERS: Record<OfficeFormat, string> = {
  docx: "docx:MS Word 2007 XML",
  doc: "doc:MS Word 97",
  pdf: "pdf:writer_pdf_Export",
  odt: "odt",
};

/** LibreOffice Writer's `format` rendition of an HTML source, written into `dir`; returns its path. */
export function officeFromHtml(html: string, format: OfficeFormat, dir: string, name = "fixture"): string {
  const source = join(dir, `${name}.html`);
  writeFileSync(source, html);
  soffice(["--infilter=HTML (StarWriter)", "--convert-to", FILTERS[format], "--outdir", dir, source], dir);
  const out = join(dir, `${name}.${format}`);
  if (!existsSync(out)) throw new Error(`LibreOffice wrote no ${format} from ${basename(source)}`);
  return out;
}

/** The text LibreOffice reads from a DOCX, DOC or ODT file (UTF-8), the judge of our DOCX output. */
export function officeText(file: string): string {
  const dir = join(tmpdir(), `lo-text-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  soffice(["--convert-to", "txt:Text (encoded):UTF8", "--outdir", dir, file], dir);
  const out = join(dir, basename(file).replace(/\.[^.]+$/, ".txt"));
  return readFileSync(out, "utf8");
}
