// Reading the chosen file inside an image tool's worker, with a size limit and a clear message
// when the browser cannot read it (moved, deleted or changed since it was chosen).
import { ImageLoadError } from "./image-load-error.ts";
import { formatFileSize } from "../shared/file-names.ts";

/** Largest input the image tools read: a browser cannot hold much more in one array. */
export const MAX_IMAGE_FILE_BYTES = 2 ** 31;

export function checkFileSize(size: number, kind: string, limit = MAX_IMAGE_FILE_BYTES): void {
  if (size > limit) {
    throw new ImageLoadError(`This ${kind} file is ${formatFileSize(size)}; the browser can convert files up to ${formatFileSize(limit)}.`, "file-too-large");
  }
}

export async function readFileBytes(file: Blob, kind: string): Promise<Uint8Array<ArrayBuffer>> {
  checkFileSize(file.size, kind);
  try {
    return new Uint8Array(await file.arrayBuffer());
  } catch {
    throw new ImageLoadError("The file could not be read. It may have been moved or changed since you chose it; please choose it again.", "unreadable-file");
  }
}
