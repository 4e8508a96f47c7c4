// Document and data converters' benchmark (issue 15): five jobs, each run three ways on the same
// machine and files, as one Markdown table.
//
//   PDF → TXT        a ~100-page text PDF (LibreOffice's, from reportHtml)   native: pdftotext in.pdf out.txt
//   PDF → PNG 150    the same PDF, every page (the page: one ZIP of PNGs; the CLI: one PNG file per page)
//                                                                            native: pdftoppm -r 150 -png in.pdf prefix (a PNG per page)
//   DOCX → PDF       a ~50-page DOCX (LibreOffice's, from reportHtml)        native: soffice --headless --convert-to pdf,
//                    a new soffice process every run, with a profile made once and kept ("warm profile", the
//                    target's reference) and with a fresh profile made every run ("fresh profile")
//   CSV → JSON       100 MB (bench/data-jobs.ts)   native: Python, csv.DictReader + json.dump (the same records)
//   XML → JSON       50 MB (bench/data-jobs.ts)    native: Python, ElementTree + json.dump with our mapping
//
//   ours, Chromium:  the production build (bench/server.ts) in headless Chromium, a fresh browser per
//                    run: /tool/pdf-converter or /tool/xml-converter, the file chosen, the target and
//                    options picked, then the time from the Convert click to the Download link.
//   ours, CLI:       `node cli/launch.js in out [options]` (the prebuilt CLI), a new Node process per run,
//                    its start included: in.pdf out.txt; in.pdf dir/pages.png --dpi 150; in.docx out.pdf;
//                    in.csv|xml out.json --compact.
//   native:          the commands above, a new process per run. CLI and native runs are timed by
//                    /usr/bin/time (wall and CPU); the table compares wall-clock medians.
//
// The jobs and legs take turns, one run each per round (--runs rounds), so a busy spell of the
// shared machine slows them all. Outputs are checked by tools that are not ours:
//   TXT        its words against pdftotext's, in order (≥ 99 %)
//   PNG pages  count and first page size (the ZIP read by Python's zipfile), and the first page
//              against pdftoppm's (ImageMagick's compare, RMSE ≤ 0.15)
//   PDF        page count (pdfinfo, within 20 % of LibreOffice's) and words (pdftotext, ≥ 99 % of
//              those of LibreOffice's PDF of the same DOCX, in order)
//   JSON       read back by Python's json module and compared with Python's output, value for value
// Round one's outputs are checked in full; later rounds' must have the same size as round one's.
// The outputs are deleted at the end; the inputs stay in the temp folder (docs-bench, data-bench).
//
// Run:   node bench/docs.ts [--runs N] [--jobs pdf-txt,pdf-png,docx-pdf,csv-json,xml-json] [--no-build] [--no-browser] [--port P]
// Exits 0 whatever the numbers; 1 when the build fails or the server cannot start.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { PDFTOTEXT, PYTHON } from "#tests/support/reference-tools.ts";
import { SOFFICE } from "#tests/support/office-fixtures.ts";
import { dataInputs, jsonRecordCount, PY_CSV, PY_XML, sameJson, timeCommand } from "./data-jobs.ts";
import { convertInPage } from "./docs-browser.ts";
import { checkPdf, checkPngFolder, checkPngZip, checkTxt, pngSize, type PageSize } from "./docs-checks.ts";
import { docInputs, DOCS_WORK, DOCX_PARAGRAPHS, PDF_PARAGRAPHS, pdfPages } from "./docs-inputs.ts";
import { median } from "./measure.ts";
import { jobBenchArgs } from "./bench-args.ts";
import { build, log, startServerOrExit, type BenchServer } from "./server.ts";

const PDFTOPPM = "/usr/bin/pdftoppm";
const DPI = 150;
const PAGE_SLACK = 0.2;
const JOB_IDS = ["pdf-txt", "pdf-png", "docx-pdf", "csv-json", "xml-json"] as const;
type JobId = (typeof JOB_IDS)[number];

const args = jobBenchArgs("bench/docs.ts", JOB_IDS, 3197);
const RUNS = args.runs;
const PORT = args.port;
const chosen: readonly JobId[] = args.jobs;
const wanted = (id: JobId) => chosen.includes(id);

// ---------------------------------------------------------------- legs and jobs
interface Run {
  seconds: number | null;
  cpu?: number;
  note: string;
  file?: string;
}

type Side = "chromium" | "cli" | "native";

interface Leg {
  side: Side;
  name: string;
  once: (round: number) => Promise<Run>;
  /** problems with round one's output ("" when none), checked after the rounds */
  check?: (file: string) => string;
  runs: Run[];
}

interface Job {
  id: JobId;
  title: string;
  /** ours ÷ native must be at most this */
  targetRatio: number;
  targetText: string;
  /** the native leg the ratio is taken against */
  reference: string;
  legs: Leg[];
}

const OUT = join(DOCS_WORK, "out");
const outFile = (name: string) => join(OUT, name);

/** A CLI or native command timed by /usr/bin/time; `file` is its output. */
function commandRun(command: string, argv: string[], file: string, env?: Record<string, string>): Promise<Run> {
  try {
    const t = timeCommand(command, argv, env);
    return Promise.resolve({ seconds: t.wall, cpu: t.cpu, note: "", file });
  } catch (error) {
    return Promise.resolve({ seconds: null, note: error instanceof Error ? error.message.split("\n")[0]!.slice(0, 300) : String(error) });
  }
}

const cliRun = (input: string, output: string, options: string[] = [], env?: Record<string, string>) => commandRun(process.execPath, ["cli/launch.js", input, output, ...options], output, env);

/** Picks the option labelled `label` in the select found by test id or label. */
async function pick(page: Page, select: { testId?: string; label?: string }, option: RegExp): Promise<void> {
  const box = select.testId ? page.getByTestId(select.testId) : page.getByLabel(select.label!, { exact: true });
  await box.waitFor();
  const labels = await box.locator("option").allInnerTexts();
  const match = labels.find((l) => option.test(l));
  if (!match) throw new Error(`no option like ${option} in ${select.testId ?? select.label} (${labels.join(", ")})`);
  await box.selectOption({ label: match });
}

function browserLeg(server: BenchServer | undefined, path: string, input: string, ext: string, id: JobId, setUp: (page: Page) => Promise<void>): Leg[] {
  if (!server) return [];
  return [
    {
      side: "chromium",
      name: `Chromium ${path}`,
      once: async (round) => {
        const output = outFile(`${id}-chromium-${round}.${ext}`);
        const run = await convertInPage({ baseUrl: server.baseUrl, path, input, setUp, output });
        return run.seconds === null ? run : { ...run, file: output };
      },
      runs: [],
    },
  ];
}

// ---------------------------------------------------------------- main
mkdirSync(OUT, { recursive: true });
const doBrowser = args.browser;
if (args.build) build();
// the CLI builds itself when stale and V8 caches its compiled code: neither is timed
spawnSync(process.execPath, ["cli/launch.js", "--help"], { stdio: "ignore" });

log("making the inputs (LibreOffice for the documents, once; kept in the temp folder) ...");
const docs = docInputs();
const data = await dataInputs(log);
const pdfPageCount = pdfPages(docs.pdf);
log(`PDF ${docs.pdf}: ${pdfPageCount} pages (${PDF_PARAGRAPHS} filler paragraphs)`);

// the references the checks compare with, made once before the rounds (untimed)
const REF = join(DOCS_WORK, "ref");
mkdirSync(REF, { recursive: true });
const refTxt = join(REF, "pdftotext.txt");
spawnSync(PDFTOTEXT, [docs.pdf, refTxt]);
spawnSync(PDFTOPPM, ["-r", String(DPI), "-png", "-f", "1", "-l", "1", docs.pdf, join(REF, "page")]);
const firstPage = readdirSync(REF).find((n) => n.startsWith("page") && n.endsWith(".png"));
const refPage = join(REF, firstPage ?? "page-missing.png");
const refSize: PageSize = firstPage ? pngSize(readFileSync(refPage)) : { width: 0, height: 0 };
const warmProfile = join(DOCS_WORK, "lo-warm-profile");
const sofficeArgs = (profile: string, outdir: string) => [`-env:UserInstallation=file://${profile}`, "--headless", "--convert-to", "pdf", "--outdir", outdir, docs.docx];
// the warm profile is made by one untimed conversion; its PDF is the page count's reference
const refPdfDir = join(REF, "soffice");
if (wanted("docx-pdf")) spawnSync(SOFFICE, sofficeArgs(warmProfile, refPdfDir), { stdio: "ignore" });
const docxName = `report-${DOCX_PARAGRAPHS}p`;
const docxPages = pdfPages(join(refPdfDir, `${docxName}.pdf`));
log(`DOCX ${docs.docx}: ${docxPages} pages as LibreOffice lays it out (${DOCX_PARAGRAPHS} filler paragraphs)`);
const pyCsv = outFile("csv-json-python.json");
const pyXml = outFile("xml-json-python.json");

let server: BenchServer | undefined;
if (doBrowser) server = await startServerOrExit(PORT);

/** Waits for the file's facts (the probe's result replaces its loading line), then picks the target. */
const pdfTarget = (label: RegExp) => async (page: Page) => {
  await page.locator('div[data-testid="document-info"]').waitFor({ timeout: 120_000 });
  await pick(page, { testId: "document-target" }, label);
};
const dataTarget = (page: Page) => pick(page, { testId: "data-target" }, /^JSON$/);
const pdfPageCheck = (file: string) => checkPdf(file, docxPages, Math.ceil(docxPages * PAGE_SLACK));

const allJobs: Job[] = [
  {
    id: "pdf-txt",
    title: `PDF → TXT (${pdfPageCount} pages)`,
    targetRatio: 2,
    targetText: "≤ 2× pdftotext",
    reference: "pdftotext",
    legs: [
      ...browserLeg(server, "/tool/pdf-converter", docs.pdf, "txt", "pdf-txt", pdfTarget(/\(TXT\)/)),
      // the CLI's worker threads (cli/pdf-text-pool.ts, decision 061), and the same CLI on one thread
      { side: "cli", name: "CLI", once: (r) => cliRun(docs.pdf, outFile(`pdf-txt-cli-${r}.txt`)), runs: [] },
      { side: "cli", name: "CLI one thread", once: (r) => cliRun(docs.pdf, outFile(`pdf-txt-cli1-${r}.txt`), [], { CONVERT_THREADS: "1" }), runs: [] },
      { side: "native", name: "pdftotext", once: (r) => commandRun(PDFTOTEXT, [docs.pdf, outFile(`pdf-txt-native-${r}.txt`)], outFile(`pdf-txt-native-${r}.txt`)), runs: [] },
    ],
  },
  {
    id: "pdf-png",
    title: `PDF → PNG ${DPI} DPI (${pdfPageCount} pages)`,
    targetRatio: 3,
    targetText: "≤ 3× pdftoppm",
    reference: "pdftoppm",
    legs: [
      ...browserLeg(server, "/tool/pdf-converter", docs.pdf, "zip", "pdf-png", async (page) => {
        await pdfTarget(/^PNG/i)(page);
        await pick(page, { label: "Resolution" }, new RegExp(`^${DPI}\\b`));
      }),
      {
        // the CLI writes one PNG per page beside the output's name: pages.png → pages-page-001.png ...
        side: "cli",
        name: "CLI",
        once: (r) => {
          const dir = outFile(`pdf-png-cli-${r}`);
          rmSync(dir, { recursive: true, force: true });
          mkdirSync(dir);
          return cliRun(docs.pdf, join(dir, "pages.png"), ["--dpi", String(DPI)]).then((run) => ({ ...run, file: dir }));
        },
        runs: [],
      },
      {
        side: "native",
        name: "pdftoppm",
        once: async () => {
          const dir = mkdtempSync(join(OUT, "pdftoppm-"));
          const run = await commandRun(PDFTOPPM, ["-r", String(DPI), "-png", docs.pdf, join(dir, "page")], dir);
          const pages = existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith(".png")).length : 0;
          rmSync(dir, { recursive: true, force: true });
          return { ...run, file: undefined, note: run.note || (pages === pdfPageCount ? "" : `${pages} PNG files, expected ${pdfPageCount}`) };
        },
        runs: [],
      },
    ],
  },
  {
    id: "docx-pdf",
    title: `DOCX → PDF (${docxPages} pages)`,
    targetRatio: 1,
    targetText: "< LibreOffice cold start + conversion",
    reference: "soffice, warm profile",
    legs: [
      ...browserLeg(server, "/tool/pdf-converter", docs.docx, "pdf", "docx-pdf", pdfTarget(/^PDF$/)),
      { side: "cli", name: "CLI", once: (r) => cliRun(docs.docx, outFile(`docx-pdf-cli-${r}.pdf`)), runs: [] },
      {
        side: "native",
        name: "soffice, warm profile",
        once: async (r) => {
          const dir = join(OUT, `soffice-warm-${r}`);
          const run = await commandRun(SOFFICE, sofficeArgs(warmProfile, dir), join(dir, `${docxName}.pdf`));
          return { ...run, note: run.note || pdfPageCheck(join(dir, `${docxName}.pdf`)) };
        },
        runs: [],
      },
      {
        side: "native",
        name: "soffice, fresh profile",
        once: async (r) => {
          const profile = mkdtempSync(join(OUT, "lo-fresh-profile-"));
          const dir = join(OUT, `soffice-fresh-${r}`);
          const run = await commandRun(SOFFICE, sofficeArgs(profile, dir), join(dir, `${docxName}.pdf`));
          rmSync(profile, { recursive: true, force: true });
          return { ...run, note: run.note || pdfPageCheck(join(dir, `${docxName}.pdf`)) };
        },
        runs: [],
      },
    ],
  },
  {
    id: "csv-json",
    title: "CSV → JSON (100 MB)",
    targetRatio: 2,
    targetText: "≤ 2× Python",
    reference: "Python csv + json",
    legs: [
      ...browserLeg(server, "/tool/xml-converter", data.csv, "json", "csv-json", dataTarget),
      { side: "cli", name: "CLI", once: (r) => cliRun(data.csv, outFile(`csv-json-cli-${r}.json`), ["--compact"]), runs: [] },
      { side: "native", name: "Python csv + json", once: () => commandRun(PYTHON, ["-c", PY_CSV, data.csv, pyCsv], pyCsv), runs: [] },
    ],
  },
  {
    id: "xml-json",
    title: "XML → JSON (50 MB)",
    targetRatio: 2,
    targetText: "≤ 2× Python",
    reference: "Python ElementTree + json",
    legs: [
      ...browserLeg(server, "/tool/xml-converter", data.xml, "json", "xml-json", dataTarget),
      { side: "cli", name: "CLI", once: (r) => cliRun(data.xml, outFile(`xml-json-cli-${r}.json`), ["--compact"]), runs: [] },
      { side: "native", name: "Python ElementTree + json", once: () => commandRun(PYTHON, ["-c", PY_XML, data.xml, pyXml], pyXml), runs: [] },
    ],
  },
];
const jobs = allJobs.filter((j) => wanted(j.id));

// the checks of round one's outputs, by job and side ("" or the problems)
const checks: Record<JobId, (file: string, side: Side) => string> = {
  "pdf-txt": (file, side) => (side === "native" ? "" : checkTxt(file, refTxt)),
  "pdf-png": (file, side) => (side === "cli" ? checkPngFolder(file, pdfPageCount, refSize, refPage) : checkPngZip(file, pdfPageCount, refSize, refPage)),
  "docx-pdf": (file, side) => (side === "native" ? "" : checkPdf(file, docxPages, Math.ceil(docxPages * PAGE_SLACK), join(refPdfDir, `${docxName}.pdf`))),
  "csv-json": (file, side) => (side === "native" ? "" : jsonCheck(file, pyCsv)),
  "xml-json": (file, side) => (side === "native" ? "" : jsonCheck(file, pyXml)),
};
function jsonCheck(file: string, reference: string): string {
  const same = sameJson(file, reference);
  return same === "same" ? "" : `${same} from Python's output (${jsonRecordCount(file)} records)`;
}

for (let round = 0; round < RUNS; round++) {
  for (const job of jobs) {
    for (const leg of job.legs) {
      const run = await leg.once(round);
      const cpu = run.cpu === undefined ? "" : `, ${run.cpu.toFixed(2)} s CPU`;
      log(`round ${round + 1}: ${job.id} ${leg.name}: ${run.seconds === null ? "failed" : `${run.seconds.toFixed(2)} s${cpu}`} ${run.note}`);
      // later rounds: the output must have round one's size, then goes
      const first = leg.runs[0]?.file;
      if (round > 0 && run.file && first && run.file !== first) {
        if (existsSync(run.file) && existsSync(first) && statSync(run.file).size !== statSync(first).size) run.note ||= `round ${round + 1}'s output has another size than round one's`;
        rmSync(run.file, { recursive: true, force: true });
      }
      leg.runs.push(run);
    }
  }
}
await server?.stop();
server = undefined;

// ---------------------------------------------------------------- table
interface Summary {
  seconds: number | null;
  cpu: number | null;
  /** failed runs and failed checks ("" when none) */
  problems: string;
  /** round one's output size in MiB */
  mib: number | null;
}

/** Bytes of a file, or of the files in a folder. */
function bytesOf(path: string): number {
  const stat = statSync(path);
  return stat.isDirectory() ? readdirSync(path).reduce((sum, name) => sum + statSync(join(path, name)).size, 0) : stat.size;
}

function summarise(job: Job, leg: Leg): Summary {
  const times = leg.runs.map((r) => r.seconds).filter((t): t is number => t !== null);
  const cpus = leg.runs.map((r) => r.cpu).filter((t): t is number => t !== undefined);
  const problems = new Set(leg.runs.map((r) => r.note).filter(Boolean));
  const first = leg.runs[0]?.file;
  const there = first !== undefined && existsSync(first);
  if (there) {
    const problem = checks[job.id](first, leg.side);
    if (problem) problems.add(`check: ${problem}`);
  }
  return { seconds: times.length ? median(times) : null, cpu: cpus.length ? median(cpus) : null, problems: [...problems].join("; "), mib: there ? bytesOf(first) / 1024 ** 2 : null };
}

const fmt = (value: number | null | undefined) => (value === null || value === undefined ? "n/a" : value.toFixed(2));
const rows: string[] = [];
for (const job of jobs) {
  const result = new Map(job.legs.map((leg) => [leg.name, summarise(job, leg)]));
  const chromium = job.legs.find((l) => l.side === "chromium");
  const cli = job.legs.find((l) => l.side === "cli");
  const natives = job.legs.filter((l) => l.side === "native");
  const reference = result.get(job.reference);
  const ours = [chromium, cli].map((leg) => (leg ? result.get(leg.name) : undefined));
  const ratios = ours.map((o) => (o?.seconds && reference?.seconds ? o.seconds / reference.seconds : null));
  const verdicts = ours.map((o, i) => {
    const ratio = ratios[i];
    if (!o) return "not run";
    if (ratio === null || ratio === undefined) return "n/a";
    const fast = job.targetRatio === 1 ? ratio < 1 : ratio <= job.targetRatio;
    return !fast ? "MISS" : o.problems ? "MISS (check failed)" : "PASS";
  });
  const native = natives.map((l) => `${fmt(result.get(l.name)?.seconds)} (${l.name})`).join("<br>");
  const short = (leg: Leg) => (leg.side === "chromium" ? "Chromium" : leg.name);
  const list = (value: (r: Summary) => string | null) =>
    job.legs
      .map((l) => [short(l), value(result.get(l.name)!)] as const)
      .filter(([, v]) => v)
      .map(([name, v]) => `${name} ${v}`)
      .join(", ");
  const notes = [
    `CPU s: ${list((r) => (r.cpu === null ? null : fmt(r.cpu)))}`,
    `output MiB: ${list((r) => (r.mib === null ? null : r.mib.toFixed(1)))}`,
    ...job.legs.map((l) => result.get(l.name)!.problems && `${short(l)}: ${result.get(l.name)!.problems}`).filter(Boolean),
    // further CLI legs (PDF → TXT on one thread) with their own ratio
    ...job.legs
      .filter((l) => l.side === "cli" && l !== cli)
      .map((l) => {
        const seconds = result.get(l.name)!.seconds;
        const [a, b] = [cli?.runs[0]?.file, l.runs[0]?.file];
        const same = a && b && existsSync(a) && existsSync(b) ? (readFileSync(a).equals(readFileSync(b)) ? "the same bytes as CLI" : "DIFFERENT bytes from CLI") : "";
        return `${l.name}: ${fmt(seconds)} s, ${fmt(seconds && reference?.seconds ? seconds / reference.seconds : null)}× ${job.reference}${same && `, ${same}`}`;
      }),
  ];
  rows.push(`| ${job.title} | ${fmt(ours[0]?.seconds)} | ${fmt(ours[1]?.seconds)} | ${native} | ${fmt(ratios[0])} / ${fmt(ratios[1])} | ${job.targetText} | ${verdicts[0]} / ${verdicts[1]} | ${notes.join("; ")} |`);
}

console.log("");
console.log(`Document and data converters' benchmark (${new Date().toISOString()}), wall-clock medians of ${RUNS} run(s) per leg; ratios are ours ÷ ${jobs.map((j) => j.reference).join(", ")}.`);
console.log("");
console.log("| job | ours Chromium (s) | ours CLI (s) | native (s) | ratio Chromium / CLI | target | Chromium / CLI | notes |");
console.log("|---|---|---|---|---|---|---|---|");
for (const row of rows) console.log(row);
if (!doBrowser) console.log("\n(the Chromium legs were not run: --no-browser)");
const records = [
  ...(wanted("csv-json") && existsSync(pyCsv) ? [`CSV → JSON ${jsonRecordCount(pyCsv)}`] : []),
  ...(wanted("xml-json") && existsSync(pyXml) ? [`XML → JSON ${jsonRecordCount(pyXml)} (book elements)`] : []),
];
if (records.length) console.log(`\nRecords in Python's outputs: ${records.join(", ")}; ours are checked equal to them value for value by Python's json module.`);
// the outputs (about 700 MB with the data jobs) go; the inputs and LibreOffice's warm profile stay for the next run
rmSync(OUT, { recursive: true, force: true });
