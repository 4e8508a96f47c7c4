// Every script a visitor types (docs/decisions/031-pdf-every-script.md): text files of our own, one
// per script and one of all of them, to PDF; the same texts as DOCX that pandoc and LibreOffice
// write at run time, and as an EPUB that pandoc writes, to PDF too. Judged by poppler: every font
// embedded (pdffonts), no replacement character, and every word of the source back in logical order
// (pdftotext, raw and -layout, read with poppler's bidi marks: tests/support/poppler-text.ts).
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import type { CorpusCase, CorpusFormat } from "../corpus-case.ts";
import { casesFromManifest } from "../manifest.ts";
import { words } from "#tests/support/office-fixtures.ts";
import { logicalWords } from "#tests/support/poppler-text.ts";
import { HAVE_PANDOC, PANDOC, PDFFONTS, PDFTOTEXT } from "#tests/support/reference-tools.ts";
import { HAVE_LIBREOFFICE, SOFFICE } from "#tests/support/office-fixtures.ts";

const FOLDER = import.meta.dirname;

function run(command: string, args: string[], cwd?: string): string {
  return execFileSync(command, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, stdio: ["ignore", "pipe", "pipe"], timeout: 120_000, cwd });
}

/** The source's lines as Markdown paragraphs (pandoc reads a lone line break as a space). */
function markdownOf(source: string, dir: string, stem: string): string {
  const path = join(dir, `${stem}.md`);
  writeFileSync(path, readFileSync(source, "utf8").trim().split("\n").join("\n\n") + "\n");
  return path;
}

function variants(work: string): CorpusCase[] {
  const dir = join(work, "scripts-variants");
  mkdirSync(dir, { recursive: true });
  const out: CorpusCase[] = [];
  const mixed = join(FOLDER, "mixed.txt");
  if (HAVE_PANDOC) {
    for (const entry of ["mixed.txt", "arabic.txt", "hebrew.txt", "devanagari.txt", "chinese.txt"]) {
      const source = join(FOLDER, entry);
      const stem = basename(entry, ".txt");
      const docx = join(dir, `${stem}-pandoc.docx`);
      run(PANDOC, [markdownOf(source, dir, stem), "-f", "markdown-smart", "-o", docx]);
      out.push({ category: "docx-to-pdf", name: `${stem}-pandoc.docx`, input: docx, outputExt: "pdf", expect: { converts: true }, data: { source } });
    }
    const epub = join(dir, "mixed-pandoc.epub");
    run(PANDOC, [markdownOf(mixed, dir, "mixed-book"), "-f", "markdown-smart", "--metadata", "title=Every script", "-o", epub]);
    out.push({ category: "epub-to-pdf", name: "mixed-pandoc.epub", input: epub, outputExt: "pdf", expect: { converts: true }, data: { source: mixed, title: "Every script" } });
  }
  if (HAVE_LIBREOFFICE) {
    // LibreOffice reads the text file as UTF-8 text, one paragraph a line, and writes Word's DOCX
    const profile = join(work, "scripts-soffice-profile");
    run(SOFFICE, [`-env:UserInstallation=file://${profile}`, "--headless", "--infilter=Text (encoded):UTF8", "--convert-to", "docx:MS Word 2007 XML", "--outdir", dir, mixed], dir);
    out.push({ category: "docx-to-pdf", name: "mixed-libreoffice.docx", input: join(dir, "mixed.docx"), outputExt: "pdf", expect: { converts: true }, data: { source: mixed } });
  }
  return out;
}

const scripts: CorpusFormat = {
  async cases(workDir) {
    const kept = casesFromManifest(FOLDER).map((c) => ({ ...c, data: { ...c.data, source: c.input } }));
    return [...kept, ...variants(workDir)];
  },

  async judge(corpusCase, outputPath) {
    const fonts = run(PDFFONTS, [outputPath]).split("\n").slice(2).filter((row) => row.trim() !== "");
    if (fonts.length === 0) return "the PDF has no fonts";
    const notEmbedded = fonts.filter((row) => !/\s+yes\s+yes\s+yes\s+\d+\s+\d+\s*$/.test(row));
    if (notEmbedded.length > 0) return `fonts not embedded as subsets with ToUnicode: ${notEmbedded.map((row) => row.split(/\s+/)[0]).join(", ")}`;
    const expected = words(readFileSync(String(corpusCase.data?.source), "utf8"));
    // the EPUB's title (its title page, its heading) comes first
    const title = new Set(typeof corpusCase.data?.title === "string" ? words(corpusCase.data.title) : []);
    for (const layout of [[], ["-layout"]]) {
      const text = run(PDFTOTEXT, [...layout, outputPath, "-"]);
      if (text.includes("\ufffd")) return `pdftotext ${layout.join(" ")} shows U+FFFD: a character no font drew`;
      const got = logicalWords(text);
      while (got.length > 0 && title.has(got[0]!)) got.shift();
      const at = expected.findIndex((word, i) => got[i] !== word);
      if (at >= 0 || got.length !== expected.length) {
        const i = at >= 0 ? at : Math.min(got.length, expected.length);
        return `pdftotext${layout.length > 0 ? " -layout" : ""}: word ${i + 1} is “${got[i] ?? "(none)"}”, the source has “${expected[i] ?? "(none)"}” (${got.length} words, source ${expected.length})`;
      }
    }
    return null;
  },
};

export default scripts;
