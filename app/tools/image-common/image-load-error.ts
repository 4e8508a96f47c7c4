// The image tools' own refusals, outside any one codec: a file the browser cannot read or decode,
// an image too large for it, a browser without the canvas the worker needs.
import { CodecFailure } from "#codecs/common/codec-failure.ts";

export type ImageLoadErrorCode =
  /** the browser could not read the chosen file (moved or changed since) */
  | "unreadable-file"
  /** the file is larger than a browser can hold */
  | "file-too-large"
  /** the content is not the format the tool reads (whatever the name says) */
  | "wrong-format"
  /** the data is damaged or a variant the decoder cannot read */
  | "damaged"
  /** zero width or height */
  | "empty-image"
  /** more pixels a side than the tools allow */
  | "too-large"
  /** the browser lacks what the worker needs (OffscreenCanvas, a decoder, canvas memory) */
  | "browser-unsupported";

/** A refusal with a message for the visitor. */
export class ImageLoadError extends CodecFailure<ImageLoadErrorCode> {
  override readonly name = "ImageLoadError";
}
