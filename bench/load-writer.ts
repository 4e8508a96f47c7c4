// The admin of the load benchmarks: creates published posts at a fixed rate through the real
// editor action (tests/support/site-http.ts savePost, as the editor's fetcher sends it, then the
// loaders' revalidation GET), until told to stop, and keeps what the site acknowledged.
import { savePost } from "#tests/support/site-http.ts";

export interface WriteStats {
  sent: number;
  acknowledged: string[]; // slugs of the posts the server said it saved
  failures: Map<string, number>; // "HTTP 400" / error message -> count
  latenciesMs: number[];
  elapsedS: number;
}

export interface WriteTarget {
  /** where the writes go: an instance, or the proxy */
  origin: string;
  /** PUBLIC_URL (the Origin the admin's browser sends) */
  site: string;
  cookie: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const slugOf = (runId: string, i: number) => `load-${runId}-${i}`;

/**
 * Creates posts at `rate` a second until `until` resolves, then waits for the ones in flight.
 * `acknowledged(slug)` runs after each write the site acknowledged (the visibility probe).
 */
export async function writePosts(target: WriteTarget, rate: number, runId: string, until: Promise<unknown>, acknowledged?: (slug: string) => Promise<void>): Promise<WriteStats> {
  const stats: WriteStats = { sent: 0, acknowledged: [], failures: new Map(), latenciesMs: [], elapsedS: 0 };
  const state = { stopped: false };
  void until.then(() => (state.stopped = true));
  const fail = (why: string) => stats.failures.set(why, (stats.failures.get(why) ?? 0) + 1);
  const inflight = new Set<Promise<void>>();
  const started = performance.now();

  const writeOne = async (i: number) => {
    const slug = slugOf(runId, i);
    const t0 = performance.now();
    try {
      const answer = await savePost(target.origin, target.site, target.cookie, {
        title: `Load post ${i}`,
        slug,
        excerpt: `Written by the load benchmark (${i}).`,
        content: `<p>Post ${i} of the load benchmark, written while visitors read the site.</p>`,
        published: true,
      });
      // React Router revalidates the page's loaders with a GET of the same URL
      const revalidation = await fetch(`${target.origin}/admin/blog/new.data`, { headers: { cookie: target.cookie }, redirect: "manual", signal: AbortSignal.timeout(30_000) });
      await revalidation.arrayBuffer();
      stats.latenciesMs.push(performance.now() - t0);
      if (answer.status !== 200) {
        fail(`HTTP ${answer.status}`);
        return;
      }
      stats.acknowledged.push(slug);
      await acknowledged?.(slug);
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
    }
  };

  // a fixed schedule (not "after the previous one"), so slow answers do not lower the rate
  while (!state.stopped) {
    const wait = started + stats.sent * (1000 / rate) - performance.now();
    if (wait > 0) await Promise.race([sleep(wait), until]);
    if (state.stopped) break;
    const write = writeOne(stats.sent++).finally(() => inflight.delete(write));
    inflight.add(write);
  }
  stats.elapsedS = (performance.now() - started) / 1000;
  await Promise.all(inflight);
  return stats;
}

export function percentile(values: number[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const fmt = (v: number | undefined, digits = 0) => (v === undefined || !Number.isFinite(v) ? "n/a" : v.toFixed(digits));
