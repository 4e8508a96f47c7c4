// The page side of the data converter's worker (./xml-converter.worker.ts); it starts on the first call.
import { createWorkerClient } from "../shared/worker-bridge.ts";
import type { api } from "./xml-converter.worker.ts";

export const xmlConverterClient = createWorkerClient<typeof api>(() => new Worker(new URL("./xml-converter.worker.ts", import.meta.url), { type: "module", name: "data" }));
