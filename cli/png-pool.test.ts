// PNG output on worker threads (the real worker, cli/png-worker.ts): the same pixels and filtered
// rows as the single-thread encoder, for DDS input decoded by the workers and for any image; when
// threads are used.
import { afterAll, describe, expect, it } from "vitest";
import { syntheticPhoto } from "#tests/support/codecs/dds/synthetic-image.ts";
import { zlibFilteredRows } from "#tests/support/codecs/png/png-file.ts";
import { decodeDds, encodeDds } from "#codecs/dds/index.ts";
import { decodePng, encodePng } from "#codecs/png/index.ts";
import { joinParts } from "#codecs/png/parallel-deflate.ts";
import { ddsToPngThreads, encodePngThreads, MIN_PARALLEL_CHUNKS, poolThreads, shutDownPool, threadSetting, useThreads } from "./png-pool.ts";

afterAll(() => shutDownPool());

const TWO = { threads: 2, forced: true };
const ONE = { threads: 1, forced: true };

function expectSamePng(parts: Uint8Array[], single: Uint8Array, pixels: Uint8Array | Uint8ClampedArray): void {
  const png = joinParts(parts);
  expect(png[25], "colour type").toBe(single[25]);
  expect(zlibFilteredRows(png).equals(zlibFilteredRows(single))).toBe(true);
  expect(Buffer.from(decodePng(png).data).equals(Buffer.from(pixels))).toBe(true);
}

describe("ddsToPngThreads", () => {
  it.each([
    ["BC1", "bc1", "opaque"],
    ["BC3 with alpha", "bc3", "gradient"],
    ["BC7 (decoded here, compressed on the threads)", "bc7", "cutout"],
  ] as const)("%s: the single-thread PNG, on two threads and on one", async (_name, format, alpha) => {
    const dds = encodeDds(syntheticPhoto(1030, 701, alpha), { format, quality: "fast" });
    const image = decodeDds(dds);
    const single = encodePng(image);
    for (const setting of [TWO, ONE]) {
      await shutDownPool();
      // twice on two threads: the second run finds its worker loaded, so the worker takes chunks
      for (let run = 0; run < setting.threads; run++) {
        const out = await ddsToPngThreads(dds, {}, setting);
        expect([out.width, out.height]).toEqual([1030, 701]);
        expectSamePng(out.png, single, image.data);
      }
      // this thread is the other one
      expect(poolThreads(), "worker threads").toBe(setting.threads - 1);
    }
  });

  it("refuses a bad selection as decodeDds does", async () => {
    const dds = encodeDds(syntheticPhoto(64, 64), { format: "bc1", quality: "fast" });
    await expect(ddsToPngThreads(dds, { level: 12 }, TWO)).rejects.toThrow(/No mip level 12/);
  });
});

describe("encodePngThreads", () => {
  it("any image: the single-thread PNG", async () => {
    const image = syntheticPhoto(900, 1300, "gradient");
    expectSamePng(await encodePngThreads(image, TWO), encodePng(image), image.data);
  });
});

describe("when threads are used", () => {
  it("CONVERT_THREADS sets the most threads (1: never), else the machine's cores", () => {
    expect(threadSetting({}, 4)).toEqual({ threads: 4, forced: false });
    expect(threadSetting({ CONVERT_THREADS: "1" }, 4)).toEqual({ threads: 1, forced: true });
    expect(threadSetting({ CONVERT_THREADS: "3" }, 2)).toEqual({ threads: 3, forced: true });
    for (const bad of ["0", "-2", "two", "1.5", ""]) expect(threadSetting({ CONVERT_THREADS: bad }, 2)).toEqual({ threads: 2, forced: false });
  });

  it("not on one core, nor below the size threshold unless CONVERT_THREADS asks", () => {
    expect(useThreads(100, { threads: 1, forced: false })).toBe(false);
    expect(useThreads(MIN_PARALLEL_CHUNKS - 1, { threads: 2, forced: false })).toBe(false);
    expect(useThreads(MIN_PARALLEL_CHUNKS, { threads: 2, forced: false })).toBe(true);
    expect(useThreads(2, { threads: 2, forced: true })).toBe(true);
    expect(useThreads(1, { threads: 2, forced: true })).toBe(false);
  });
});
