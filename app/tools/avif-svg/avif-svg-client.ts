// The page side of the AVIF to SVG worker (./avif-svg.worker.ts); it starts on the first call.
import { createWorkerClient } from "../shared/worker-bridge.ts";
import type { api } from "./avif-svg.worker.ts";

export const avifSvgClient = createWorkerClient<typeof api>(() => new Worker(new URL("./avif-svg.worker.ts", import.meta.url), { type: "module", name: "avif-svg" }));
