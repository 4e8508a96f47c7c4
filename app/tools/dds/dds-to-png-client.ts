// The page side of the DDS to PNG worker (./dds-to-png.worker.ts); it starts on the first call.
import { createWorkerClient } from "../shared/worker-bridge.ts";
import type { api } from "./dds-to-png.worker.ts";

export const ddsToPngClient = createWorkerClient<typeof api>(() => new Worker(new URL("./dds-to-png.worker.ts", import.meta.url), { type: "module", name: "dds-to-png" }));
