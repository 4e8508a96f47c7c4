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
};

export function readManifest(folder: string): ManifestEntry[] {
  return JSON.parse(readFileSync(join(folder, "manifest.json"), "utf8")) as ManifestEntry[];
}

export function casesFromManifest(folder: string): CorpusCase[] {
  return readManifest(folder).map((entry) => ({
    category: entry.category,
    name: entry.file,
    input: join(folder, entry.file),
    cliArgs: entry.cliArgs ?? (entry.category === "dds-to-png-all" ? ["--all"] : undefined),
    outputExt: OUTPUT_EXT[entry.category],
    expect: entry.expect === "converts" ? { converts: true } : { refused: true, reason: new RegExp(entry.expect.refused, "i") },
    browser: entry.browser,
    data: { source: entry.source, ext: extname(entry.file) },
  }));
}

export { OUTPUT_EXT };
