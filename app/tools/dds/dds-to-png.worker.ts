// DDS to PNG in a worker: the file's layout when it is chosen (`probe`), then the selected image or
// every image as PNG (./dds-convert.ts). The zip is gathered as Blob parts, so the browser, not
// this worker's heap, holds what is already written. Large images are decoded and compressed on a
// pool of nested workers (../shared/png-chunk-client.ts); cancelling terminates this worker, and
// its nested workers with it.
import { pngChunkPool } from "../shared/png-chunk-client.ts";
import { defineWorker, type WorkerContext } from "../shared/worker-runtime.ts";
import { convertAll, convertOne, probeDds } from "./dds-convert.ts";
import type { DdsConvertRequest, DdsConvertResult, DdsFileInfo, DdsProbeRequest } from "./dds-job.ts";
import { readFileBytes } from "../image-common/read-file-bytes.ts";

const PNG = "image/png";

async function probe({ file }: DdsProbeRequest): Promise<DdsFileInfo> {
  return probeDds(await readFileBytes(file, "DDS"));
}

async function convert(request: DdsConvertRequest, { progress }: WorkerContext): Promise<DdsConvertResult> {
  const bytes = await readFileBytes(request.file, "DDS");
  const options = { selection: request.selection, exposure: request.exposure, tonemap: request.tonemap };
  if (!request.all) {
    const one = await convertOne(bytes, options, progress, pngChunkPool(request.threads));
    return {
      output: new Blob(one.png as Uint8Array<ArrayBuffer>[], { type: PNG }),
      ...(one.preview.png ? { preview: new Blob([one.preview.png as Uint8Array<ArrayBuffer>], { type: PNG }) } : {}),
      width: one.width,
      height: one.height,
      previewWidth: one.preview.width,
      previewHeight: one.preview.height,
      images: 1,
    };
  }

  const parts: Blob[] = [];
  const all = await convertAll(bytes, request.baseName, options, (chunk) => parts.push(new Blob([chunk as Uint8Array<ArrayBuffer>])), progress, pngChunkPool(request.threads));
  const { selected } = all;
  return {
    output: new Blob(parts, { type: "application/zip" }),
    preview: new Blob((selected.preview.png ? [selected.preview.png] : selected.png) as Uint8Array<ArrayBuffer>[], { type: PNG }),
    width: selected.width,
    height: selected.height,
    previewWidth: selected.preview.width,
    previewHeight: selected.preview.height,
    images: all.images,
  };
}

export const api = defineWorker({ probe, convert });
