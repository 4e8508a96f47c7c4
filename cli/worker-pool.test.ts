// The CLI's worker_threads pool with a test worker (tests/support/cli/pool-test-worker.ts): results
// in order, one thread or several, and every way a run can fail ends it with a clear error and no
// thread left running.
import { threadId, Worker } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { CodecFailure } from "#codecs/common/codec-failure.ts";
import type { TestJob } from "#tests/support/cli/pool-test-worker.ts";
import { WorkerJobFailure, WorkerPool, WorkerThreadCrash } from "./worker-pool.ts";

const WORKER = new URL("../tests/support/cli/pool-test-worker.ts", import.meta.url);
const pools: WorkerPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function makePool(size: number): WorkerPool {
  const pool = new WorkerPool(() => new Worker(WORKER), size);
  pools.push(pool);
  return pool;
}

const job = (message: TestJob) => ({ message });
type Doubled = { n: number; threadId: number; bytes: Uint8Array };
/** A `local` job: the worker's answer, made on this thread. */
const doubledHere = (i: number): Doubled => ({ n: i * 2, threadId, bytes: Uint8Array.of(i * 2) });
const failHere = (): never => {
  throw new CodecFailure("Bad rows here.", "bad-input");
};
const doubles = (pool: WorkerPool, count: number) => pool.run<Doubled>(count, (i) => job({ kind: "double", n: i }));

describe("WorkerPool", () => {
  it("runs the jobs on its threads and gives the results in job order", async () => {
    const pool = makePool(2);
    const seen: number[] = [];
    const results = await pool.run<Doubled>(9, (i) => job({ kind: "double", n: i }), { onResult: (i) => seen.push(i) });
    expect(results.map((r) => r.n)).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16]);
    // moved back, not copied: still a byte array
    expect(results.map((r) => r.bytes[0])).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16]);
    expect(new Set(results.map((r) => r.threadId)).size).toBe(2);
    expect(seen.toSorted((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    // the threads stay for the next run
    expect(pool.threads).toBe(2);
    expect((await doubles(pool, 3)).map((r) => r.n)).toEqual([0, 2, 4]);
  });

  it("with one thread, runs every job on it; never starts more threads than jobs", async () => {
    const one = makePool(1);
    const results = await doubles(one, 5);
    expect(results.map((r) => r.n)).toEqual([0, 2, 4, 6, 8]);
    expect(new Set(results.map((r) => r.threadId)).size).toBe(1);
    const wide = makePool(4);
    await doubles(wide, 2);
    expect(wide.threads).toBe(2);
    expect(await makePool(3).run(0, () => job({ kind: "double", n: 1 }))).toEqual([]);
  });

  it("with `local`, this thread takes jobs too: a worker that is ready gets its first two, this thread the next", async () => {
    const pool = makePool(1);
    await doubles(pool, 1); // the worker has loaded
    const results = await pool.run<Doubled>(8, (i) => job({ kind: "double", n: i }), { local: doubledHere });
    expect(results.map((r) => r.n)).toEqual([0, 2, 4, 6, 8, 10, 12, 14]);
    const worker = results[0]!.threadId;
    expect(worker).not.toBe(threadId);
    expect(results[1]!.threadId).toBe(worker);
    expect(results[2]!.threadId).toBe(threadId);
  });

  it("with `local`, a pool of no workers runs every job here; without it, a pool of none refuses", async () => {
    const none = makePool(0);
    const results = await none.run<number>(3, () => job({ kind: "double", n: 0 }), { local: (i) => i * 10 });
    expect(results).toEqual([0, 10, 20]);
    expect(none.threads).toBe(0);
    await expect(none.run(1, () => job({ kind: "double", n: 1 }))).rejects.toThrow(/no worker and no local thread/);
  });

  it("a job that throws on this thread fails the run with its error and stops the workers", async () => {
    const pool = makePool(1);
    await expect(pool.run(4, (i) => job({ kind: "double", n: i }), { local: failHere })).rejects.toThrow("Bad rows here.");
    expect(pool.threads).toBe(0);
  });

  it("a job's CodecFailure fails the run with its message and code; its threads are stopped; the next run starts fresh", async () => {
    const pool = makePool(2);
    const run = pool.run(6, (i) => job(i === 3 ? { kind: "codec-failure" } : { kind: "double", n: i }));
    const error: unknown = await run.catch((e: unknown) => e);
    // a CodecFailure here too: the CLI prints its message to the user, as from this thread
    expect(error).toBeInstanceOf(WorkerJobFailure);
    expect(error).toBeInstanceOf(CodecFailure);
    const failure = error as WorkerJobFailure;
    expect([failure.message, failure.code, failure.detail]).toEqual(["This test file cannot be converted.", "bad-input", "job said so"]);
    expect(pool.threads).toBe(0);
    expect((await doubles(pool, 4)).map((r) => r.n)).toEqual([0, 2, 4, 6]);
  });

  it("a job's other error (a bug) fails the run as a plain Error naming it", async () => {
    const pool = makePool(1);
    const error: unknown = await pool.run(2, (i) => job(i === 1 ? { kind: "bug" } : { kind: "double", n: i })).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(WorkerJobFailure);
    expect((error as Error).message).toBe("TypeError: x is not a function");
  });

  it.each<[string, TestJob, RegExp]>([
    ["exits", { kind: "exit" }, /exited unexpectedly \(exit code 3\)/],
    ["throws outside a job", { kind: "uncaught" }, /stopped: boom outside a job/],
  ])("a worker that %s fails the run as a crash, and nothing is left running", async (_name, bad, message) => {
    const pool = makePool(2);
    const flag = new Int32Array(new SharedArrayBuffer(4));
    // the other thread is stuck in a job that never ends: the failure must not wait for it
    const error: unknown = await pool.run(2, (i) => job(i === 0 ? bad : { kind: "block", flag })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerThreadCrash);
    expect((error as Error).message).toMatch(message);
    expect(pool.threads).toBe(0);
  });

  it("aborting ends a run whose job never finishes, with an AbortError, and stops its thread", async () => {
    const pool = makePool(1);
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const controller = new AbortController();
    const run = pool.run(1, () => job({ kind: "block", flag }), { signal: controller.signal });
    controller.abort();
    const error: unknown = await run.catch((e: unknown) => e);
    expect((error as Error).name).toBe("AbortError");
    expect(pool.threads).toBe(0);
    // aborted before it starts: no thread at all
    await expect(pool.run(1, () => job({ kind: "double", n: 1 }), { signal: controller.signal })).rejects.toThrow(/cancelled/);
    expect(pool.threads).toBe(0);
  });

  it("a job that cannot be sent (not cloneable) fails the run", async () => {
    const pool = makePool(1);
    await expect(pool.run(1, () => ({ message: { kind: "double", n: 1, f: () => 1 } }))).rejects.toThrow(/could not be cloned/);
    expect(pool.threads).toBe(0);
  });
});
