// DDS to PNG's work with a pool of PNG threads (here a stand-in that runs the real chunk jobs in
// this thread): a large BC1-BC5 surface goes to the threads, with the single-thread PNG's pixels,
// and the reduced preview is still made; small images and other formats stay here; the zip of
// every image holds the same PNGs either way.
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { syntheticPhoto } from "#tests/support/codecs/dds/synthetic-image.ts";
import { zlibFilteredRows } from "#tests/support/codecs/png/png-file.ts";
import { decodeDds, encodeDds } from "#codecs/dds/index.ts";
import { decodePng, encodePng } from "#codecs/png/index.ts";
import { joinParts, pngParts } from "#codecs/png/parallel-deflate.ts";
import { chunks } from "../shared/png-chunks.ts";
import type { WorkerContext } from "../shared/worker-runtime.ts";
import { convertAll, convertOne, type ConvertOptions, type PngThreads } from "./dds-convert.ts";

/** Threads that run every job here; `plans` counts the plans given to them. */
function inlineThreads(): PngThreads & { plans: number } {
  const context = { progress: () => {}, transfer: () => {} } as unknown as WorkerContext;
  return {
    plans: 0,
    worth: (count) => count >= 2,
    async run(plan) {
      this.plans += 1;
      const jobs = plan.ranges.map((_, index) => plan.job(index));
      return pngParts(plan.layout, await chunks({ jobs }, context));
    },
  };
}

const options: ConvertOptions = { selection: { level: 0, face: 0, slice: 0 }, exposure: 0, tonemap: "default" };

describe("convertOne with PNG threads", () => {
  it("a large BC3 surface: compressed on the threads, the pixels and rows of one thread, and a reduced preview", async () => {
    const dds = encodeDds(syntheticPhoto(2100, 700, "gradient"), { format: "bc3", quality: "fast" });
    const threads = inlineThreads();
    const progress: number[] = [];
    const out = await convertOne(dds, options, (f) => progress.push(f), threads);
    expect(threads.plans).toBe(1);
    const png = joinParts(out.png);
    const reference = encodePng(decodeDds(dds));
    expect(zlibFilteredRows(png).equals(zlibFilteredRows(reference))).toBe(true);
    expect([out.width, out.height]).toEqual([2100, 700]);
    // wider than the page shows: a reduced preview, made meanwhile on this thread
    expect(out.preview.png).not.toBeNull();
    expect(decodePng(out.preview.png!).width).toBe(2048);
    expect(progress.at(-1)).toBe(1);
  });

  it("a small image and a BC7 surface stay on this thread", async () => {
    const threads = inlineThreads();
    const small = encodeDds(syntheticPhoto(64, 64, "opaque"), { format: "bc1", quality: "fast" });
    const bc7 = encodeDds(syntheticPhoto(1024, 1024, "opaque"), { format: "bc7", quality: "fast" });
    for (const dds of [small, bc7]) {
      const out = await convertOne(dds, options, () => {}, threads);
      expect(joinParts(out.png)).toEqual(encodePng(decodeDds(dds)));
    }
    expect(threads.plans).toBe(0);
  });
});

describe("convertAll with PNG threads", () => {
  it("every mip level's PNG, the large ones from the threads: the same files as on one thread", async () => {
    const dds = encodeDds(syntheticPhoto(1536, 1536, "opaque"), { format: "bc1", quality: "fast", mipmaps: true });
    const zipOf = async (threads?: PngThreads) => {
      const parts: Uint8Array[] = [];
      await convertAll(dds, "photo", options, (chunk) => parts.push(chunk), () => {}, threads);
      return unzipSync(joinParts(parts));
    };
    const threads = inlineThreads();
    const [withThreads, alone] = [await zipOf(threads), await zipOf()];
    expect(threads.plans).toBeGreaterThan(0);
    expect(Object.keys(withThreads)).toEqual(Object.keys(alone));
    for (const name of Object.keys(alone)) {
      expect(Buffer.from(decodePng(withThreads[name]!).data).equals(Buffer.from(decodePng(alone[name]!).data)), name).toBe(true);
    }
  });
});
