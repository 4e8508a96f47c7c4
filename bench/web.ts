// Web benchmark: builds the app, starts the production server (server.js) on a free port with a fresh
// temporary DATA_DIR, then measures
//   1. Lighthouse (mobile preset; simulated throttling, or with --throttling devtools the page really throttled) for /, /tools, /blog, /blog/productivity-tips, /blog/category/tools, /page/about,
//      /tool/word-counter, a calculator (/tool/cm-to-inches-converter), the headline /tool/dds-to-png and a media tool
//      (/tool/mp4-to-mp3-converter, cross-origin isolated) in the system Chromium: performance, accessibility, best-practices and SEO scores,
//      JavaScript transferred (transfer size, i.e. gzip) and FCP/LCP/TBT/CLS;
//   2. load with autocannon (50 connections, browser-like Accept-Encoding, 2 s unrecorded warm-up) on /,
//      /tools and /blog/productivity-tips, one page at a time: requests/s (average), p99 latency, non-2xx, errors;
// and prints two Markdown tables with PASS/FAIL against the targets (Lighthouse performance >= 99 (issue 33),
// accessibility/best-practices/SEO = 100, JS for / <= 120 KB; >= 1000 req/s and p99 <= 50 ms per page).
// It exits 0 whatever the scores (it reports, it does not gate); exit 1 only when the build fails or the
// server cannot start (or dies during the run).
//
// Run:   node bench/web.ts [--no-build] [--runs N] [--duration S] [--only lighthouse|load] [--throttling simulate|devtools] [--port P] [--pages /a,/b]
//   --no-build      reuse the existing build/ instead of running `npm run build`
//   --runs N        Lighthouse runs per page; the table shows the median of each value (default 1)
//   --duration S    autocannon duration per page in seconds (default 10)
//   --only X        run only the `lighthouse` or the `load` part
//   --pages LIST    Lighthouse only these pages (comma-separated paths) instead of the ten pages above
//   --throttling T  `simulate` (default, Lighthouse's and PageSpeed Insights' estimate from an unthrottled load)
//                   or `devtools` (the load itself runs on slow 4G and a 4x slower CPU; decision 068)
//   --port P        preferred port (default 3199; a free one is picked if it is taken)
// Env:   CHROMIUM_PATH (default /usr/bin/chromium). Lighthouse JSON+HTML reports are written to a temp folder
//        whose path is printed at the end.
import { spawnSync } from "node:child_process";
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { generateReport } from "lighthouse";
import type { Config, Flags, Result as LhResult } from "lighthouse";
import { benchArgs, oneOf, positiveInt } from "./bench-args.ts";
import { build, log, ROOT, startServer, type BenchServer } from "./server.ts";

const LIGHTHOUSE_PAGES = ["/", "/tools", "/blog", "/blog/productivity-tips", "/blog/category/tools", "/page/about", "/tool/word-counter", "/tool/cm-to-inches-converter", "/tool/dds-to-png", "/tool/mp4-to-mp3-converter"];
const LOAD_PAGES = ["/", "/tools", "/blog/productivity-tips"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type CategoryId = (typeof CATEGORIES)[number];
const CHROME_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
// The background-networking flags matter: on a closed network Chromium's own connections are refused.
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const CONNECTIONS = 50;
const WARMUP_S = 2; // unrecorded autocannon warm-up per page before the measured run
const TARGETS = { performance: 99, accessibility: 100, "best-practices": 100, seo: 100, jsKb: 120, rps: 1000, p99Ms: 50 };

// ---------------------------------------------------------------- arguments
const args = benchArgs("node bench/web.ts [--no-build] [--runs N] [--duration S] [--only lighthouse|load] [--throttling simulate|devtools] [--port P] [--pages /a,/b]", {
  "no-build": { type: "boolean", default: false },
  runs: { type: "string", default: "1" },
  duration: { type: "string", default: "10" },
  only: { type: "string" },
  throttling: { type: "string" },
  port: { type: "string", default: "3199" },
  pages: { type: "string" },
});
const RUNS = positiveInt(args.runs, "--runs");
const DURATION = positiveInt(args.duration, "--duration");
const PREFERRED_PORT = positiveInt(args.port, "--port");
const ONLY = oneOf(args.only, ["lighthouse", "load"], "--only");
const THROTTLING = oneOf(args.throttling, ["simulate", "devtools"], "--throttling") ?? "simulate";
const DO_LIGHTHOUSE = ONLY !== "load";
const DO_LOAD = ONLY !== "lighthouse";
const PAGES_MEASURED = args.pages === undefined ? LIGHTHOUSE_PAGES : args.pages.split(",").map((page) => page.trim()).filter(Boolean);

// ---------------------------------------------------------------- cleanup (server, Chrome, temp dirs)
let server: BenchServer | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;
/** why the server exited on its own during the run, if it did */
const serverDied = () => server?.died();

function cleanup(): void {
  if (chrome) {
    try {
      chrome.kill();
    } catch {
      // already gone
    }
    chrome = undefined;
  }
  server?.kill();
}
process.on("exit", cleanup);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the server and Chrome`);
    cleanup();
    process.exit(130);
  });
}

// ---------------------------------------------------------------- helpers
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function median(values: number[]): number | undefined {
  const sorted = values.filter((v) => Number.isFinite(v)).toSorted((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function fmt(value: number | undefined, digits = 0): string {
  return value === undefined ? "n/a" : value.toFixed(digits);
}

async function warm(baseUrl: string, pages: string[]): Promise<Map<string, number>> {
  const statuses = new Map<string, number>();
  for (const page of pages) {
    try {
      const response = await fetch(baseUrl + page, { signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      statuses.set(page, response.status);
      log(`warm ${page} -> HTTP ${response.status}`);
    } catch (error) {
      statuses.set(page, 0);
      log(`warm ${page} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return statuses;
}

// ---------------------------------------------------------------- Lighthouse
type LhRun = {
  scores: Partial<Record<CategoryId, number>>;
  jsKb?: number;
  fcpMs?: number;
  lcpMs?: number;
  tbtMs?: number;
  cls?: number;
  lhr: LhResult;
};
type LhSummary = {
  page: string;
  status: number;
  runs: LhRun[];
  errors: string[];
  scores: Partial<Record<CategoryId, number>>;
  jsKb?: number;
  fcpMs?: number;
  lcpMs?: number;
  tbtMs?: number;
  cls?: number;
  representative?: LhRun;
};
type TableItem = Record<string, unknown>;

function detailItems(lhr: LhResult, auditId: string): TableItem[] {
  const details = lhr.audits[auditId]?.details as { items?: unknown } | undefined;
  return Array.isArray(details?.items) ? (details.items as TableItem[]) : [];
}

function scriptRequests(lhr: LhResult): { url: string; transferSize: number }[] {
  return detailItems(lhr, "network-requests")
    .filter((item) => item.resourceType === "Script" || /javascript|ecmascript/i.test(String(item.mimeType ?? "")))
    .map((item) => ({ url: String(item.url), transferSize: Number(item.transferSize) || 0 }));
}

function jsTransferKb(lhr: LhResult): number | undefined {
  const scripts = scriptRequests(lhr);
  if (scripts.length > 0) return scripts.reduce((sum, s) => sum + s.transferSize, 0) / 1024;
  const row = detailItems(lhr, "resource-summary").find((item) => item.resourceType === "script");
  return row ? (Number(row.transferSize) || 0) / 1024 : undefined;
}

function numeric(lhr: LhResult, auditId: string): number | undefined {
  const value = lhr.audits[auditId]?.numericValue;
  return typeof value === "number" ? value : undefined;
}

async function lighthouseOnce(url: string): Promise<LhResult> {
  process.env.CHROME_PATH = CHROME_PATH;
  chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, handleSIGINT: false, logLevel: "silent" });
  try {
    // ignoreStatusCode: still score pages that answer 404/500 (Lighthouse otherwise aborts with
    // ERRORED_DOCUMENT_REQUEST); the HTTP column and the verdict show the status instead.
    const flags: Flags = {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      formFactor: "mobile",
      ignoreStatusCode: true,
    };
    // lighthouse:default is the mobile preset (Moto G Power emulation, slow 4G + 4x CPU throttling:
    // simulated from an unthrottled load, or applied to the load itself with --throttling devtools).
    const config: Config = {
      extends: "lighthouse:default",
      settings: { formFactor: "mobile", onlyCategories: [...CATEGORIES], ignoreStatusCode: true, throttlingMethod: THROTTLING },
    };
    const result = await lighthouse(url, flags, config);
    if (!result) throw new Error("lighthouse returned no result");
    return result.lhr;
  } finally {
    chrome.kill();
    chrome = undefined;
  }
}

async function runLighthouse(baseUrl: string, statuses: Map<string, number>, reportDir: string): Promise<LhSummary[]> {
  const summaries: LhSummary[] = [];
  for (const page of PAGES_MEASURED) {
    const summary: LhSummary = { page, status: statuses.get(page) ?? 0, runs: [], errors: [], scores: {} };
    for (let i = 1; i <= RUNS; i++) {
      if (serverDied()) {
        summary.errors.push(`run ${i}: skipped, ${serverDied()}`);
        continue;
      }
      const started = Date.now();
      try {
        const lhr = await lighthouseOnce(baseUrl + page);
        const scores: Partial<Record<CategoryId, number>> = {};
        for (const id of CATEGORIES) {
          const score = lhr.categories[id]?.score;
          if (typeof score === "number") scores[id] = Math.round(score * 100);
        }
        summary.runs.push({
          scores,
          jsKb: jsTransferKb(lhr),
          fcpMs: numeric(lhr, "first-contentful-paint"),
          lcpMs: numeric(lhr, "largest-contentful-paint"),
          tbtMs: numeric(lhr, "total-blocking-time"),
          cls: numeric(lhr, "cumulative-layout-shift"),
          lhr,
        });
        if (lhr.runtimeError) summary.errors.push(`run ${i}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        const name = `${page === "/" ? "home" : page.slice(1).replaceAll("/", "_")}-run${i}`;
        writeFileSync(join(reportDir, `${name}.json`), JSON.stringify(lhr));
        writeFileSync(join(reportDir, `${name}.html`), generateReport(lhr, "html"));
        log(`lighthouse ${page} run ${i}/${RUNS}: ${CATEGORIES.map((c) => `${c}=${scores[c] ?? "?"}`).join(" ")} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        summary.errors.push(`run ${i}: ${message}`);
        log(`lighthouse ${page} run ${i}/${RUNS} failed: ${message}`);
      }
    }
    for (const id of CATEGORIES) {
      const value = median(summary.runs.flatMap((r) => (r.scores[id] === undefined ? [] : [r.scores[id]])));
      if (value !== undefined) summary.scores[id] = Math.round(value);
    }
    const medianOf = (metric: "jsKb" | "fcpMs" | "lcpMs" | "tbtMs" | "cls") => median(summary.runs.flatMap((r) => (r[metric] === undefined ? [] : [r[metric]])));
    summary.jsKb = medianOf("jsKb");
    summary.fcpMs = medianOf("fcpMs");
    summary.lcpMs = medianOf("lcpMs");
    summary.tbtMs = medianOf("tbtMs");
    summary.cls = medianOf("cls");
    // the run with the median performance score: used for the list of failing audits
    const byPerf = summary.runs.toSorted((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
    summary.representative = byPerf[Math.floor((byPerf.length - 1) / 2)];
    summaries.push(summary);
  }
  return summaries;
}

function lighthouseVerdict(s: LhSummary): string {
  const problems: string[] = [];
  if (s.status !== 200) problems.push(`HTTP ${s.status || "error"}`);
  if (s.runs.length === 0) problems.push("no Lighthouse result");
  for (const id of CATEGORIES) {
    const score = s.scores[id];
    if (s.runs.length > 0 && (score === undefined || score < TARGETS[id])) problems.push(`${id} ${score ?? "n/a"} < ${TARGETS[id]}`);
  }
  if (s.page === "/" && s.runs.length > 0 && (s.jsKb === undefined || s.jsKb > TARGETS.jsKb)) {
    problems.push(`JS ${fmt(s.jsKb)} KB > ${TARGETS.jsKb} KB`);
  }
  return problems.length === 0 ? "PASS" : `FAIL (${problems.join("; ")})`;
}

function lighthouseTable(summaries: LhSummary[]): string {
  const lines = [
    `| Page | HTTP | Performance (≥${TARGETS.performance}) | Accessibility (100) | Best practices (100) | SEO (100) | JS transferred KB (/ ≤${TARGETS.jsKb}) | FCP ms | LCP ms | TBT ms | CLS | Result |`,
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const s of summaries) {
    const score = (id: CategoryId) => (s.scores[id] === undefined ? "n/a" : String(s.scores[id]));
    lines.push(
      `| \`${s.page}\` | ${s.status || "error"} | ${score("performance")} | ${score("accessibility")} | ${score("best-practices")} | ${score("seo")} | ${fmt(s.jsKb, 1)} | ${fmt(s.fcpMs)} | ${fmt(s.lcpMs)} | ${fmt(s.tbtMs)} | ${fmt(s.cls, 3)} | ${lighthouseVerdict(s)} |`,
    );
  }
  return lines.join("\n");
}

/** Audits that cost points (weighted audits below 1 in each category), errored audits and run warnings. */
function lighthouseNotes(summaries: LhSummary[]): string {
  const out: string[] = [];
  for (const s of summaries) {
    const lhr = s.representative?.lhr;
    const notes: string[] = [...s.errors];
    if (lhr) {
      for (const warning of lhr.runWarnings) notes.push(`warning: ${warning}`);
      const errored = new Map<string, string[]>(); // error message -> audit ids (a failed load errors them all)
      for (const id of CATEGORIES) {
        const category = lhr.categories[id];
        if (!category) continue;
        for (const ref of category.auditRefs) {
          const audit = lhr.audits[ref.id];
          if (!audit) continue;
          if (audit.scoreDisplayMode === "error") {
            const message = audit.errorMessage ?? "unknown error";
            errored.set(message, [...(errored.get(message) ?? []), ref.id]);
            continue;
          }
          const counts = ref.weight > 0 || (id === "performance" && audit.scoreDisplayMode === "metricSavings");
          if (!counts || audit.score === null || audit.score >= 1) continue;
          if (audit.scoreDisplayMode !== "binary" && audit.scoreDisplayMode !== "numeric" && audit.scoreDisplayMode !== "metricSavings") continue;
          notes.push(`${id}: ${ref.id} (score ${Math.round(audit.score * 100)}) ${audit.title}${audit.displayValue ? ` — ${audit.displayValue}` : ""}`);
        }
      }
      for (const [message, ids] of errored) {
        const unique = [...new Set(ids)];
        const shown = unique.length > 6 ? `${unique.slice(0, 6).join(", ")} and ${unique.length - 6} more` : unique.join(", ");
        notes.push(`${unique.length} audit(s) errored (${shown}): ${message}`);
      }
      if (s.page === "/") {
        const scripts = scriptRequests(lhr).toSorted((a, b) => b.transferSize - a.transferSize);
        const list = scripts.slice(0, 8).map((x) => `${x.url.replace(/^https?:\/\/[^/]+/, "")} ${(x.transferSize / 1024).toFixed(1)} KB`);
        notes.push(`JS on /: ${scripts.length} script requests; largest: ${list.join(", ") || "none"}`);
      }
    }
    if (notes.length > 0) out.push(`- \`${s.page}\`:\n${notes.map((n) => `  - ${n}`).join("\n")}`);
  }
  return out.join("\n");
}

// ---------------------------------------------------------------- load (autocannon)
type LoadSummary = {
  page: string;
  status: number;
  rps?: number;
  p99Ms?: number;
  non2xx?: number;
  errors?: number;
  timeouts?: number;
  error?: string;
};

async function runLoad(baseUrl: string, statuses: Map<string, number>): Promise<LoadSummary[]> {
  const results: LoadSummary[] = [];
  for (const page of LOAD_PAGES) {
    if (serverDied()) {
      results.push({ page, status: statuses.get(page) ?? 0, error: `skipped, ${serverDied()}` });
      continue;
    }
    log(`autocannon ${page}: ${WARMUP_S} s warm-up, then ${CONNECTIONS} connections for ${DURATION} s ...`);
    try {
      // what a browser sends: exercises the gzip/brotli compression middleware like real traffic does
      const options = { url: baseUrl + page, connections: CONNECTIONS, headers: { "accept-encoding": "gzip, deflate, br", accept: "text/html" } };
      // unrecorded warm-up: a freshly started server is still JIT-compiling and filling caches
      await autocannon({ ...options, duration: WARMUP_S });
      const result = await autocannon({ ...options, duration: DURATION });
      if (serverDied()) throw new Error(`${serverDied()} during the run`);
      results.push({
        page,
        status: statuses.get(page) ?? 0,
        rps: result.requests.average,
        p99Ms: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
      });
      log(`autocannon ${page}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      results.push({ page, status: statuses.get(page) ?? 0, error: message });
      log(`autocannon ${page} failed: ${message}`);
    }
    await sleep(1000); // let sockets close between pages
  }
  return results;
}

function loadVerdict(r: LoadSummary): string {
  if (r.error) return `FAIL (${r.error})`;
  const problems: string[] = [];
  if (r.status !== 200) problems.push(`HTTP ${r.status || "error"}`);
  if ((r.rps ?? 0) < TARGETS.rps) problems.push(`${fmt(r.rps)} req/s < ${TARGETS.rps}`);
  if ((r.p99Ms ?? Infinity) > TARGETS.p99Ms) problems.push(`p99 ${fmt(r.p99Ms)} ms > ${TARGETS.p99Ms}`);
  if ((r.non2xx ?? 0) > 0) problems.push(`${r.non2xx} non-2xx`);
  if ((r.errors ?? 0) > 0) problems.push(`${r.errors} errors`);
  return problems.length === 0 ? "PASS" : `FAIL (${problems.join("; ")})`;
}

function loadTable(results: LoadSummary[]): string {
  const lines = [
    `| Page | HTTP | Req/s avg (≥${TARGETS.rps}) | p99 ms (≤${TARGETS.p99Ms}) | Non-2xx | Errors (timeouts) | Result |`,
    "|---|---|---|---|---|---|---|",
  ];
  for (const r of results) {
    lines.push(
      `| \`${r.page}\` | ${r.status || "error"} | ${fmt(r.rps)} | ${fmt(r.p99Ms)} | ${r.non2xx ?? "n/a"} | ${r.errors ?? "n/a"} (${r.timeouts ?? "n/a"}) | ${loadVerdict(r)} |`,
    );
  }
  return lines.join("\n");
}

// ---------------------------------------------------------------- main
/** Fingerprint of build/ (the server manifest's mtime): a rebuild by someone else mid-run invalidates the numbers. */
function buildStamp(): string {
  try {
    return String(statSync(join(ROOT, "build/server/index.js")).mtimeMs);
  } catch {
    return "missing";
  }
}

function gitDescribe(): string {
  const head = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).stdout.trim();
  const dirty = spawnSync("git", ["status", "--porcelain"], { cwd: ROOT, encoding: "utf8" }).stdout.trim() !== "";
  return head ? `${head}${dirty ? " (uncommitted changes)" : ""}` : "unknown";
}

function chromiumVersion(): string {
  const result = spawnSync(CHROME_PATH, ["--version"], { encoding: "utf8" });
  return result.stdout?.trim() || "unknown";
}

async function main(): Promise<void> {
  const started = Date.now();
  if (!args["no-build"]) build();

  let baseUrl: string;
  try {
    server = await startServer(PREFERRED_PORT);
    baseUrl = server.baseUrl;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    cleanup();
    process.exit(1);
  }
  log(`server ready at ${baseUrl}`);
  const stampAtStart = buildStamp();

  const pages = [...new Set([...(DO_LIGHTHOUSE ? PAGES_MEASURED : []), ...(DO_LOAD ? LOAD_PAGES : [])])];
  const statuses = await warm(baseUrl, pages);

  const reportDir = join(tmpdir(), `web-bench-reports-${new Date().toISOString().replace(/[:.]/g, "-")}`);
  let lighthouseResults: LhSummary[] = [];
  let loadResults: LoadSummary[] = [];
  try {
    if (DO_LIGHTHOUSE) {
      mkdirSync(reportDir, { recursive: true });
      lighthouseResults = await runLighthouse(baseUrl, statuses, reportDir);
    }
    if (DO_LOAD) loadResults = await runLoad(baseUrl, statuses);
  } finally {
    await server?.stop();
    cleanup();
  }

  const out: string[] = [
    "# Web benchmark",
    "",
    `- commit ${gitDescribe()}, Node ${process.version}, ${chromiumVersion()}, ${availableParallelism()} CPU cores (load generator and server share them)`,
    `- server: production build, fresh DATA_DIR, ${baseUrl}`,
  ];
  if (DO_LIGHTHOUSE) {
    out.push(
      "",
      `## Lighthouse (mobile preset, ${THROTTLING === "simulate" ? "simulated" : "devtools"} throttling, ${RUNS === 1 ? "1 run" : `median of ${RUNS} runs`} per page)`,
      "",
      lighthouseTable(lighthouseResults),
    );
    // Both throttling methods scale the host's CPU work, so a busy host lowers performance/TBT: keep an eye on it.
    const benchmarkIndex = median(lighthouseResults.flatMap((s) => s.runs.map((r) => r.lhr.environment.benchmarkIndex)));
    out.push("", `Lighthouse host benchmarkIndex (median): ${fmt(benchmarkIndex)} (higher = faster/idler CPU; a busy host lowers performance scores)`);
    const notes = lighthouseNotes(lighthouseResults);
    if (notes) out.push("", "### Audits costing points / errors (performance score comes from the metrics only; insights such as unused-javascript are hints)", "", notes);
    out.push("", `Lighthouse reports (JSON + HTML): ${reportDir}`);
  }
  if (DO_LOAD) {
    out.push(
      "",
      `## Load (autocannon, ${CONNECTIONS} connections, ${DURATION} s per page after a ${WARMUP_S} s warm-up, Accept-Encoding: gzip, deflate, br)`,
      "",
      loadTable(loadResults),
    );
  }
  if (buildStamp() !== stampAtStart) {
    out.push("", "## ⚠ build/ was rebuilt or removed during the benchmark (another build ran?): assets may have 404ed, numbers are suspect");
  }
  if (serverDied()) {
    out.push("", `## ⚠ The server died during the benchmark: ${serverDied()}`, "", "```", ...(server?.output ?? []), "```");
  }
  out.push("", `Total time: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(out.join("\n"));
  // A server that crashes under the benchmark is the one case (besides not starting) that fails the process.
  if (serverDied()) process.exit(1);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error("benchmark crashed:", error);
    cleanup();
    process.exit(1);
  },
);
