// Books made up for the MOBI writers' edge-case tests (no tool involved): many chapters, empty
// chapters, a huge chapter, no pictures, no cover, a non-Latin title; and small readers of the
// files for the checks.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { pictureInfo } from "#codecs/document/image-info.ts";
import { CALIBRE_DEBUG } from "#tests/support/ebook-fixtures.ts";
import { rampPng } from "#tests/support/office-fixtures.ts";
import type { Book, BookChapter } from "#codecs/ebook/book.ts";

export interface SyntheticOptions {
  chapters?: number;
  /** paragraphs per chapter */
  paragraphs?: number;
  title?: string;
  pictures?: boolean;
  cover?: boolean;
  /** every other chapter has an empty body */
  emptyChapters?: boolean;
}

/** The words of paragraph `p` of chapter `c` (distinct per paragraph, so order can be checked). */
export const paragraphText = (c: number, p: number): string => `Chapter ${c} paragraph ${p} walks along the river road number ${c * 1000 + p}, past mills and bridges.`;

export function syntheticBook(options: SyntheticOptions = {}): Book {
  const count = options.chapters ?? 3;
  const paragraphs = options.paragraphs ?? 2;
  const chapters: BookChapter[] = [];
  for (let c = 1; c <= count; c++) {
    const empty = options.emptyChapters === true && c % 2 === 0;
    const picture = options.pictures && c === 1 ? '<p><img src="images/ramp.png" alt="ramp"/></p>' : "";
    const body = empty ? "" : `<h1 id="h${c}">Chapter ${c}</h1>${picture}${Array.from({ length: paragraphs }, (_, p) => `<p>${paragraphText(c, p)}</p>`).join("")}`;
    chapters.push({ href: `text/ch${c}.xhtml`, title: `Chapter ${c}`, body, role: "body" });
  }
  const resources = [];
  if (options.pictures) resources.push({ href: "images/ramp.png", mediaType: "image/png", data: rampPng(40, 30) });
  if (options.cover) resources.push({ href: "images/cover.png", mediaType: "image/png", data: rampPng(200, 300) });
  return {
    metadata: { title: options.title ?? "A Synthetic Book", authors: ["Test Author"], language: "en" },
    chapters,
    resources,
    ...(options.cover ? { coverHref: "images/cover.png" } : {}),
    toc: chapters.map((chapter) => ({ title: chapter.title ?? "", target: chapter.href, children: [] })),
    notes: [],
  };
}

export const u32 = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(at);

export const size = (data: Uint8Array) => {
  const info = pictureInfo(data);
  return `${info.width}x${info.height}`;
};

/**
 * The MOBI 6 text as calibre's MOBI 6 reader decompresses it (quick even for a huge book). In a
 * joint file calibre's reader swaps in the KF8 header; the MOBI 6 header is put back so the MOBI 6
 * half is read as an old Kindle reads it.
 */
export function calibreMobiHtml(file: string): string {
  const out = `${file}.html`;
  const code = [
    "from calibre.ebooks.mobi.reader.mobi6 import MobiReader",
    "from calibre.ebooks.mobi.reader.headers import BookHeader",
    "from calibre.utils.logging import default_log",
    `r = MobiReader(${JSON.stringify(file)}, default_log)`,
    "if r.kf8_type == 'joint': r.book_header = BookHeader(r.sections[0][0], r.ident, None, default_log)",
    "r.extract_text()",
    `open(${JSON.stringify(out)}, 'wb').write(r.mobi_html)`,
  ].join("\n");
  const result = spawnSync(CALIBRE_DEBUG, ["-c", code], { encoding: "utf8", timeout: 120_000 });
  if (result.status !== 0) throw new Error(`calibre's MobiReader failed: ${result.stderr.slice(-2000)}`);
  return readFileSync(out, "utf8");
}

/** The full name stored in record 0 (offset and length from the MOBI header). */
export function fullName(file: Uint8Array): string {
  const record0 = u32(file, 78);
  return new TextDecoder().decode(file.subarray(record0 + u32(file, record0 + 84), record0 + u32(file, record0 + 84) + u32(file, record0 + 88)));
}


/** How many of `parts` appear in `text` one after another, in order (a linear check for huge books). */
export function inOrder(text: string, parts: readonly string[]): number {
  let at = 0;
  let found = 0;
  for (const part of parts) {
    const next = text.indexOf(part, at);
    if (next < 0) continue;
    found++;
    at = next + part.length;
  }
  return found;
}
