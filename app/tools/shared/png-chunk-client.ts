// The pool of PNG chunk workers (./png-pool.ts, ./png-chunk.worker.ts) a tool's worker uses: one
// per thread (nested workers of the tool's own; they stop with it). Its workers start on first use.
import { PngPool } from "./png-pool.ts";

export const pngChunkPool = new PngPool(() => new Worker(new URL("./png-chunk.worker.ts", import.meta.url), { type: "module", name: "png-chunk" }));
