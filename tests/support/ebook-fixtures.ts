// Ebooks made by independent tools, and the independent checks of ours (issue 16): pandoc writes
// EPUB 2/3 and FB2 from one Markdown book (headings, a footnote, a table, pictures, a cover,
// Cyrillic and Greek); calibre's ebook-convert writes MOBI and AZW3 from it; epubcheck, ebook-meta,
// ebook-convert and calibre-debug --inspect-mobi judge what we write.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { rampPng } from "./office-fixtures.ts";
import { EBOOK_CONVERT, EBOOK_META, EPUBCHECK, HAVE_CALIBRE, HAVE_EPUBCHECK, HAVE_PANDOC, PANDOC } from "./reference-tools.ts";

export { words, wordsInOrder } from "./office-fixtures.ts";

const JAVA = "/usr/bin/java";
/** Debian's epubcheck is the jar itself (a link to it), run with java. */
export const CAN_EPUBCHECK = HAVE_EPUBCHECK && existsSync(JAVA);
export const CALIBRE_DEBUG = "/usr/bin/calibre-debug";
export const CAN_INSPECT_MOBI = HAVE_CALIBRE && existsSync(CALIBRE_DEBUG);
export { HAVE_CALIBRE, HAVE_PANDOC };

/** Calibre and its workers take seconds to start; a big book takes longer. */
const TOOL_TIMEOUT_MS = 180_000;

export const SAMPLE_TITLE = "Книга о ёлке";
export const SAMPLE_AUTHOR = "Иван Петров";
export const SAMPLE_LANGUAGE = "ru";

/** The sample book's Markdown: `chapters` chapters (at least 2), each with several paragraphs. */
export function sampleMarkdown(chapters = 3): string {
  const parts = [
    `# Первая глава

Привет, мир. Это текст с примечанием.[^1] Ещё одно предложение о ёлке и зиме.

![Картинка](pic.png)

## Раздел

| Столбец | Column |
|---|---|
| один | два |
| τρία | four |

Ελληνικά γράμματα: αλφα βήτα γάμμα.
`,
    `# Second chapter

Plain English words here, and «ёлка» too. The harbour was quiet at dawn; gulls circled over
the grey water while the ferry waited at the pier.

> A quotation, set apart from the text.

1. first item
2. second item
`,
  ];
  for (let n = 3; n <= chapters; n++) {
    parts.push(`# Chapter ${n}

${Array.from({ length: 6 }, (_, p) => `Paragraph ${p + 1} of chapter ${n}: the travellers walked on through the valley, talking of rivers, mountains and the towns they had seen on the road number ${n * 10 + p}.`).join("\n\n")}
`);
  }
  return `${parts.join("\n")}\n[^1]: Сноска здесь.\n`;
}

export interface SampleFiles {
  /** the Markdown file pandoc reads */
  markdown: string;
  /** the cover picture (PNG) */
  cover: string;
}

/** Writes the sample Markdown book and its pictures into `dir`. */
export function writeSampleSources(dir: string, chapters = 3): SampleFiles {
  const write = (name: string, data: Uint8Array | string) => {
    writeFileSync(join(dir, name), data);
    return join(dir, name);
  };
  write("pic.png", rampPng(60, 40));
  const cover = write("cover.png", rampPng(300, 450));
  const markdown = write("book.md", sampleMarkdown(chapters));
  return { markdown, cover };
}

export type PandocFormat = "epub2" | "epub3" | "fb2";

/** pandoc's book in `format`, written in `dir` from the sample sources; returns its path. */
export function pandocBook(dir: string, format: PandocFormat, options: { chapters?: number; name?: string } = {}): string {
  const { markdown, cover } = writeSampleSources(dir, options.chapters);
  const output = join(dir, options.name ?? `pandoc-${format}.${format === "fb2" ? "fb2" : "epub"}`);
  const args = [markdown, "-o", output, "-t", format, "--metadata", `title=${SAMPLE_TITLE}`, "--metadata", `author=${SAMPLE_AUTHOR}`, "--metadata", `lang=${SAMPLE_LANGUAGE}`, "--toc"];
  if (format !== "fb2") args.push(`--epub-cover-image=${cover}`);
  execFileSync(PANDOC, args, { cwd: dir, timeout: TOOL_TIMEOUT_MS });
  return output;
}

/** pandoc's plain-text rendering of the sample book: the words every conversion must keep. */
export function sampleText(dir: string, chapters?: number): string {
  const { markdown } = writeSampleSources(dir, chapters);
  return execFileSync(PANDOC, [markdown, "-t", "plain"], { cwd: dir, encoding: "utf8", timeout: TOOL_TIMEOUT_MS });
}

/** calibre's ebook-convert from `input` to `output` (the extension picks the format); returns `output`. */
export function calibreConvert(input: string, output: string, extra: string[] = []): string {
  const result = spawnSync(EBOOK_CONVERT, [input, output, ...extra], { encoding: "utf8", timeout: TOOL_TIMEOUT_MS });
  if (result.status !== 0) throw new Error(`ebook-convert ${input} ${output} failed:\n${result.stderr.slice(-2000)}`);
  return output;
}

/** The book's text as calibre reads it (ebook-convert to TXT). */
export function calibreText(input: string): string {
  const output = `${input}.calibre.txt`;
  calibreConvert(input, output);
  return readFileSync(output, "utf8");
}

export interface EbookMeta {
  title: string;
  authors: string[];
  /** calibre's three-letter codes ("eng", "rus") */
  languages: string[];
  /** the cover calibre found, if any */
  cover: Uint8Array | null;
}

/** What calibre's ebook-meta reads from `file`, with the cover it extracts. */
export function ebookMeta(file: string): EbookMeta {
  const coverFile = `${file}.cover`;
  const result = spawnSync(EBOOK_META, [file, `--get-cover=${coverFile}`], { encoding: "utf8", timeout: TOOL_TIMEOUT_MS });
  if (result.status !== 0) throw new Error(`ebook-meta ${file} failed:\n${result.stderr.slice(-2000)}`);
  const field = (name: string) => result.stdout.match(new RegExp(`^${name}\\s*:\\s*(.*)$`, "m"))?.[1]?.trim() ?? "";
  const authors = field("Author\\(s\\)")
    .replace(/\s*\[[^\]]*\]$/, "")
    .split(/\s*&\s*/)
    .filter((name) => name.length > 0);
  const languages = field("Languages")
    .split(/\s*,\s*/)
    .filter((code) => code.length > 0);
  const cover = existsSync(coverFile) ? new Uint8Array(readFileSync(coverFile)) : null;
  return { title: field("Title"), authors, languages, cover: cover && cover.length > 0 ? cover : null };
}

export interface EpubcheckMessage {
  severity: string;
  message: string;
}

/** epubcheck's errors and warnings for `file` (INFO and USAGE left out). */
export function epubcheck(file: string): EpubcheckMessage[] {
  const json = `${file}.epubcheck.json`;
  spawnSync(JAVA, ["-jar", EPUBCHECK, file, "--json", json], { stdio: "ignore", timeout: TOOL_TIMEOUT_MS });
  const report = JSON.parse(readFileSync(json, "utf8")) as { messages: EpubcheckMessage[] };
  return report.messages.filter((message) => message.severity !== "INFO" && message.severity !== "USAGE");
}

export interface MobiInspection {
  /** header.txt: the record layout, the MOBI and EXTH headers of each part */
  header: string;
  /** the folder calibre-debug wrote (files/, images/, raw_text.html...) */
  dir: string;
  /** names of the pictures calibre-debug found */
  images: string[];
}

/** calibre-debug --inspect-mobi on `file`, run in `workDir`; throws when calibre cannot parse it. */
export function inspectMobi(file: string, workDir: string): MobiInspection {
  const result = spawnSync(CALIBRE_DEBUG, ["--inspect-mobi", file], { cwd: workDir, encoding: "utf8", timeout: TOOL_TIMEOUT_MS });
  const saved = result.stdout.match(/Debug data saved to: (.+)$/m)?.[1]?.trim();
  if (result.status !== 0 || saved === undefined) throw new Error(`calibre-debug --inspect-mobi ${file} failed:\n${(result.stderr + result.stdout).slice(-3000)}`);
  const dir = join(workDir, saved);
  const headerFiles = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith("header.txt"));
  const header = headerFiles.map((name) => readFileSync(join(dir, name), "utf8")).join("\n");
  const images = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((name) => /(^|\/)images\/./.test(name));
  return { header, dir, images };
}
