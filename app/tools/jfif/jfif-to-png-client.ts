// The page side of the JFIF to PNG worker (./jfif-to-png.worker.ts); it starts on the first call.
import { createWorkerClient } from "../shared/worker-bridge.ts";
import type { api } from "./jfif-to-png.worker.ts";

export const jfifToPngClient = createWorkerClient<typeof api>(() => new Worker(new URL("./jfif-to-png.worker.ts", import.meta.url), { type: "module", name: "jfif-to-png" }));
