// Reads a format folder's manifest.json into corpus cases (the files kept in the repo).
import { readFileSync } from "node:fs";
import { extname, join } from "node:path";
import type { CorpusCase, CorpusCategory, ManifestEntry } from "./corpus-case.ts";

const OUTPUT_EXT: Record<CorpusCategory, string> = {
  "dds-to-png": "png",
  "dds-to-png-all": "zip",
  "tiff-to-pdf": "pdf",
  "psd-to-pdf": "pdf",
  "jpeg-to-png": "png",
  "jpeg-to-ico": "ico",
  "avif-to-svg": "svg",
  "pdf-to-png": "png",
  "pdf-to-txt": "txt",
  "doc-to-pdf": "pdf",
  "doc-to-txt": "txt",
  "docx-to-pdf": "pdf",
  "docx-to-txt": "txt",
  "txt-to-pdf": "pdf",
  "midi-to-wav": "wav",
  "xml-to-json": "json",
  "feed-to-json": "json",
  "csv-to-json": "json",
  "json-to-csv": "csv",
  "json-to-xml": "xml",
  "epub-to-azw3": "azw3",
  "epub-to-mobi": "mobi",
  "epub-to-pdf": "pdf",
  "fb2-to-epub": "epub",
  "mobi-to-epub": "epub",
  "audio-to-mp3": "mp3",
  "video-to-mp4": "mp4",
  "m4a-to-mp3": "mp3",
  "flv-to-mp3": "mp3",
  "mpg-to-avi": "avi",
};

/** The CLI arguments a category's cases get when their manifest line names none. */
const DEFAULT_ARGS: Partial<Record<CorpusCategory, string[]>> = {
  "dds-to-png-all": ["--all"],
  // the first page only, as the hidden corpus's "PDF → first page PNG" row
  "pdf-to-png": ["--pages", "1"],
};

export function readManifest(folder: string): ManifestEntry[] {
  return JSON.parse(readFileSync(join(folder, "manifest.json"), "utf8")) as ManifestEntry[];
}

export function casesFromManifest(folder: string): CorpusCase[] {
  return readManifest(folder).map((entry) => ({
    category: entry.category,
    name: entry.file,
    input: join(folder, entry.file),
    cliArgs: entry.cliArgs ?? DEFAULT_ARGS[entry.category],
    outputExt: OUTPUT_EXT[entry.category],
    expect: entry.expect === "converts" ? { converts: true } : { refused: true, reason: new RegExp(entry.expect.refused, "i") },
    browser: entry.browser,
    data: { source: entry.source, ext: extname(entry.file) },
  }));
}

export { DEFAULT_ARGS, OUTPUT_EXT };
