// The page side of the PDF-from-images worker (./images-to-pdf.worker.ts); it starts on the first call.
import { createWorkerClient } from "../shared/worker-bridge.ts";
import type { api } from "./images-to-pdf.worker.ts";

export const imagesToPdfClient = createWorkerClient<typeof api>(() => new Worker(new URL("./images-to-pdf.worker.ts", import.meta.url), { type: "module", name: "images-to-pdf" }));
