// The browser's PNG worker pool, with in-process stand-ins for Web Workers that run the real worker
// function (./png-chunks.ts) behind the real runtime (defineWorker): the same PNG as one thread,
// any number of workers; a crashed worker fails the encoding with WorkerCrash and stops the others;
// an abort stops them all; nothing hangs.
import { afterEach, describe, expect, it } from "vitest";
import { syntheticPhoto } from "#tests/support/codecs/dds/synthetic-image.ts";
import { zlibFilteredRows } from "#tests/support/codecs/png/png-file.ts";
import { decodeDds, encodeDds } from "#codecs/dds/index.ts";
import { planDdsPng } from "#codecs/dds/png-chunks.ts";
import { decodePng, encodePng } from "#codecs/png/index.ts";
import { CHUNK_BYTES, joinParts, planPng } from "#codecs/png/parallel-deflate.ts";
import { chunks } from "./png-chunks.ts";
import { MIN_FORCED_CHUNKS, MIN_POOL_CHUNKS, PngPool } from "./png-pool.ts";
import { isAbortError, WorkerCrash } from "./worker-bridge.ts";
import { defineWorker, type WorkerScope } from "./worker-runtime.ts";

/** A Web Worker run in this thread: messages cross as structured clones (buffers moved), one task later. */
class InProcessWorker extends EventTarget {
  static all: InProcessWorker[] = [];
  terminated = false;
  received = 0;
  private readonly scope = new EventTarget() as EventTarget & WorkerScope;
  private readonly crashOnCall: boolean;

  constructor(crashOnCall = false) {
    super();
    this.crashOnCall = crashOnCall;
    InProcessWorker.all.push(this);
    this.scope.postMessage = (message, transfer) => {
      const data = structuredClone(message, { transfer });
      later(() => {
        if (!this.terminated) this.dispatchEvent(new MessageEvent("message", { data }));
      });
    };
    defineWorker({ chunks }, this.scope);
  }

  postMessage(message: unknown, transfer: Transferable[] = []) {
    if (this.terminated) throw new Error("posted to a terminated worker");
    this.received += 1;
    const data = structuredClone(message, { transfer });
    later(() => {
      if (this.terminated) return;
      // a worker that dies on its first call (out of memory, a bug in its script)
      if (this.crashOnCall) this.dispatchEvent(Object.assign(new Event("error", { cancelable: true }), { message: "out of memory" }));
      else this.scope.dispatchEvent(new MessageEvent("message", { data }));
    });
  }

  terminate() {
    this.terminated = true;
  }
}

/** The next task (a message between threads is never delivered synchronously). */
const later = (run: () => void) => void new Promise<void>((resolve) => setTimeout(resolve, 0)).then(run);

const pools: PngPool[] = [];
afterEach(() => {
  for (const pool of pools.splice(0)) pool.terminate();
  InProcessWorker.all = [];
});

/** A pool of `threads` in-process workers; `crash`: which of them (by start order) die on their call. */
function makePool(threads: number, crash: (index: number) => boolean = () => false): PngPool {
  let started = 0;
  const pool = new PngPool(() => new InProcessWorker(crash(started++)) as unknown as Worker, threads);
  pools.push(pool);
  return pool;
}

describe("PngPool", () => {
  const image = syntheticPhoto(700, 900, "gradient");
  const single = encodePng(image);

  it.each([1, 2, 3, 8])("%i worker(s): the single-thread PNG's rows and pixels, each worker given its share in one call", async (threads) => {
    const pool = makePool(threads);
    const plan = planPng(image, { chunkBytes: 100_000 });
    const seen: number[] = [];
    const png = joinParts(await pool.run(plan, { onProgress: (f) => seen.push(f) }));
    expect(png[25]).toBe(single[25]);
    expect(zlibFilteredRows(png).equals(zlibFilteredRows(single))).toBe(true);
    expect(Buffer.from(decodePng(png).data).equals(Buffer.from(image.data))).toBe(true);
    expect(InProcessWorker.all).toHaveLength(Math.min(threads, plan.ranges.length));
    expect(InProcessWorker.all.every((w) => w.received === 1)).toBe(true);
    expect(seen.at(-1)).toBe(1);
    expect(seen.toSorted((a, b) => a - b)).toEqual(seen);
  });

  it("decodes and compresses a DDS surface's chunks: the PNG of encodePng(decodeDds(...))", async () => {
    const dds = encodeDds(syntheticPhoto(513, 1027, "cutout"), { format: "bc1", quality: "fast" });
    const png = joinParts(await makePool(2).run(planDdsPng(dds, { chunkBytes: 200_000 })!));
    const reference = encodePng(decodeDds(dds));
    expect(png[25]).toBe(reference[25]);
    expect(zlibFilteredRows(png).equals(zlibFilteredRows(reference))).toBe(true);
  });

  it("a worker that crashes fails the encoding with WorkerCrash and the others are stopped", async () => {
    const pool = makePool(3, (index) => index === 1);
    const error: unknown = await pool.run(planPng(image, { chunkBytes: 100_000 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerCrash);
    expect((error as WorkerCrash).code).toBe("worker-crash");
    expect(InProcessWorker.all.every((w) => w.terminated)).toBe(true);
    // the next encoding gets fresh workers
    InProcessWorker.all = [];
    const retry = new PngPool(() => new InProcessWorker() as unknown as Worker, 3);
    pools.push(retry);
    expect(zlibFilteredRows(joinParts(await retry.run(planPng(image, { chunkBytes: 100_000 })))).equals(zlibFilteredRows(single))).toBe(true);
  });

  it("aborting stops every worker and rejects with an AbortError", async () => {
    const pool = makePool(2);
    const controller = new AbortController();
    const run = pool.run(planPng(image, { chunkBytes: 100_000 }), { signal: controller.signal });
    controller.abort();
    await expect(run).rejects.toSatisfy(isAbortError);
    expect(InProcessWorker.all.length).toBe(2);
    expect(InProcessWorker.all.every((w) => w.terminated)).toBe(true);
    await expect(pool.run(planPng(image), { signal: controller.signal })).rejects.toSatisfy(isAbortError);
  });

  it("is worth it from MIN_POOL_CHUNKS chunks and two cores, from MIN_FORCED_CHUNKS when its threads were set; encode() keeps small images on the calling thread", async () => {
    const byCores = (cores: number) => new PngPool(() => new InProcessWorker() as unknown as Worker, undefined, cores);
    expect(byCores(2).worth(MIN_POOL_CHUNKS)).toBe(true);
    expect(byCores(2).worth(MIN_POOL_CHUNKS - 1)).toBe(false);
    expect(byCores(1).worth(1000)).toBe(false);
    expect(makePool(2).worth(MIN_FORCED_CHUNKS)).toBe(true);
    expect(makePool(2).worth(MIN_FORCED_CHUNKS - 1)).toBe(false);
    expect(makePool(1).worth(1000)).toBe(false);
    const small = syntheticPhoto(64, 64, "opaque");
    const pool = makePool(2);
    expect(joinParts(await pool.encode(small))).toEqual(encodePng(small));
    expect(InProcessWorker.all).toHaveLength(0);
    // large enough: on the workers (RGB: 3 bytes a pixel)
    const side = Math.ceil(Math.sqrt((MIN_FORCED_CHUNKS * CHUNK_BYTES) / 3)) + 8;
    const large = syntheticPhoto(side, side, "opaque");
    const png = joinParts(await pool.encode(large));
    expect(InProcessWorker.all).toHaveLength(2);
    expect(zlibFilteredRows(png).equals(zlibFilteredRows(encodePng(large)))).toBe(true);
  });
});
