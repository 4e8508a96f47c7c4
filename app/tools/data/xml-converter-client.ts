// The page side of the data converter's worker (./xml-converter.worker.ts); it starts on the first call.
import { createWorkerClient } from "../shared/worker-bridge";
import type { api } from "./xml-converter.worker";

export const xmlConverterClient = createWorkerClient<typeof api>(() => new Worker(new URL("./xml-converter.worker.ts", import.meta.url), { type: "module", name: "data" }));
