// The printed report of a corpus run: one row per category as in issue 24's table, then every case
// that was not right with its reason. Pure (table.test.ts).
import type { CorpusCategory } from "#tests/corpus/corpus-case.ts";
import { VERDICTS, type Verdict } from "./outcome.ts";

/** One conversion of one case, as written to test-reports/corpus.json. */
export interface CaseResult {
  category: CorpusCategory;
  /** the format folder the case came from */
  format: string;
  name: string;
  input: string;
  expect: string;
  verdict: Verdict;
  reason?: string;
  /** the refusal's message, when the converter refused (right or not) */
  refusal?: string;
  /** where the output was saved (kept with --keep) */
  output?: string;
  durationMs: number;
  /** peak resident memory in MB (the CLI's process tree; Chromium's renderer) */
  peakMb?: number;
  /** requests the page made to another origin (Chromium only) */
  foreignRequests?: string[];
}

export type Tally = Record<Verdict, number> & { category: string; files: number };

/** Counts per category (in the order given, then any other category met), and a total row when there are several. */
export function tally(results: readonly CaseResult[], order: readonly string[] = []): Tally[] {
  const rows = new Map<string, Tally>();
  const empty = (category: string): Tally => ({ category, files: 0, ...Object.fromEntries(VERDICTS.map((v) => [v, 0])) }) as Tally;
  for (const category of order) if (results.some((r) => r.category === category)) rows.set(category, empty(category));
  for (const result of results) {
    const row = rows.get(result.category) ?? empty(result.category);
    rows.set(result.category, row);
    row.files++;
    row[result.verdict]++;
  }
  const list = [...rows.values()];
  if (list.length > 1) {
    const total = empty("all");
    for (const row of list) {
      total.files += row.files;
      for (const verdict of VERDICTS) total[verdict] += row[verdict];
    }
    list.push(total);
  }
  return list;
}

/** "12 (92 %)": the count and its share of the files, rounded down so 99.6 % never reads as 100 %. */
export function percent(count: number, files: number): string {
  if (files === 0) return "0";
  const share = Math.floor((count / files) * 1000) / 10;
  return `${count} (${Number.isInteger(share) ? share : share.toFixed(1)} %)`;
}

/** The Markdown table: `| category | files | right | falsely refused | ... | memory |`. */
export function renderTable(rows: readonly Tally[]): string {
  const header = ["category", "files", ...VERDICTS];
  const lines = [`| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`];
  for (const row of rows) {
    const cells = [row.category === "all" ? "**all**" : row.category, String(row.files), percent(row.right, row.files), ...VERDICTS.slice(1).map((v) => String(row[v]))];
    lines.push(`| ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

/** Every case that was not right, grouped by category (in the order given first): "- [crash] format/name: reason". */
export function renderFailures(results: readonly CaseResult[], order: readonly string[] = []): string {
  const failed = results.filter((r) => r.verdict !== "right");
  if (failed.length === 0) return "Every case was right.";
  const lines: string[] = [];
  for (const category of new Set([...order, ...failed.map((r) => r.category)])) {
    if (!failed.some((f) => f.category === category)) continue;
    lines.push(`${category}:`);
    for (const r of failed.filter((f) => f.category === category)) lines.push(`- [${r.verdict}] ${r.format}/${r.name}: ${oneLine(r.reason ?? "")}`);
  }
  return lines.join("\n");
}

/** Cases whose page asked another origin for something (the site must work offline). */
export function renderForeignRequests(results: readonly CaseResult[]): string | null {
  const noisy = results.filter((r) => r.foreignRequests && r.foreignRequests.length > 0);
  if (noisy.length === 0) return null;
  return noisy.map((r) => `- ${r.format}/${r.name}: ${r.foreignRequests!.slice(0, 5).join(", ")}${r.foreignRequests!.length > 5 ? ", ..." : ""}`).join("\n");
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 300 ? `${flat.slice(0, 297)}...` : flat;
}
