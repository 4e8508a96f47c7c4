import { createRequire } from "node:module";
import { threadId as mainThreadId } from "node:worker_threads";
import { afterEach, describe, expect, it, vi } from "vitest";
import { encodeJpeg } from "#codecs/jpeg/encode.ts";
import { createVariantWorker, VariantWorkerFailure, type StartTimer, type VariantWorker } from "./variant-worker.server.ts";

/** A width × height JPEG photo stand-in: gradients and a xor pattern, so every encoder has work to do. */
function photo(width: number, height: number): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data.set([(x * 255) / width, (y * 255) / height, (x ^ y) & 255, 255], i);
    }
  }
  return encodeJpeg({ width, height, data }, { quality: 90 });
}

/** GIFs are stored as they come: an empty, quick job. */
const gif = () => new Uint8Array([0x47, 0x49, 0x46]);
const fault = (name: "exit" | "throw" | "hang") => new TextEncoder().encode(name);
const faultyScript = createRequire(import.meta.url).resolve("#tests/support/faulty-variants.worker.ts");

describe("the variant worker (decision 047)", () => {
  const workers: VariantWorker[] = [];
  const started = (settings: Parameters<typeof createVariantWorker>[0] = {}) => {
    const worker = createVariantWorker(settings);
    workers.push(worker);
    return worker;
  };
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.close()));
  });

  it("makes the variants on another thread, moving the bytes there, while the main event loop keeps turning", async () => {
    const bytes = photo(1200, 900);
    const job = started().run(bytes, "jpg");
    const state = { finished: false };
    void job.finally(() => (state.finished = true));
    let turns = 0;
    while (!state.finished) {
      await new Promise((resolve) => setImmediate(resolve));
      turns++;
    }
    const { variants, threadId } = await job;
    expect(bytes.byteLength).toBe(0); // moved (transferred), not copied
    expect(threadId).not.toBe(mainThreadId);
    expect(variants.map((v) => `${v.mime} ${v.width}x${v.height}`).toSorted()).toEqual([
      "image/avif 1200x900",
      "image/avif 480x360",
      "image/avif 960x720",
      "image/jpeg 480x360",
      "image/jpeg 960x720",
    ]);
    // on the main thread the job holds the loop: a handful of turns at most (its few awaits)
    expect(turns).toBeGreaterThan(1000);
  });

  it("a codec error fails only its job; the same worker serves the next", async () => {
    const worker = started();
    const broken = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 2, 0, 0]);
    await expect(worker.run(broken, "jpg")).rejects.toBeInstanceOf(VariantWorkerFailure);
    const first = await worker.run(photo(600, 400), "jpg");
    expect(first.variants.map((v) => v.width)).toContain(480);
  });

  for (const kind of ["exit", "throw"] as const) {
    it(`a worker that ${kind === "exit" ? "exits" : "throws"} fails only its job; the next job gets a fresh worker`, async () => {
      const worker = started({ script: faultyScript });
      const before = await worker.run(photo(600, 400), "jpg");
      const failed = worker.run(fault(kind), "jpg");
      const after = worker.run(photo(600, 400), "jpg"); // queued behind the failing job
      await expect(failed).rejects.toThrow(kind === "exit" ? /exited \(code 3\)/ : /crashed: injected worker fault/);
      const next = await after;
      expect(next.variants.map((v) => `${v.ext} ${v.width}`)).toEqual(before.variants.map((v) => `${v.ext} ${v.width}`));
      expect(next.threadId).not.toBe(before.threadId);
    });
  }

  it("a job past a tiny time limit fails", async () => {
    await expect(started({ script: faultyScript, timeLimitMs: 20 }).run(fault("hang"), "jpg")).rejects.toThrow(/longer than 20 ms/);
  });

  it("a job past the time limit ends its worker; the next job gets a fresh worker", async () => {
    const pending: Array<() => void> = [];
    const timer: StartTimer = (run) => {
      pending.push(run);
      return () => pending.splice(pending.indexOf(run), 1);
    };
    const worker = started({ script: faultyScript, timer });
    const before = await worker.run(gif(), "gif");
    expect(pending).toEqual([]); // a finished job's timer is cancelled
    const hung = worker.run(fault("hang"), "jpg");
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    pending[0]?.();
    await expect(hung).rejects.toThrow(/longer than 60000 ms/);
    const next = await worker.run(gif(), "gif");
    expect(next).toEqual({ variants: [], threadId: expect.any(Number) });
    expect(next.threadId).not.toBe(before.threadId);
  });
});
