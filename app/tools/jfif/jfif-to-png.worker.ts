// JFIF/JPEG to PNG in a worker: the browser decodes the JPEG (../image-common/decode-jpeg.ts) and
// our encoder writes the PNG, a large one on a pool of nested workers (../shared/png-chunk-client.ts).
// Progress: decoding, then the encoder's own progress.
import { joinParts } from "#codecs/png/parallel-deflate.ts";
import { sniffImage } from "#codecs/image/image-sniff.ts";
import { decodeJpeg, ImageLoadError } from "../image-common/decode-jpeg.ts";
import { IMAGE_NOT_LOADED } from "../image-common/image-load-texts.ts";
import { readFileBytes } from "../image-common/read-file-bytes.ts";
import { pngChunkPool } from "../shared/png-chunk-client.ts";
import { defineWorker, type WorkerContext } from "../shared/worker-runtime.ts";
import type { JfifRequest, JfifResult } from "./jfif-job.ts";

/** Share of the work spent decoding (the browser's decoder is native; deflate is the long part). */
const DECODE_SHARE = 0.25;

async function convert({ file, threads }: JfifRequest, { progress, transfer }: WorkerContext): Promise<JfifResult> {
  const bytes = await readFileBytes(file, "JPEG");
  const kind = sniffImage(bytes);
  if (kind !== "jpeg") {
    const what = kind === "png" ? "a PNG image" : "not an image this tool reads";
    throw new ImageLoadError(`${IMAGE_NOT_LOADED}: its content is ${what}, not JPEG/JFIF data.`, "wrong-format");
  }
  progress(0.02);
  const image = await decodeJpeg(bytes);
  progress(DECODE_SHARE);
  const parts = await pngChunkPool(threads).encode(image, { onProgress: (f) => progress(DECODE_SHARE + (1 - DECODE_SHARE) * f) });
  const png = joinParts(parts);
  transfer(png.buffer);
  return { png, width: image.width, height: image.height };
}

export const api = defineWorker({ convert });
