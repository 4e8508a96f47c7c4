// The ebook converters' benchmark (issue 16): four jobs, each run three ways on the same machine
// and files, as one Markdown table.
//
//   EPUB → AZW3   the novel (bench/ebooks-inputs.ts: pandoc's EPUB 3, ~1 MB, 40 chapters, 20 pictures)
//   EPUB → MOBI   the same; ours writes the joint MOBI 6 + KF8 file, so calibre is asked for the same
//                 (--mobi-file-type both)
//   EPUB → PDF    the same
//   FB2 → EPUB    pandoc's FB2 of the same novel
//
//   ours, Chromium:  the production build in headless Chromium, a fresh browser per run: the tool
//                    page, the file chosen, the facts shown (the book read once, untimed; the worker
//                    then loads the reader and writer, as it does while a visitor looks), the target
//                    picked, then the time from the Convert click to the Download link. The book is
//                    read again inside the conversion: that is timed.
//   ours, CLI:       `node cli/launch.js in out` (the prebuilt CLI), a new Node process per run, its
//                    start included.
//   calibre:         `ebook-convert in out`, a new process per run (Python's start included, as the
//                    CLI's Node start is). PDF output needs Qt WebEngine without a sandbox as root.
//
// Legs take turns, one run each per round (--runs rounds). Round one's outputs are checked by calibre
// and tools that are not ours: AZW3/MOBI by ebook-meta (title) and ebook-convert's text (≥ 99 % of the
// novel's words in order), PDF by pdftotext's words, EPUB by epubcheck (0 errors) and its words.
//
// Run:   node bench/ebooks.ts [--runs N] [--jobs epub-azw3,epub-mobi,epub-pdf,fb2-epub] [--no-build] [--no-browser] [--port P]
// Exits 0 whatever the numbers; 1 when the build fails or the server cannot start.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { calibreText, CAN_EPUBCHECK, ebookMeta, epubcheck, words, wordsInOrder } from "#tests/support/ebook-fixtures.ts";
import { EBOOK_CONVERT, PDFTOTEXT } from "#tests/support/reference-tools.ts";
import { timeCommand } from "./data-jobs.ts";
import { convertInPage } from "./docs-browser.ts";
import { BENCH_TITLE, EBOOKS_WORK, ebookInputs, novelText } from "./ebooks-inputs.ts";
import { median } from "./measure.ts";
import { jobBenchArgs } from "./bench-args.ts";
import { build, log, startServerOrExit, type BenchServer } from "./server.ts";

const JOB_IDS = ["epub-azw3", "epub-mobi", "epub-pdf", "fb2-epub"] as const;
type JobId = (typeof JOB_IDS)[number];
/** ours ÷ calibre must be at most this */
const TARGET_RATIO = 0.5;
const WORDS_KEPT = 0.99;

const args = jobBenchArgs("bench/ebooks.ts", JOB_IDS, 3198);
const RUNS = args.runs;
const PORT = args.port;
const chosen: readonly JobId[] = args.jobs;

type Side = "chromium" | "cli" | "calibre";
interface Run {
  seconds: number | null;
  note: string;
}
interface Leg {
  side: Side;
  once: (output: string) => Promise<Run>;
  runs: Run[];
}
interface Job {
  id: JobId;
  title: string;
  input: string;
  extension: "azw3" | "mobi" | "pdf" | "epub";
  legs: Leg[];
}

const OUT = join(EBOOKS_WORK, "out");
const firstLine = (error: unknown) => (error instanceof Error ? error.message.split("\n")[0]!.slice(0, 300) : String(error));

function commandRun(command: string, argv: string[], env?: Record<string, string>): Promise<Run> {
  try {
    return Promise.resolve({ seconds: timeCommand(command, argv, env).wall, note: "" });
  } catch (error) {
    return Promise.resolve({ seconds: null, note: firstLine(error) });
  }
}

/** Waits for the book's facts, then picks the target where the page offers a choice. */
const pageSetUp = (target: string | null) => async (page: Page) => {
  // the facts' panel is a <div> once the book is read (a <p> says "reading" before): the probe is
  // done, so the conversion does not wait behind it in the worker
  await page.locator('div[data-testid="ebook-info"]').waitFor({ timeout: 120_000 });
  if (target === null) return;
  const select = page.getByTestId("ebook-target");
  const labels = await select.locator("option").allInnerTexts();
  const label = labels.find((l) => l.toUpperCase().includes(target));
  if (!label) throw new Error(`no ${target} among the targets (${labels.join(", ")})`);
  await select.selectOption({ label });
};

mkdirSync(OUT, { recursive: true });
if (args.build) build();
spawnSync(process.execPath, ["cli/launch.js", "--help"], { stdio: "ignore" });
const inputs = ebookInputs(log);
const reference = words(novelText(inputs));
const server: BenchServer | undefined = args.browser ? await startServerOrExit(PORT) : undefined;

const CALIBRE_PDF_ENV = { QTWEBENGINE_CHROMIUM_FLAGS: "--no-sandbox", QT_QPA_PLATFORM: "offscreen" };
function job(id: JobId, title: string, input: string, extension: Job["extension"], path: string, target: string | null, calibreArgs: string[] = []): Job {
  const legs: Leg[] = [];
  if (server) legs.push({ side: "chromium", once: (output) => convertInPage({ baseUrl: server.baseUrl, path, input, setUp: pageSetUp(target), output }), runs: [] });
  legs.push({ side: "cli", once: (output) => commandRun(process.execPath, ["cli/launch.js", input, output]), runs: [] });
  legs.push({ side: "calibre", once: (output) => commandRun(EBOOK_CONVERT, [input, output, ...calibreArgs], extension === "pdf" ? CALIBRE_PDF_ENV : undefined), runs: [] });
  return { id, title, input, extension, legs };
}
const jobs = [
  job("epub-azw3", "EPUB → AZW3", inputs.epub, "azw3", "/tool/epub-to-azw3-converter", null),
  job("epub-mobi", "EPUB → MOBI (MOBI 6 + KF8)", inputs.epub, "mobi", "/tool/epub-to-mobi-converter", null, ["--mobi-file-type", "both"]),
  job("epub-pdf", "EPUB → PDF", inputs.epub, "pdf", "/tool/epub-converter", "PDF"),
  job("fb2-epub", "FB2 → EPUB", inputs.fb2, "epub", "/tool/fb2-to-epub-converter", null),
].filter((j) => chosen.includes(j.id));

/** Problems with an output ("" when none), judged by calibre, pdftotext and epubcheck. */
function check(file: string, extension: Job["extension"]): string {
  if (!existsSync(file)) return "no output";
  const problems: string[] = [];
  let text: string;
  if (extension === "pdf") {
    text = spawnSync(PDFTOTEXT, [file, "-"], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 }).stdout;
  } else {
    const title = ebookMeta(file).title;
    if (title !== BENCH_TITLE) problems.push(`ebook-meta's title is "${title}"`);
    if (extension === "epub" && CAN_EPUBCHECK) {
      const errors = epubcheck(file).filter((m) => m.severity === "ERROR" || m.severity === "FATAL");
      if (errors.length > 0) problems.push(`epubcheck: ${errors.length} errors (${errors[0]!.message})`);
    }
    text = calibreText(file);
  }
  const kept = wordsInOrder(reference, words(text));
  if (kept < WORDS_KEPT) problems.push(`${(kept * 100).toFixed(1)} % of the words in order`);
  return problems.join("; ");
}

for (let round = 0; round < RUNS; round++) {
  for (const j of jobs) {
    for (const leg of j.legs) {
      const output = join(OUT, `${j.id}-${leg.side}-${round}.${j.extension}`);
      rmSync(output, { force: true });
      const run = await leg.once(output);
      if (round === 0 && run.seconds !== null) run.note = check(output, j.extension);
      else if (round > 0) rmSync(output, { force: true });
      log(`round ${round + 1}: ${j.id} ${leg.side}: ${run.seconds === null ? "failed" : `${run.seconds.toFixed(2)} s`} ${run.note}`);
      leg.runs.push(run);
    }
  }
}
await server?.stop();

const fmt = (value: number | null) => (value === null ? "n/a" : value.toFixed(2));
const summary = (leg: Leg | undefined) => {
  const times = (leg?.runs ?? []).map((r) => r.seconds).filter((t): t is number => t !== null);
  return { seconds: times.length ? median(times) : null, problems: [...new Set((leg?.runs ?? []).map((r) => r.note).filter(Boolean))].join("; ") };
};
console.log("");
console.log(`Ebook converters' benchmark (${new Date().toISOString()}), wall-clock medians of ${RUNS} run(s) per leg; ratios are ours ÷ calibre's ebook-convert; target ≤ ${TARGET_RATIO}.`);
console.log(`Input: ${inputs.epub} (${(readFileSync(inputs.epub).length / 1024 ** 2).toFixed(2)} MiB) and ${inputs.fb2}.`);
console.log("");
console.log("| Job | Chromium s | CLI s | calibre s | ratio Chromium / CLI | verdict | notes |");
console.log("|---|---|---|---|---|---|---|");
for (const j of jobs) {
  const [chromium, cli, calibre] = (["chromium", "cli", "calibre"] as const).map((side) => summary(j.legs.find((l) => l.side === side)));
  const ratio = (ours: { seconds: number | null }) => (ours.seconds !== null && calibre!.seconds ? ours.seconds / calibre!.seconds : null);
  const verdict = (ours: { seconds: number | null; problems: string }, run: boolean) => {
    const r = ratio(ours);
    if (!run) return "not run";
    if (r === null) return "n/a";
    return r > TARGET_RATIO ? "MISS" : ours.problems ? "MISS (check failed)" : "PASS";
  };
  const notes = [chromium, cli, calibre].map((s, i) => (s!.problems ? `${["Chromium", "CLI", "calibre"][i]}: ${s!.problems}` : "")).filter(Boolean);
  console.log(`| ${j.title} | ${fmt(chromium!.seconds)} | ${fmt(cli!.seconds)} | ${fmt(calibre!.seconds)} | ${fmt(ratio(chromium!))} / ${fmt(ratio(cli!))} | ${verdict(chromium!, server !== undefined)} / ${verdict(cli!, true)} | ${notes.join("; ")} |`);
}
