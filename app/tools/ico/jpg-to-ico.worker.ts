// JPG/PNG to ICO in a worker (codecs/ico/ico-build.ts), with a small PNG of each size for the preview.
import { ICO_SIZES } from "../../../codecs/ico/index.ts";
import { decodePng, encodePng } from "../../../codecs/png/index.ts";
import type { RgbaImage } from "../../../codecs/image/rgba-image.ts";
import { decodeJpeg, ImageLoadError } from "../image-common/decode-jpeg";
import { sniffImage } from "../../../codecs/image/image-sniff.ts";
import { IMAGE_NOT_LOADED } from "../image-common/image-load-texts";
import { readFileBytes } from "../image-common/read-file-bytes";
import { CodecError } from "../shared/codec-error";
import { serveJobs } from "../shared/worker-runtime";
import { buildIco } from "../../../codecs/ico/ico-build.ts";
import { NO_SIZES_SELECTED, validSizes, type IcoRequest, type IcoResult } from "./ico-job";

serveJobs<IcoRequest, IcoResult>(async ({ file, sizes: requested }, { progress }) => {
  const sizes = validSizes(requested, ICO_SIZES);
  if (!sizes) throw new CodecError(NO_SIZES_SELECTED.description);
  const bytes = await readFileBytes(file, "image");
  const source = await decodeSource(bytes);
  progress(0.5);
  const { ico, icons } = buildIco(source, sizes);
  progress(0.85);
  const previews = icons.map((icon) => encodePng(icon) as Uint8Array<ArrayBuffer>);
  const out = ico as Uint8Array<ArrayBuffer>;
  return {
    result: { ico: out, sizes, previews, sourceWidth: source.width, sourceHeight: source.height },
    transfer: [...new Set([out.buffer, ...previews.map((p) => p.buffer)])],
  };
});

async function decodeSource(bytes: Uint8Array<ArrayBuffer>): Promise<RgbaImage> {
  const kind = sniffImage(bytes);
  if (kind === "png") return decodePng(bytes);
  if (kind === "jpeg") return decodeJpeg(bytes);
  throw new ImageLoadError(`${IMAGE_NOT_LOADED}: its content is neither PNG nor JPEG data.`);
}
