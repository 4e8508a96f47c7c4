// The PDF corpus (docs/decisions/032-pdf-real-world.md): PDFs that other programs write, made at run
// time — LibreOffice (one, two and three columns, a table in a column, footnotes), pdflatex (a
// two-column article, a multicol page), groff -ms (.2C), pdf-lib (filled-in forms with and without
// appearance streams, comments), ImageMagick (a scan: pictures only), qpdf (object streams,
// linearized, RC4 and AES with a user password or an owner password only), and byte surgery
// (encryption of the attachments only, an unreadable or missing /Info, a broken xref table, a file
// cut short) — plus the small hand-made files of manifest.json. Each becomes a pdf-to-txt and a
// pdf-to-png case (first page).
// Judged by poppler: our text must keep pdftotext's words in order within each of its blocks (the
// blocks' own order is poppler's guess; where poppler weaves two columns together, pdftotext on each
// half of the page), and add few words of its own; our page picture must look like pdftoppm's at the
// same size (mean difference of 4 × 4 blocks in grey, and about as much ink: a blank page fails).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { CorpusCase, CorpusCategory, CorpusExpectation, CorpusFormat } from "../corpus-case.ts";
import { casesFromManifest } from "../manifest.ts";
import { words, wordsInOrder } from "#tests/support/office-fixtures.ts";
import { PDFTOTEXT, PYTHON } from "#tests/support/reference-tools.ts";
import { annotatedPage, filledForm } from "./form-writers.ts";
import { columnsWithTable, singleColumnReport, threeColumns, twoColumnPaper } from "./odt-writers.ts";
import { attachmentOnlyEncryption, brokenXref, missingInfo, QPDF, truncated, unreadableInfo } from "./security-writers.ts";
import { rotatedPages } from "./page-writers.ts";
import { groffTwoColumn, latexThreeColumns, latexTwoColumn } from "./tex-writers.ts";

const FOLDER = import.meta.dirname;
const SOFFICE = "/usr/bin/soffice";
const PDFLATEX = "/usr/bin/pdflatex";
const GROFF = "/usr/bin/groff";

/** Our text keeps at least this share of pdftotext's words, in its order within each of its blocks. */
const MIN_WORDS_IN_ORDER = 0.98;
/** ...and at least this share of our words are pdftotext's (no junk, nothing twice). */
const MIN_OWN_WORDS = 0.98;
/** The page picture's mean difference from pdftoppm's (grey levels 0–255, over 4 × 4 blocks). */
const MAX_MEAN_DIFFERENCE = 4;

function run(command: string, args: string[], cwd?: string): Buffer {
  return execFileSync(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 1 << 28, timeout: 180_000 });
}

/** A generated input: how to make it, whether it can be made here, and what each category should give. */
interface Variant {
  name: string;
  make: (out: string, work: string) => void | Promise<void>;
  needs?: string;
  txt: CorpusExpectation;
  png: CorpusExpectation;
}

const converts: CorpusExpectation = { converts: true };
const PASSWORD = { refused: true, reason: /password/i } as const;
const DAMAGED = { refused: true, reason: /damaged|cut short|truncated|not a readable PDF/i } as const;
const CUT = { refused: true, reason: /cut short/i } as const;
const NO_TEXT = { refused: true, reason: /no text|scan|pictures/i } as const;

/** LibreOffice's PDF of a flat ODT document written by `source`. */
function office(source: () => string): (out: string, work: string) => void {
  return (out, work) => {
    const stem = out.replace(/\.pdf$/, "");
    writeFileSync(`${stem}.fodt`, source());
    run(SOFFICE, [`-env:UserInstallation=file://${work}/lo-profile`, "--headless", "--convert-to", "pdf", "--outdir", work, `${stem}.fodt`], work);
  };
}

/** LibreOffice's PDF (with form fields) of an HTML page whose form controls are filled in. */
function officeForm(out: string, work: string): void {
  const stem = out.replace(/\.pdf$/, "");
  writeFileSync(`${stem}.html`, HTML_FORM);
  run(SOFFICE, [`-env:UserInstallation=file://${work}/lo-profile`, "--headless", "--convert-to", "pdf:writer_web_pdf_Export", "--outdir", work, `${stem}.html`], work);
}

const HTML_FORM = `<html><body><p>Membership Application</p>
<form>
<p>Full name: <input type="text" name="fullname" value="Jane Quincy Example" size="30"></p>
<p>City: <input type="text" name="city" value="Springfield" size="20"></p>
<p>Member type: <select name="type"><option>Basic</option><option selected>Premium</option></select></p>
<p>Newsletter: <input type="checkbox" name="news" checked></p>
<p>Comments: <textarea name="comments" rows="3" cols="40">Please send the welcome pack by post.</textarea></p>
</form>
<p>Return this form to the club secretary before the end of the month.</p>
</body></html>`;

function latex(source: () => string): (out: string, work: string) => void {
  return (out, work) => {
    const stem = out.replace(/\.pdf$/, "");
    writeFileSync(`${stem}.tex`, source());
    run(PDFLATEX, ["-interaction=nonstopmode", "-halt-on-error", `-output-directory=${work}`, `${stem}.tex`], work);
  };
}

const src = (work: string, name: string): string => join(work, `${name}.pdf`);
const qpdf = (...args: string[]) => {
  try {
    run(QPDF, args);
  } catch (error) {
    if ((error as { status?: number }).status !== 3) throw error;
  }
};

function variants(): Variant[] {
  const encrypt = (name: string, from: string, user: string, bits: string, extra: string[], opens: boolean): Variant => ({
    name,
    needs: QPDF,
    make: (out, work) => qpdf("--allow-weak-crypto", "--encrypt", user, "owner-secret", bits, ...extra, "--", src(work, from), out),
    txt: opens ? converts : PASSWORD,
    png: opens ? converts : PASSWORD,
  });
  return [
    { name: "lo-report", needs: SOFFICE, make: office(singleColumnReport), txt: converts, png: converts },
    { name: "lo-two-column-paper", needs: SOFFICE, make: office(twoColumnPaper), txt: converts, png: converts },
    { name: "lo-three-columns", needs: SOFFICE, make: office(threeColumns), txt: converts, png: converts },
    { name: "lo-columns-with-table", needs: SOFFICE, make: office(columnsWithTable), txt: converts, png: converts },
    { name: "latex-two-column", needs: PDFLATEX, make: latex(latexTwoColumn), txt: converts, png: converts },
    { name: "latex-three-columns", needs: PDFLATEX, make: latex(latexThreeColumns), txt: converts, png: converts },
    {
      name: "groff-ms-two-column",
      needs: GROFF,
      make: (out, work) => {
        writeFileSync(join(work, "groff.ms"), groffTwoColumn());
        writeFileSync(out, run(GROFF, ["-ms", "-Tpdf", join(work, "groff.ms")]));
      },
      txt: converts,
      png: converts,
    },
    { name: "lo-html-form", needs: SOFFICE, make: officeForm, txt: converts, png: converts },
    { name: "pdflib-form-filled", make: async (out) => writeFileSync(out, await filledForm({ appearances: true })), txt: converts, png: converts },
    { name: "pdflib-form-need-appearances", make: async (out) => writeFileSync(out, await filledForm({ appearances: false })), txt: converts, png: converts },
    { name: "pdflib-comments", make: async (out) => writeFileSync(out, await annotatedPage()), txt: converts, png: converts },
    { name: "pdflib-rotated-pages", make: async (out) => writeFileSync(out, await rotatedPages()), txt: converts, png: converts },
    {
      // ImageMagick's policy here forbids writing PDF: Pillow's PDF writer puts the scan on a page
      name: "pillow-scan",
      needs: PYTHON,
      make: (out) => void run(PYTHON, ["-c", SCAN, out]),
      txt: NO_TEXT,
      png: converts,
    },
    { name: "qpdf-object-streams", needs: QPDF, make: (out, work) => qpdf("--object-streams=generate", "--", src(work, "lo-two-column-paper"), out), txt: converts, png: converts },
    { name: "qpdf-linearized", needs: QPDF, make: (out, work) => qpdf("--linearize", "--", src(work, "latex-two-column"), out), txt: converts, png: converts },
    encrypt("qpdf-aes256-user-password", "lo-report", "user-secret", "256", [], false),
    encrypt("qpdf-aes128-user-password", "lo-report", "user-secret", "128", ["--use-aes=y"], false),
    encrypt("qpdf-rc4-40-user-password", "lo-report", "user-secret", "40", [], false),
    encrypt("qpdf-aes256-owner-only", "lo-two-column-paper", "", "256", [], true),
    encrypt("qpdf-rc4-128-owner-only", "lo-report", "", "128", [], true),
    encrypt("qpdf-rc4-40-owner-only", "pdflib-form-filled", "", "40", [], true),
    {
      name: "attachments-encrypted-no-password",
      needs: QPDF,
      make: (out, work) => attachmentOnlyEncryption(src(work, "lo-report"), attachment(work), "", out, work),
      txt: converts,
      png: converts,
    },
    {
      name: "attachments-encrypted-with-password",
      needs: QPDF,
      make: (out, work) => attachmentOnlyEncryption(src(work, "lo-report"), attachment(work), "open-sesame", out, work),
      txt: converts,
      png: converts,
    },
    {
      name: "attachments-encrypted-password-on-open",
      needs: QPDF,
      make: (out, work) => attachmentOnlyEncryption(src(work, "lo-two-column-paper"), attachment(work), "open-sesame", out, work, "DocOpen"),
      txt: converts,
      png: converts,
    },
    { name: "info-unreadable", needs: QPDF, make: (out, work) => unreadableInfo(src(work, "lo-report"), out), txt: converts, png: converts },
    { name: "info-missing-object", needs: QPDF, make: (out, work) => missingInfo(src(work, "lo-report"), out), txt: converts, png: converts },
    { name: "xref-offsets-shifted", needs: QPDF, make: (out, work) => brokenXref(src(work, "lo-two-column-paper"), out), txt: converts, png: converts },
    // a mail or HTTP header left before "%PDF-": readers look for the header in the first kilobyte
    { name: "junk-before-header", make: (out, work) => writeFileSync(out, Buffer.concat([Buffer.from("Content-Type: application/pdf\r\nContent-Length: 22574\r\n\r\n"), readFileSync(src(work, "lo-report"))])), txt: converts, png: converts },
    // the last bytes ("%%EOF") lost: poppler and pdf.js read it all the same
    { name: "cut-after-trailer", make: (out, work) => writeFileSync(out, readFileSync(src(work, "lo-report")).toString("latin1").replace(/%%EOF\s*$/, ""), "latin1"), txt: converts, png: converts },
    // the xref table and trailer cut off: poppler gives up too ("Couldn't find trailer dictionary")
    { name: "cut-before-trailer", make: (out, work) => truncated(src(work, "latex-two-column"), 0.97, out), txt: CUT, png: CUT },
    { name: "cut-to-header", make: (out, work) => truncated(src(work, "lo-report"), 0.005, out), txt: CUT, png: CUT },
    // a PDF header, then bytes that are no PDF objects, then the end marker
    { name: "garbage-after-header", make: (out) => writeFileSync(out, Buffer.concat([Buffer.from("%PDF-1.4\n"), noise(4000), Buffer.from("\n%%EOF\n")])), txt: DAMAGED, png: DAMAGED },
  ];
}

/** A page of "scanned" lines and a circle, as one picture in a PDF (no text layer). */
const SCAN = `import sys
from PIL import Image, ImageDraw
im = Image.new("L", (620, 877), 255)
d = ImageDraw.Draw(im)
for i, y in enumerate(range(60, 400, 24)):
    d.rectangle((60, y, 560 - (i % 3) * 40, y + 10), fill=40)
d.ellipse((200, 450, 400, 650), outline=20, width=6)
im.save(sys.argv[1], resolution=75)
`;

/** Bytes from a fixed linear congruential sequence: the same noise every run. */
function noise(length: number): Buffer {
  const out = Buffer.alloc(length);
  let state = 12345;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out[i] = state >>> 16;
  }
  return out;
}

function attachment(work: string): string {
  const path = join(work, "attachment.txt");
  writeFileSync(path, "The attachment's own text.\n");
  return path;
}

async function cases(workDir: string): Promise<CorpusCase[]> {
  const listed = casesFromManifest(FOLDER);
  mkdirSync(workDir, { recursive: true });
  const out: CorpusCase[] = [];
  // pdf-to-png first: the manifest lists each file once per category
  for (const variant of variants()) {
    if (variant.needs && !existsSync(variant.needs)) {
      console.error(`pdf corpus: ${variant.name} left out, ${variant.needs} is missing`);
      continue;
    }
    const input = src(workDir, variant.name);
    if (!existsSync(input)) {
      try {
        await variant.make(input, workDir);
      } catch (error) {
        console.error(`pdf corpus: ${variant.name} could not be made: ${String(error).slice(0, 300)}`);
        continue;
      }
    }
    if (!existsSync(input)) continue;
    const kinds: [CorpusCategory, string, CorpusExpectation, string[]?][] = [
      ["pdf-to-txt", "txt", variant.txt],
      ["pdf-to-png", "png", variant.png, ["--pages", "1"]],
    ];
    for (const [category, outputExt, expect, cliArgs] of kinds) out.push({ category, name: `${variant.name}.pdf (generated)`, input, outputExt, expect, ...(cliArgs ? { cliArgs } : {}) });
  }
  return [...listed, ...out];
}

// ---- the judge ----

/** The longest common subsequence's length of `block` and `text` (a block is short: O(block × text)). */
function commonInOrder(block: readonly string[], text: readonly string[]): number {
  let row = new Int32Array(text.length + 1);
  for (const word of block) {
    const next = new Int32Array(text.length + 1);
    for (let j = 1; j <= text.length; j++) next[j] = word === text[j - 1] ? row[j - 1]! + 1 : Math.max(row[j]!, next[j - 1]!);
    row = next;
  }
  return row[text.length]!;
}

/**
 * pdftotext's words kept in order within each of its blocks (paragraphs, split at blank lines and
 * page ends), the blocks found anywhere in ours: poppler orders a page's blocks by its own rules
 * (the top of the right column before the bottom of the left one, paragraphs that line up across
 * columns read as rows), which are no better than reading column by column. Lines of two columns
 * woven together still lose every block they touch.
 */
function blocksInOrder(reference: string, ours: readonly string[]): number {
  const blocks = reference.split(/\n\s*\n|\f/).map(words).filter((block) => block.length > 0);
  const total = blocks.reduce((sum, block) => sum + block.length, 0);
  const kept = blocks.reduce((sum, block) => sum + commonInOrder(block, ours), 0);
  return total === 0 ? 1 : kept / total;
}

/** The share of `ours` that is in `theirs` (counting repeats): text we made up or doubled lowers it. */
function ownWordsFound(ours: readonly string[], theirs: readonly string[]): number {
  const counts = new Map<string, number>();
  for (const word of theirs) counts.set(word, (counts.get(word) ?? 0) + 1);
  let found = 0;
  for (const word of ours) {
    const left = counts.get(word) ?? 0;
    if (left > 0) {
      found++;
      counts.set(word, left - 1);
    }
  }
  return ours.length === 0 ? 1 : found / ours.length;
}

/**
 * pdftotext on the left half of every page, then on the right half: at the foot of a LaTeX page
 * poppler weaves the two columns' lines together ("ro- objects under load number 164 bustness"), and
 * told where the columns are it reads them apart. Full-width lines fall into two halves whose words
 * stay in order.
 */
function byHalves(input: string): string {
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(run("pdfinfo", [input]).toString());
  if (!size) return "";
  const [width, height] = [Math.ceil(Number(size[1])), Math.ceil(Number(size[2]))];
  const half = (x: number): string => run(PDFTOTEXT, ["-enc", "UTF-8", "-r", "72", "-x", String(x), "-y", "0", "-W", String(Math.ceil(width / 2)), "-H", String(height), input, "-"]).toString("utf8");
  return `${half(0)}\f${half(Math.floor(width / 2))}`;
}

async function judgeText(input: string, outputPath: string): Promise<string | null> {
  let reference: string;
  try {
    reference = run(PDFTOTEXT, ["-enc", "UTF-8", input, "-"]).toString("utf8");
  } catch (error) {
    return `pdftotext cannot read the input: ${String((error as { stderr?: Buffer }).stderr ?? error).slice(0, 120)}`;
  }
  const theirs = words(reference);
  const ours = words(readFileSync(outputPath, "utf8"));
  if (theirs.length === 0) return ours.length === 0 ? null : "pdftotext finds no words, we wrote some";
  let kept = blocksInOrder(reference, ours);
  if (kept < MIN_WORDS_IN_ORDER) kept = Math.max(kept, blocksInOrder(byHalves(input), ours));
  if (kept < MIN_WORDS_IN_ORDER) {
    const whole = wordsInOrder(theirs, ours);
    return `${(kept * 100).toFixed(1)} % of the words of pdftotext's ${theirs.length} in order within its blocks (below ${MIN_WORDS_IN_ORDER * 100} %; ${whole < 0.95 ? "under 95" : (whole * 100).toFixed(1)} % over the whole text)`;
  }
  const own = ownWordsFound(ours, theirs);
  if (own < MIN_OWN_WORDS) return `only ${(own * 100).toFixed(1)} % of our ${ours.length} words are pdftotext's (extra or repeated text)`;
  return null;
}

/** Pillow: our PNG and pdftoppm's render of page 1 at the same size, in grey, averaged over 4 × 4 blocks. */
const COMPARE = `import sys
from PIL import Image, ImageChops, ImageStat
ours = Image.open(sys.argv[1])
if ours.mode in ("RGBA", "LA", "P"):
    ours = ours.convert("RGBA")
    white = Image.new("RGBA", ours.size, "white")
    white.alpha_composite(ours)
    ours = white
ours = ours.convert("L")
ref = Image.open(sys.argv[2]).convert("L")
if ref.size != ours.size:
    ref = ref.resize(ours.size, Image.BOX)
size = (max(1, ours.size[0] // 4), max(1, ours.size[1] // 4))
a = ours.resize(size, Image.BOX)
b = ref.resize(size, Image.BOX)
diff = ImageStat.Stat(ImageChops.difference(a, b)).mean[0]
ink = lambda im: sum(im.point(lambda v: 255 if v < 160 else 0).histogram()[255:]) / (im.size[0] * im.size[1])
print(diff, ink(a), ink(b), ours.size[0], ours.size[1])
`;

function judgePicture(input: string, outputPath: string, workDir: string): string | null {
  const size = /PNG image data, (\d+) x (\d+)/.exec(run("/usr/bin/file", [outputPath]).toString());
  if (!size) return "the output is not a PNG";
  const stem = join(workDir, "judge", `${outputPath.split("/").at(-1)}.poppler`);
  mkdirSync(join(workDir, "judge"), { recursive: true });
  try {
    // -scale-to-x and -y size the page before its /Rotate turns it
    const turned = Number(/Page\s+1 rot:\s+(\d+)/.exec(run("pdfinfo", ["-f", "1", "-l", "1", input]).toString())?.[1] ?? 0) % 180 === 90;
    const [x, y] = turned ? [size[2]!, size[1]!] : [size[1]!, size[2]!];
    run("pdftoppm", ["-f", "1", "-l", "1", "-singlefile", "-png", "-scale-to-x", x, "-scale-to-y", y, input, stem]);
  } catch (error) {
    return `pdftoppm cannot render the input: ${String((error as { stderr?: Buffer }).stderr ?? error).slice(0, 120)}`;
  }
  const [diff, oursInk, theirInk] = run(PYTHON, ["-c", COMPARE, outputPath, `${stem}.png`]).toString().trim().split(" ").map(Number) as [number, number, number];
  if (theirInk > 0.002 && (oursInk < theirInk / 2 || oursInk > theirInk * 2)) return `the page has ${(oursInk * 100).toFixed(2)} % ink, poppler's ${(theirInk * 100).toFixed(2)} %`;
  if (diff > MAX_MEAN_DIFFERENCE) return `the page differs from poppler's by ${diff.toFixed(1)} grey levels on average (above ${MAX_MEAN_DIFFERENCE})`;
  return null;
}

async function judge(corpusCase: CorpusCase, outputPath: string, workDir: string): Promise<string | null> {
  if (corpusCase.category === "pdf-to-txt") return judgeText(corpusCase.input, outputPath);
  return judgePicture(corpusCase.input, outputPath, workDir);
}

const pdf: CorpusFormat = { cases, judge };
export default pdf;
