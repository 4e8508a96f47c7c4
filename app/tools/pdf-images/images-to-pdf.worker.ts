// TIFF or PSB to PDF off the main thread: the codecs run here, with real progress per decoded
// chunk, per page and for the final save (codecs/pdf/images-to-pdf.ts). A TiffError or PsbError
// reaches the page with its code and message.
import { psbToPdf, tiffToPdf } from "#codecs/pdf/images-to-pdf.ts";
import { defineWorker, type WorkerContext } from "../shared/worker-runtime.ts";
import type { ImagesToPdfRequest, ImagesToPdfResponse } from "./protocol.ts";

async function convert({ file, source, title }: ImagesToPdfRequest, { progress, transfer }: WorkerContext): Promise<ImagesToPdfResponse> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const toPdf = source === "tiff" ? tiffToPdf : psbToPdf;
  const { pdf, pages, notes } = await toPdf(bytes, { title, onProgress: progress });
  transfer(pdf.buffer);
  return { pdf, pages, notes };
}

export const api = defineWorker({ convert });
