// TIFF or PSB to PDF off the main thread: the codecs run here, with real progress per decoded
// chunk, per page and for the final save (codecs/pdf/images-to-pdf.ts). A TiffError or PsbError
// reaches the page with its name and message.
import { psbToPdf, tiffToPdf } from "../../../codecs/pdf/images-to-pdf";
import { serveJobs } from "../shared/worker-runtime";
import type { ImagesToPdfRequest, ImagesToPdfResponse } from "./protocol";

serveJobs<ImagesToPdfRequest, ImagesToPdfResponse>(async ({ file, source, title }, { progress }) => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const convert = source === "tiff" ? tiffToPdf : psbToPdf;
  const { pdf, pages } = await convert(bytes, { title, onProgress: progress });
  return { result: { pdf, pages }, transfer: [pdf.buffer] };
});
