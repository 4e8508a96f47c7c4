// A worker of ./png-pool.ts: compresses its share of a PNG's chunks (./png-chunks.ts).
import { chunks } from "./png-chunks.ts";
import { defineWorker } from "./worker-runtime.ts";

export const api = defineWorker({ chunks });
