// The pools of PNG chunk workers (./png-pool.ts, ./png-chunk.worker.ts) a tool's worker uses: one
// worker per thread (nested workers of the tool's own; they stop with it), started on first use.
// One pool per thread cap (./thread-cap.ts; undefined: the device's cores).
import { PngPool } from "./png-pool.ts";

const pools = new Map<number | undefined, PngPool>();

export function pngChunkPool(threads?: number): PngPool {
  let pool = pools.get(threads);
  if (!pool) {
    pool = new PngPool(() => new Worker(new URL("./png-chunk.worker.ts", import.meta.url), { type: "module", name: "png-chunk" }), threads);
    pools.set(threads, pool);
  }
  return pool;
}
