// The page side of the PNG to DDS worker (./png-to-dds.worker.ts); it starts on the first call.
import { createWorkerClient } from "../shared/worker-bridge.ts";
import type { api } from "./png-to-dds.worker.ts";

export const pngToDdsClient = createWorkerClient<typeof api>(() => new Worker(new URL("./png-to-dds.worker.ts", import.meta.url), { type: "module", name: "png-to-dds" }));
