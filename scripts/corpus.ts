// `npm run corpus`: every real-world corpus case (tests/corpus/<format>/cases.ts) through the CLI and
// the browser tool pages, each output judged by its format's independent tool, then the table of
// issue 24 for each, the cases that were not right, and test-reports/corpus.json. Not part of
// `npm test`. The modules are in scripts/corpus/; tests/corpus/README.md says how to use it.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { CorpusCategory } from "#tests/corpus/corpus-case.ts";
import { CATEGORIES, loadCases, UsageProblem, type LoadedCase } from "./corpus/formats.ts";
import { verdictOf, type RunOutcome } from "./corpus/outcome.ts";
import { PAGE_DRIVERS } from "./corpus/browser-pages.ts";
import { openBrowser, runBrowserCase } from "./corpus/run-browser.ts";
import { prepareCli, runCliCase, type Limits } from "./corpus/run-cli.ts";
import { renderFailures, renderForeignRequests, renderTable, tally, type CaseResult } from "./corpus/table.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const HELP = `Usage: npm run corpus -- [options]
  --only <format folder | category>   repeatable (categories: ${CATEGORIES.join(", ")})
  --cli-only | --browser-only          one side only
  --browser-all                        every case in Chromium too (default: AVIF cases and those marked browser: true)
  --jobs N                             CLI cases at once (default 2)
  --timeout S                          seconds before a case is a hang (default 120)
  --no-build                           use the production build as it is (default: npm run build first)
  --formats-dir <dir>                  where the format folders are (default tests/corpus)
  --keep                               keep the work folder (inputs generated, outputs) and print its path`;

/** The command line, or its problem and the usage on stderr (exit 2). */
function options() {
  try {
    return parseArgs({
      options: {
        only: { type: "string", multiple: true, default: [] },
        "cli-only": { type: "boolean", default: false },
        "browser-only": { type: "boolean", default: false },
        "browser-all": { type: "boolean", default: false },
        keep: { type: "boolean", default: false },
        jobs: { type: "string", default: "2" },
        timeout: { type: "string", default: "120" },
        "no-build": { type: "boolean", default: false },
        "formats-dir": { type: "string", default: join(ROOT, "tests/corpus") },
        help: { type: "boolean", short: "h", default: false },
      },
    }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${HELP}`);
    process.exit(2);
  }
}
const values = options();
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const jobs = Number(values.jobs);
const timeoutS = Number(values.timeout);
if (!Number.isInteger(jobs) || jobs < 1 || !(timeoutS > 0) || (values["cli-only"] && values["browser-only"])) {
  console.error(`Bad options.\n${HELP}`);
  process.exit(2);
}
const limits: Limits = { timeoutMs: timeoutS * 1000, memoryBytes: 2 * 1024 ** 3 };
const log = (line: string) => console.error(`[corpus] ${line}`);

const work = mkdtempSync(join(tmpdir(), "corpus-"));
const cleanUp = () => {
  if (!values.keep) rmSync(work, { recursive: true, force: true });
};
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    cleanUp();
    process.exit(signal === "SIGINT" ? 130 : 143);
  });
}

/** Runs `task` over `items`, `limit` at a time, in order of start. */
async function pool<T>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) await task(items[i]!, i);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** The verdict for an outcome, asking the format's judge when a file that should convert did. */
async function judged(item: LoadedCase, outcome: RunOutcome): Promise<{ verdict: CaseResult["verdict"]; reason?: string }> {
  const { corpusCase } = item;
  if (outcome.kind !== "converted" || !("converts" in corpusCase.expect)) return verdictOf(corpusCase.expect, outcome);
  let judgement: string | null;
  try {
    judgement = await item.judge(corpusCase, outcome.output, item.workDir);
  } catch (error) {
    judgement = `the judge failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`;
  }
  return verdictOf(corpusCase.expect, outcome, judgement);
}

function result(item: LoadedCase, outcome: RunOutcome, run: { durationMs: number; peakBytes: number }, extra: Partial<CaseResult> = {}): Omit<CaseResult, "verdict"> {
  const { corpusCase } = item;
  return {
    category: corpusCase.category,
    format: item.format,
    name: corpusCase.name,
    input: corpusCase.input,
    expect: "converts" in corpusCase.expect ? "converts" : `refused: ${corpusCase.expect.reason.source}`,
    ...(outcome.kind === "converted" ? { output: outcome.output } : {}),
    ...(outcome.kind === "refused" ? { refusal: outcome.message } : {}),
    durationMs: Math.round(run.durationMs),
    // 0: the process ended before the first look at its memory
    ...(run.peakBytes > 0 ? { peakMb: Math.round(run.peakBytes / 1024 ** 2) } : {}),
    ...extra,
  };
}

function progress(side: string, done: number, total: number, r: CaseResult): void {
  log(`${side} ${done}/${total} ${r.verdict.padEnd(15)} ${r.format}/${r.name} (${(r.durationMs / 1000).toFixed(1)} s${r.peakMb ? `, ${r.peakMb} MB` : ""})${r.reason ? `: ${r.reason.slice(0, 160)}` : ""}`);
}

/** The categories the CLI offers at all (its usage text names the input kind): AVIF, for one, may be browser-only. */
const DOCUMENTS = /PDF\/DOCX\/DOC\/TXT[^\n]* to /;
const DATA = /XML\/JSON\/CSV[^\n]* to /;
const EBOOKS = /EPUB\/FB2\/MOBI[^\n]* to /;
function cliCategories(usage: string): Set<CorpusCategory> {
  const offered: Record<CorpusCategory, RegExp> = {
    "dds-to-png": /DDS to PNG/,
    "dds-to-png-all": /DDS to PNG/,
    "tiff-to-pdf": /TIFF to PDF/,
    "psd-to-pdf": /PS[BD] to PDF/,
    "jpeg-to-png": /JPEG to PNG/,
    "jpeg-to-ico": /JPEG to ICO/,
    "avif-to-svg": /AVIF[^\n]* to [^\n]*SVG/,
    "pdf-to-png": DOCUMENTS,
    "pdf-to-txt": DOCUMENTS,
    "doc-to-pdf": DOCUMENTS,
    "doc-to-txt": DOCUMENTS,
    "docx-to-pdf": DOCUMENTS,
    "docx-to-txt": DOCUMENTS,
    "txt-to-pdf": DOCUMENTS,
    "midi-to-wav": /MIDI to WAV/,
    "xml-to-json": DATA,
    "feed-to-json": DATA,
    "csv-to-json": DATA,
    "json-to-csv": DATA,
    "json-to-xml": DATA,
    "epub-to-azw3": EBOOKS,
    "epub-to-mobi": EBOOKS,
    "epub-to-pdf": EBOOKS,
    "fb2-to-epub": EBOOKS,
    "mobi-to-epub": EBOOKS,
    // the media conversions take any "AUDIO/VIDEO" input (cli/media-kind.ts)
    "audio-to-mp3": /AUDIO[^\n]* to [^\n]*MP3/,
    "video-to-mp4": /VIDEO[^\n]* to [^\n]*MP4/,
    "m4a-to-mp3": /AUDIO[^\n]* to [^\n]*MP3/,
    "flv-to-mp3": /VIDEO[^\n]* to [^\n]*MP3/,
    "mpg-to-avi": /VIDEO[^\n]* to [^\n]*AVI/,
  };
  return new Set(CATEGORIES.filter((category) => offered[category].test(usage)));
}

async function runCli(cases: readonly LoadedCase[]): Promise<CaseResult[]> {
  log("building the CLI if it is stale ...");
  const offered = cliCategories(prepareCli(ROOT));
  const skipped = cases.filter((c) => !offered.has(c.corpusCase.category));
  for (const category of new Set(skipped.map((c) => c.corpusCase.category))) log(`the CLI has no ${category} conversion: those cases run in Chromium only`);
  const runnable = cases.filter((c) => offered.has(c.corpusCase.category));
  const results: CaseResult[] = [];
  let done = 0;
  await pool(runnable, jobs, async (item, index) => {
    const folder = join(item.workDir, "cli");
    mkdirSync(folder, { recursive: true });
    const run = await runCliCase(ROOT, item.corpusCase, join(folder, `${item.stem}.${item.corpusCase.outputExt}`), limits);
    const r = { ...result(item, run.outcome, run), ...(await judged(item, run.outcome)) };
    results[index] = r;
    progress("cli", ++done, runnable.length, r);
  });
  return results;
}

/** The cases Chromium runs: every AVIF case and those marked `browser: true`, or all with --browser-all; only categories a page driver serves. */
function browserCases(cases: readonly LoadedCase[]): LoadedCase[] {
  if (values["cli-only"]) return [];
  const wanted = cases.filter((c) => values["browser-all"] || c.corpusCase.browser === true || c.corpusCase.category === "avif-to-svg");
  for (const category of new Set(wanted.map((c) => c.corpusCase.category))) if (!PAGE_DRIVERS[category]) log(`no page driver for ${category} yet: its cases run through the CLI only`);
  return wanted.filter((c) => PAGE_DRIVERS[c.corpusCase.category] !== undefined);
}

/** The production build for Chromium (it builds the CLI too), before anything is timed. */
function buildApp(): void {
  if (values["no-build"]) {
    if (!existsSync(join(ROOT, "build/server/index.js"))) throw new Error("--no-build, but there is no build/ (run npm run build)");
    return;
  }
  log("npm run build ...");
  const build = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) throw new Error(`npm run build failed (exit ${build.status ?? build.signal})`);
}

async function runBrowser(chosen: readonly LoadedCase[]): Promise<{ results: CaseResult[]; notDriven: string[] }> {
  if (chosen.length === 0) return { results: [], notDriven: [] };
  const session = await openBrowser(3300);
  log(`Chromium on ${session.server.baseUrl}: ${chosen.length} cases, one at a time`);
  const results: CaseResult[] = [];
  const notDriven: string[] = [];
  try {
    for (const item of chosen) {
      const folder = join(item.workDir, "browser");
      mkdirSync(folder, { recursive: true });
      const run = await runBrowserCase(session, item.corpusCase, join(folder, item.stem), limits);
      if (run.notDriven) {
        notDriven.push(`${item.format}/${item.corpusCase.name}: ${run.notDriven}`);
        continue;
      }
      const extra = run.foreignRequests.length > 0 ? { foreignRequests: run.foreignRequests } : {};
      const r = { ...result(item, run.outcome, run, extra), ...(await judged(item, run.outcome)) };
      results.push(r);
      progress("chromium", results.length + notDriven.length, chosen.length, r);
      if (session.server.died()) throw new Error(`the server stopped: ${session.server.died()}`);
    }
  } finally {
    await session.close();
  }
  return { results, notDriven };
}

function report(title: string, results: readonly CaseResult[]): string {
  if (results.length === 0) return `## ${title}\n\nNo cases.`;
  const parts = [`## ${title}`, renderTable(tally(results, CATEGORIES)), "Not right:", renderFailures(results, CATEGORIES)];
  const foreign = renderForeignRequests(results);
  if (foreign) parts.push(`Requests to another origin:\n${foreign}`);
  return parts.join("\n\n");
}

let exitCode = 0;
try {
  const { cases, problems } = await loadCases(values["formats-dir"], work, values.only);
  for (const problem of problems) log(`format not loaded: ${problem}`);
  if (problems.length > 0) exitCode = 1;
  log(`${cases.length} cases from ${new Set(cases.map((c) => c.format)).size} formats in ${values["formats-dir"]}; work folder ${work}`);
  const inChromium = browserCases(cases);
  if (inChromium.length > 0) buildApp();
  const cli = values["browser-only"] ? [] : await runCli(cases);
  const browser = await runBrowser(inChromium);
  const printed = [report("CLI", cli), report("Chromium", browser.results)];
  if (browser.notDriven.length > 0) printed.push(`Not driven in Chromium (a CLI option the page has no control for):\n${browser.notDriven.map((line) => `- ${line}`).join("\n")}`);
  if (problems.length > 0) printed.push(`Formats that could not be loaded:\n${problems.map((line) => `- ${line}`).join("\n")}`);
  console.log(printed.join("\n\n"));
  mkdirSync(join(ROOT, "test-reports"), { recursive: true });
  const json = {
    finishedAt: new Date().toISOString(),
    options: values,
    cli: { table: tally(cli, CATEGORIES), cases: cli },
    chromium: { table: tally(browser.results, CATEGORIES), cases: browser.results, notDriven: browser.notDriven },
    problems,
  };
  writeFileSync(join(ROOT, "test-reports/corpus.json"), `${JSON.stringify(json, null, 2)}\n`);
  log(`results in test-reports/corpus.json${values.keep ? `; work folder kept: ${work}` : ""}`);
} catch (error) {
  if (error instanceof UsageProblem) {
    console.error(error.message);
    exitCode = 2;
  } else {
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    exitCode = 1;
  }
} finally {
  cleanUp();
}
process.exit(exitCode);
