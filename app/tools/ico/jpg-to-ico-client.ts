// The page side of the JPG to ICO worker (./jpg-to-ico.worker.ts); it starts on the first call.
import { createWorkerClient } from "../shared/worker-bridge.ts";
import type { api } from "./jpg-to-ico.worker.ts";

export const jpgToIcoClient = createWorkerClient<typeof api>(() => new Worker(new URL("./jpg-to-ico.worker.ts", import.meta.url), { type: "module", name: "jpg-to-ico" }));
