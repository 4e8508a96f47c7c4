// Load benchmark: public reads while an admin writes. For each database (SQLite, PostgreSQL or both)
// it starts the production server on a fresh DATA_DIR (and, for PostgreSQL, a fresh database that is
// dropped afterwards), signs up the first account (the admin) over HTTP, then for --duration seconds
//   - autocannon reads /, /blog and a post in turn on 50 connections (browser-like Accept-Encoding),
//   - while the admin creates --writes posts a second through the real admin action
//     (POST /admin/blog/new.data as the editor's fetcher sends it, then the loaders' revalidation GET;
//     session cookie and the Origin the same-origin guard wants),
// and afterwards counts the acknowledged posts that are really in the database. Every published post
// bumps the content version, so the page cache keeps being emptied: reads re-render under writes.
// Prints a Markdown table with PASS/FAIL against reads >= 1000/s, p99 <= 50 ms, 0 errors and non-2xx
// (reads and writes), every acknowledged write present. Exits 0 whatever the verdict; 1 when the
// build fails or a server cannot start or dies.
//
// With --query-strings N, every fourth read is `/?r=<i>` with i cycling through N distinct values:
// the flood of random query strings (issue 28, finding 5) that must neither render pages nor push
// the others out of the page cache; those reads count their redirects (3xx) apart from non-2xx.
//
// With --instances N (or a list, 1,2), the run is through nginx (deploy/nginx.conf) in front of N
// production servers on PostgreSQL and S3 instead (bench/load-cluster.ts): --db and --port do not apply.
//
// Run:   node bench/load.ts [--duration S] [--db sqlite|postgres|both] [--writes N] [--connections N] [--query-strings N] [--instances N[,M]] [--no-build] [--port P]
//   --duration S     measured seconds per database (default 60), after a 2 s unrecorded read warm-up
//   --db X           sqlite, postgres or both (default both)
//   --writes N       posts written per second (default 5)
//   --connections N  autocannon connections (default 50)
//   --query-strings N  distinct random query strings mixed into the reads (default 0: none)
//   --no-build       reuse the existing build/
//   --port P         preferred port (default 3198; a free one is picked if it is taken)
//   --instances N    N instances behind nginx on PostgreSQL and s3rver (1,2: one run each); needs nginx
// Env:   SQLITE_SYNCHRONOUS  passed to the server (FULL by default; NORMAL to measure what FULL costs)
//        BENCH_PG_URL  a PostgreSQL database to connect to for CREATE/DROP DATABASE
//                      (default postgresql://root@127.0.0.1:5432/test)
import crypto from "node:crypto";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import pg from "pg";
import { benchArgs, oneOf, positiveInt } from "./bench-args.ts";
import { createScratchDatabase, type ScratchDatabase } from "#tests/support/scratch-postgres.ts";
import { runClusterLoad } from "./load-cluster.ts";
import { fmt, percentile, writePosts, type WriteStats } from "./load-writer.ts";
import { build, log, startServer, type BenchServer } from "./server.ts";

const READ_PATHS = ["/", "/blog", "/blog/productivity-tips"];
const WARMUP_S = 2;
const TARGETS = { rps: 1000, p99Ms: 50 };
const ADMIN = { email: "load-admin@example.com", password: "load-bench-password", name: "Load admin" };

const args = benchArgs("node bench/load.ts [--duration S] [--db sqlite|postgres|both] [--writes N] [--connections N] [--query-strings N] [--instances N[,M]] [--no-build] [--port P]", {
  instances: { type: "string" },
  duration: { type: "string", default: "60" },
  db: { type: "string", default: "both" },
  writes: { type: "string", default: "5" },
  connections: { type: "string", default: "50" },
  "query-strings": { type: "string", default: "0" },
  "no-build": { type: "boolean", default: false },
  port: { type: "string", default: "3198" },
});
const DURATION = positiveInt(args.duration, "--duration");
const WRITES_PER_S = positiveInt(args.writes, "--writes");
const CONNECTIONS = positiveInt(args.connections, "--connections");
const QUERY_STRINGS = args["query-strings"] === "0" ? 0 : positiveInt(args["query-strings"], "--query-strings");
const PORT = positiveInt(args.port, "--port");
const DB = oneOf(args.db, ["sqlite", "postgres", "both"], "--db");
const DIALECTS = DB === "sqlite" || DB === "postgres" ? ([DB] as const) : (["sqlite", "postgres"] as const);
const PG_URL = process.env.BENCH_PG_URL ?? "postgresql://root@127.0.0.1:5432/test";
const INSTANCE_COUNTS = args.instances?.split(",").map((count) => positiveInt(count, "--instances"));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- PostgreSQL: a fresh database per run
async function createPgDatabase(): Promise<ScratchDatabase> {
  const database = await createScratchDatabase("bench_load", PG_URL);
  log(`created PostgreSQL database ${database.name}`);
  return {
    ...database,
    drop: async () => {
      await database.drop();
      log(`dropped PostgreSQL database ${database.name}`);
    },
  };
}

// ---------------------------------------------------------------- the admin and its writes
async function signUpAdmin(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const check = await fetch(`${baseUrl}/admin/blog`, { headers: { cookie }, redirect: "manual" });
  await check.arrayBuffer();
  if (check.status !== 200) throw new Error(`the admin session does not open /admin/blog (HTTP ${check.status})`);
  return cookie;
}

/** Which of the acknowledged slugs are in the database now. */
async function presentSlugs(dialect: "sqlite" | "postgres", server: BenchServer, databaseUrl: string | undefined, runId: string): Promise<Set<string>> {
  const pattern = `load-${runId}-%`;
  if (dialect === "sqlite") {
    const db = new Database(join(server.dataDir, "site.db"), { readonly: true });
    try {
      const rows = db.prepare("select slug from blog_posts where slug like ? and published = 1").all(pattern) as { slug: string }[];
      return new Set(rows.map((r) => r.slug));
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ slug: string }>("select slug from blog_posts where slug like $1 and published = 1", [pattern]);
    return new Set(result.rows.map((r) => r.slug));
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------- one run
interface RunResult {
  dialect: string;
  rps?: number;
  p99Ms?: number;
  reads?: number;
  readErrors?: number;
  readTimeouts?: number;
  non2xx?: number;
  redirects?: number;
  writes?: WriteStats;
  present?: number;
  missing?: string[];
  error?: string;
}

/** The fourth read of each round: `/?r=<i>`, i cycling through QUERY_STRINGS values (none when 0). */
function randomQueryReads() {
  if (QUERY_STRINGS === 0) return [];
  let next = 0;
  return [{ method: "GET" as const, path: "/", setupRequest: (request: { path: string }) => ({ ...request, path: `/?r=${next++ % QUERY_STRINGS}` }) }];
}

// what a Ctrl+C must clean up: the running server (and its DATA_DIR) and the fresh database
const running: { server?: BenchServer; pgDb?: Awaited<ReturnType<typeof createPgDatabase>> } = {};
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the server and dropping the benchmark database`);
    void Promise.allSettled([running.server?.stop(), running.pgDb?.drop()]).then(() => process.exit(130));
  });
}

async function runOne(dialect: "sqlite" | "postgres"): Promise<RunResult> {
  const result: RunResult = { dialect };
  let pgDb: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
  let server: BenchServer | undefined;
  try {
    if (dialect === "postgres") pgDb = running.pgDb = await createPgDatabase();
    server = running.server = await startServer(PORT, pgDb ? { DATABASE_URL: pgDb.url } : {});
    const { baseUrl } = server;
    const cookie = await signUpAdmin(baseUrl);
    for (const path of READ_PATHS) {
      const response = await fetch(baseUrl + path);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status} before the run`);
    }
    const options = {
      url: baseUrl,
      connections: CONNECTIONS,
      headers: { "accept-encoding": "gzip, deflate, br", accept: "text/html" },
      requests: [...READ_PATHS.map((path) => ({ method: "GET" as const, path })), ...randomQueryReads()],
    };
    log(`${dialect}: ${WARMUP_S} s read warm-up, then ${DURATION} s of reads on ${CONNECTIONS} connections with ${WRITES_PER_S} posts/s written ...`);
    await autocannon({ ...options, duration: WARMUP_S });
    const runId = crypto.randomBytes(3).toString("hex");
    const reads = autocannon({ ...options, duration: DURATION });
    const writes = writePosts({ origin: baseUrl, site: baseUrl, cookie }, WRITES_PER_S, runId, reads);
    const [read, written] = await Promise.all([reads, writes]);
    if (server.died()) throw new Error(`${server.died()} during the run`);
    result.rps = read.requests.average;
    result.p99Ms = read.latency.p99;
    result.reads = read.requests.total;
    result.readErrors = read.errors;
    result.readTimeouts = read.timeouts;
    result.redirects = Object.entries(read.statusCodeStats as Record<string, { count: number }>)
      .filter(([code]) => code.startsWith("3"))
      .reduce((sum, [, stat]) => sum + stat.count, 0);
    result.non2xx = read.non2xx - result.redirects;
    result.writes = written;
    const present = await presentSlugs(dialect, server, pgDb?.url, runId);
    result.present = written.acknowledged.filter((slug) => present.has(slug)).length;
    result.missing = written.acknowledged.filter((slug) => !present.has(slug));
    log(
      `${dialect}: ${fmt(result.rps)} reads/s, p99 ${fmt(result.p99Ms)} ms, ${result.non2xx} non-2xx, ${result.readErrors} errors; ` +
        `writes ${written.sent} sent, ${written.acknowledged.length} acknowledged, ${result.present} present`,
    );
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
    log(`${dialect} failed: ${result.error}`);
    if (server?.died()) result.error += `\n${server.output.join("\n")}`;
  } finally {
    await server?.stop();
    await pgDb?.drop().catch((error: unknown) => log(`could not drop the database: ${String(error)}`));
    running.server = running.pgDb = undefined;
  }
  return result;
}

function verdict(r: RunResult): string {
  if (r.error) return `FAIL (${r.error.split("\n")[0]})`;
  const problems: string[] = [];
  if ((r.rps ?? 0) < TARGETS.rps) problems.push(`${fmt(r.rps)} reads/s < ${TARGETS.rps}`);
  if ((r.p99Ms ?? Infinity) > TARGETS.p99Ms) problems.push(`p99 ${fmt(r.p99Ms)} ms > ${TARGETS.p99Ms}`);
  if ((r.readErrors ?? 0) > 0) problems.push(`${r.readErrors} read errors`);
  if ((r.non2xx ?? 0) > 0) problems.push(`${r.non2xx} non-2xx reads`);
  if (QUERY_STRINGS === 0 && (r.redirects ?? 0) > 0) problems.push(`${r.redirects} redirected reads`);
  const failedWrites = [...(r.writes?.failures.values() ?? [])].reduce((a, b) => a + b, 0);
  if (failedWrites > 0) problems.push(`${failedWrites} failed writes`);
  if ((r.missing?.length ?? 0) > 0) problems.push(`${r.missing!.length} acknowledged writes missing`);
  return problems.length === 0 ? "PASS" : `FAIL (${problems.join("; ")})`;
}

function table(results: RunResult[]): string {
  const lines = [
    `| DB | Reads/s avg (≥${TARGETS.rps}) | Read p99 ms (≤${TARGETS.p99Ms}) | Reads | Errors (timeouts) | Non-2xx (not 3xx) | 3xx | Writes sent (per s) | Acknowledged | Failed writes | Present afterwards | Write p99 ms | Result |`,
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const r of results) {
    const w = r.writes;
    const failed = w ? [...w.failures.entries()].map(([why, n]) => `${n} × ${why}`).join(", ") || "0" : "n/a";
    lines.push(
      `| ${r.dialect} | ${fmt(r.rps)} | ${fmt(r.p99Ms)} | ${r.reads ?? "n/a"} | ${r.readErrors ?? "n/a"} (${r.readTimeouts ?? "n/a"}) | ${r.non2xx ?? "n/a"} | ${r.redirects ?? "n/a"} | ` +
        `${w ? `${w.sent} (${fmt(w.sent / w.elapsedS, 1)})` : "n/a"} | ${w?.acknowledged.length ?? "n/a"} | ${failed} | ${r.present ?? "n/a"} | ${fmt(percentile(w?.latenciesMs ?? [], 99))} | ${verdict(r)} |`,
    );
  }
  return lines.join("\n");
}

async function main(): Promise<void> {
  const started = Date.now();
  if (!args["no-build"]) build();
  if (INSTANCE_COUNTS) {
    // the cluster makes its database beside this one
    process.env.TEST_DATABASE_URL = PG_URL;
    await runClusterLoad({ durationS: DURATION, warmupS: WARMUP_S, writesPerS: WRITES_PER_S, connections: CONNECTIONS, readPaths: READ_PATHS, targets: TARGETS }, INSTANCE_COUNTS);
    console.log(`\nTotal time: ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return;
  }
  const results: RunResult[] = [];
  for (const dialect of DIALECTS) {
    results.push(await runOne(dialect));
    await sleep(1000); // let sockets close between runs
  }
  console.log(
    [
      "# Load benchmark: public reads while an admin writes",
      "",
      `- Node ${process.version}, ${availableParallelism()} CPU cores (load generator, writer and server share them)`,
      `- reads: autocannon, ${CONNECTIONS} connections cycling ${READ_PATHS.map((p) => `\`${p}\``).join(", ")}${QUERY_STRINGS ? ` and \`/?r=<i>\` (${QUERY_STRINGS} distinct query strings)` : ""} for ${DURATION} s (after ${WARMUP_S} s warm-up), Accept-Encoding: gzip, deflate, br`,
      `- SQLite synchronous=${process.env.SQLITE_SYNCHRONOUS ?? "FULL"} (the server's setting; PostgreSQL: synchronous_commit=on)`,
      `- writes: ${WRITES_PER_S} published posts a second through POST /admin/blog/new.data (plus the revalidation GET) with the admin's session cookie; "present" = acknowledged slugs found in the database afterwards`,
      "",
      table(results),
      "",
      `Total time: ${((Date.now() - started) / 1000).toFixed(0)} s`,
    ].join("\n"),
  );
  if (results.some((r) => r.error?.includes("server exited") || r.error?.includes("could not start"))) process.exit(1);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error("benchmark crashed:", error);
    process.exit(1);
  },
);
