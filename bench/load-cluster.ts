// `npm run bench:load -- --instances 2` (issue 32): the load benchmark through nginx in front of N
// production servers on PostgreSQL and S3 (tests/scale/cluster.ts: deploy/nginx.conf as shipped).
// Visitors read through the proxy while the admin writes posts on instance A; after each
// acknowledged write, the next instance (B; A itself when there is one) is asked for the post
// until it serves it: the time that takes is "visible elsewhere". Afterwards every acknowledged
// post is asked of every instance.
import crypto from "node:crypto";
import autocannon from "autocannon";
import { startCluster, type Cluster } from "#tests/scale/cluster.ts";
import { signIn, signUp } from "#tests/support/site-http.ts";
import { fmt, percentile, writePosts, type WriteStats } from "./load-writer.ts";
import { log } from "./server.ts";

export interface ClusterLoadOptions {
  durationS: number;
  warmupS: number;
  writesPerS: number;
  connections: number;
  readPaths: readonly string[];
  targets: { rps: number; p99Ms: number };
}

interface ClusterResult {
  instances: number;
  rps?: number;
  p99Ms?: number;
  reads?: number;
  readErrors?: number;
  non2xx?: number;
  writes?: WriteStats;
  visibleMs: number[];
  notVisible: number;
  /** acknowledged posts served by every instance afterwards */
  presentEverywhere?: number;
  error?: string;
}

const ADMIN = { email: "load-admin@example.com", password: "load-bench-password", name: "Load admin" };

/** Asks `origin` for the post until it answers 200 (at most 5 s): how long that took, or undefined. */
async function timeUntilVisible(origin: string, slug: string): Promise<number | undefined> {
  const t0 = performance.now();
  while (performance.now() - t0 < 5000) {
    const response = await fetch(`${origin}/blog/${slug}`);
    await response.arrayBuffer();
    if (response.status === 200) return performance.now() - t0;
  }
  return undefined;
}

async function servedByAll(cluster: Cluster, slugs: readonly string[]): Promise<number> {
  let present = 0;
  for (const slug of slugs) {
    const statuses = await Promise.all(cluster.instances.map(async (instance) => (await fetch(`${instance.origin}/blog/${slug}`).then(async (r) => (await r.arrayBuffer(), r.status)))));
    if (statuses.every((status) => status === 200)) present++;
  }
  return present;
}

async function runOne(options: ClusterLoadOptions, instances: number): Promise<ClusterResult> {
  const result: ClusterResult = { instances, visibleMs: [], notVisible: 0 };
  let cluster: Cluster | undefined;
  try {
    log(`starting ${instances} instance(s) behind nginx on PostgreSQL and s3rver ...`);
    cluster = await startCluster({ instances });
    const site = cluster.proxy;
    const writer = cluster.instances[0]!.origin;
    const elsewhere = (cluster.instances[1] ?? cluster.instances[0]!).origin;
    const signedUp = await signUp(site, site, ADMIN);
    if (signedUp.status !== 200) throw new Error(`sign-up answered ${signedUp.status}: ${signedUp.text}`);
    const { cookie, status } = await signIn(writer, site, ADMIN);
    if (status !== 200) throw new Error(`sign-in answered ${status}`);
    const readOptions = {
      url: site,
      connections: options.connections,
      headers: { "accept-encoding": "gzip, deflate, br", accept: "text/html" },
      requests: options.readPaths.map((path) => ({ method: "GET" as const, path })),
    };
    log(`${instances} instance(s): ${options.warmupS} s warm-up, then ${options.durationS} s of reads through nginx with ${options.writesPerS} posts/s written on A ...`);
    await autocannon({ ...readOptions, duration: options.warmupS });
    const runId = crypto.randomBytes(3).toString("hex");
    const reads = autocannon({ ...readOptions, duration: options.durationS });
    const written = writePosts({ origin: writer, site, cookie }, options.writesPerS, runId, reads, async (slug) => {
      const ms = await timeUntilVisible(elsewhere, slug);
      if (ms === undefined) result.notVisible++;
      else result.visibleMs.push(ms);
    });
    const [read, writes] = await Promise.all([reads, written]);
    result.rps = read.requests.average;
    result.p99Ms = read.latency.p99;
    result.reads = read.requests.total;
    result.readErrors = read.errors;
    if (read.errors > 0) log(`${read.errors} read errors (${read.timeouts} timeouts); nginx's log:\n${cluster.proxyLog().slice(-3000)}`);
    result.non2xx = read.non2xx;
    result.writes = writes;
    result.presentEverywhere = await servedByAll(cluster, writes.acknowledged);
    log(`${instances} instance(s): ${fmt(result.rps)} reads/s, p99 ${fmt(result.p99Ms)} ms; ${writes.acknowledged.length} writes acknowledged, ${result.presentEverywhere} served by every instance`);
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
    log(`${instances} instance(s) failed: ${result.error}`);
  } finally {
    await cluster?.stop();
  }
  return result;
}

function verdict(r: ClusterResult, targets: ClusterLoadOptions["targets"]): string {
  if (r.error) return `FAIL (${r.error.split("\n")[0]})`;
  const problems: string[] = [];
  if ((r.rps ?? 0) < targets.rps) problems.push(`${fmt(r.rps)} reads/s < ${targets.rps}`);
  if ((r.p99Ms ?? Infinity) > targets.p99Ms) problems.push(`p99 ${fmt(r.p99Ms)} ms > ${targets.p99Ms}`);
  if ((r.readErrors ?? 0) > 0) problems.push(`${r.readErrors} read errors`);
  if ((r.non2xx ?? 0) > 0) problems.push(`${r.non2xx} non-2xx reads`);
  const failed = [...(r.writes?.failures.values() ?? [])].reduce((a, b) => a + b, 0);
  if (failed > 0) problems.push(`${failed} failed writes`);
  const missing = (r.writes?.acknowledged.length ?? 0) - (r.presentEverywhere ?? 0);
  if (missing > 0) problems.push(`${missing} acknowledged writes not served everywhere`);
  if (r.notVisible > 0) problems.push(`${r.notVisible} writes not visible elsewhere within 5 s`);
  return problems.length === 0 ? "PASS" : `FAIL (${problems.join("; ")})`;
}

/** Runs each instance count in turn and prints the Markdown table. */
export async function runClusterLoad(options: ClusterLoadOptions, counts: readonly number[]): Promise<void> {
  const results: ClusterResult[] = [];
  for (const instances of counts) results.push(await runOne(options, instances));
  const lines = [
    "# Load benchmark through nginx: PostgreSQL and S3 (s3rver), deploy/nginx.conf",
    "",
    `- reads: autocannon through nginx, ${options.connections} connections cycling ${options.readPaths.map((p) => `\`${p}\``).join(", ")} for ${options.durationS} s (after ${options.warmupS} s warm-up)`,
    `- writes: ${options.writesPerS} published posts a second on instance A (the editor's action and its revalidation GET); "visible elsewhere": from A's acknowledgement until instance B (A when alone) serves the post`,
    "",
    `| Instances | Reads/s avg (≥${options.targets.rps}) | Read p99 ms (≤${options.targets.p99Ms}) | Reads | Errors | Non-2xx | Writes sent (per s) | Acknowledged | Failed writes | Served by every instance | Visible elsewhere p50 / p99 ms | Write p99 ms | Result |`,
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const r of results) {
    const w = r.writes;
    const failed = w ? [...w.failures.entries()].map(([why, n]) => `${n} × ${why}`).join(", ") || "0" : "n/a";
    lines.push(
      `| ${r.instances} | ${fmt(r.rps)} | ${fmt(r.p99Ms)} | ${r.reads ?? "n/a"} | ${r.readErrors ?? "n/a"} | ${r.non2xx ?? "n/a"} | ${w ? `${w.sent} (${fmt(w.sent / w.elapsedS, 1)})` : "n/a"} | ` +
        `${w?.acknowledged.length ?? "n/a"} | ${failed} | ${r.presentEverywhere ?? "n/a"} | ${fmt(percentile(r.visibleMs, 50), 1)} / ${fmt(percentile(r.visibleMs, 99), 1)} | ${fmt(percentile(w?.latenciesMs ?? [], 99))} | ${verdict(r, options.targets)} |`,
    );
  }
  console.log(lines.join("\n"));
}
