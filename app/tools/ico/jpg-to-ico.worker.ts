// JPG/PNG to ICO in a worker (codecs/ico/ico-build.ts), with a small PNG of each size for the preview.
import { ICO_SIZES, IcoError } from "#codecs/ico/index.ts";
import { decodePng, encodePng } from "#codecs/png/index.ts";
import type { RgbaImage } from "#codecs/image/rgba-image.ts";
import { decodeJpeg, ImageLoadError } from "../image-common/decode-jpeg.ts";
import { sniffImage } from "#codecs/image/image-sniff.ts";
import { IMAGE_NOT_LOADED } from "../image-common/image-load-texts.ts";
import { readFileBytes } from "../image-common/read-file-bytes.ts";
import { defineWorker, type WorkerContext } from "../shared/worker-runtime.ts";
import { buildIco } from "#codecs/ico/ico-build.ts";
import { NO_SIZES_SELECTED, validSizes, type IcoRequest, type IcoResult } from "./ico-job.ts";

async function convert({ file, sizes: requested }: IcoRequest, { progress, transfer }: WorkerContext): Promise<IcoResult> {
  const sizes = validSizes(requested, ICO_SIZES);
  if (!sizes) throw new IcoError(NO_SIZES_SELECTED.description, "no-sizes");
  const bytes = await readFileBytes(file, "image");
  const source = await decodeSource(bytes);
  progress(0.5);
  const { ico, icons } = buildIco(source, sizes);
  progress(0.85);
  const previews = icons.map((icon) => encodePng(icon) as Uint8Array<ArrayBuffer>);
  const out = ico as Uint8Array<ArrayBuffer>;
  transfer(out.buffer, ...previews.map((p) => p.buffer));
  return { ico: out, sizes, previews, sourceWidth: source.width, sourceHeight: source.height };
}

export const api = defineWorker({ convert });

async function decodeSource(bytes: Uint8Array<ArrayBuffer>): Promise<RgbaImage> {
  const kind = sniffImage(bytes);
  if (kind === "png") return decodePng(bytes);
  if (kind === "jpeg") return decodeJpeg(bytes);
  throw new ImageLoadError(`${IMAGE_NOT_LOADED}: its content is neither PNG nor JPEG data.`, "wrong-format");
}
