// Finds the corpus formats (every <dir>/*/cases.ts), imports each one's CorpusFormat and collects
// its cases, each with a unique file stem for its outputs in the run's work folder.
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { CorpusCase, CorpusCategory, CorpusFormat } from "#tests/corpus/corpus-case.ts";
import { OUTPUT_EXT } from "#tests/corpus/manifest.ts";

export const CATEGORIES = Object.keys(OUTPUT_EXT) as CorpusCategory[];

export interface LoadedCase {
  /** the format folder's name */
  format: string;
  /** the folder the format generated its variants into, passed to its judge */
  workDir: string;
  /** a file name stem unique in the format, for the case's outputs */
  stem: string;
  corpusCase: CorpusCase;
  judge: CorpusFormat["judge"];
}

/** The format folders under `dir`: those with a cases.ts. */
export function formatFolders(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, "cases.ts")))
    .map((entry) => entry.name)
    .toSorted();
}

/** A bad command-line option: one line for the user, exit 2. */
export class UsageProblem extends Error {}

/** Splits `--only` values into format folders and categories; an unknown value is an error. */
export function parseOnly(values: readonly string[], folders: readonly string[]): { formats: Set<string>; categories: Set<string> } {
  const formats = new Set<string>();
  const categories = new Set<string>();
  for (const value of values) {
    if (folders.includes(value)) formats.add(value);
    else if ((CATEGORIES as string[]).includes(value)) categories.add(value);
    else throw new UsageProblem(`--only ${value}: not a format folder (${folders.join(", ") || "none found"}) nor a category (${CATEGORIES.join(", ")})`);
  }
  return { formats, categories };
}

function safeStem(name: string): string {
  return name.replace(/[^\w.+-]+/g, "_").replace(/^[._]+/, "").slice(0, 80) || "case";
}

/**
 * Imports each format's cases.ts and asks it for its cases (generated into work/<format>/).
 * A format that cannot be loaded is reported in `problems`, and the others still run.
 */
export async function loadCases(dir: string, work: string, only: readonly string[]): Promise<{ cases: LoadedCase[]; problems: string[] }> {
  const folders = formatFolders(dir);
  const wanted = parseOnly(only, folders);
  // each --only adds what it names: `--only jpeg --only dds-to-png-all` is both
  const filtered = wanted.formats.size > 0 || wanted.categories.size > 0;
  const takes = (format: string, category: string) => !filtered || wanted.formats.has(format) || wanted.categories.has(category);
  const cases: LoadedCase[] = [];
  const problems: string[] = [];
  for (const format of folders) {
    if (filtered && wanted.categories.size === 0 && !wanted.formats.has(format)) continue;
    const workDir = join(work, format);
    mkdirSync(workDir, { recursive: true });
    let formatCases: CorpusCase[];
    let judge: CorpusFormat["judge"];
    try {
      const module = (await import(pathToFileURL(resolve(dir, format, "cases.ts")).href)) as { default?: CorpusFormat };
      if (!module.default || typeof module.default.cases !== "function" || typeof module.default.judge !== "function") {
        throw new Error("its default export is not a CorpusFormat ({ cases, judge })");
      }
      const loaded = module.default;
      judge = (corpusCase, output, at) => loaded.judge(corpusCase, output, at);
      formatCases = await loaded.cases(workDir);
    } catch (error) {
      problems.push(`${format}/cases.ts: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    const stems = new Set<string>();
    for (const corpusCase of formatCases) {
      if (!takes(format, corpusCase.category)) continue;
      let stem = safeStem(corpusCase.name);
      for (let n = 2; stems.has(stem); n++) stem = `${safeStem(corpusCase.name)}-${n}`;
      stems.add(stem);
      cases.push({ format, workDir, stem, corpusCase, judge });
    }
  }
  return { cases, problems };
}
