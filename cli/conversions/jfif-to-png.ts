// JPEG (JFIF, EXIF...) to PNG, upright as its EXIF Orientation says; large images are compressed on
// worker threads (../png-pool.ts).
import { writeOutput } from "../convert-io.ts";
import { decodeJpeg } from "../decode-image.ts";
import type { ConversionHandler } from "../handler.ts";
import { encodePngThreads } from "../png-pool.ts";

export const convert: ConversionHandler = async ({ bytes, args }) => {
  writeOutput(args.output, await encodePngThreads(decodeJpeg(bytes)));
  return `${args.output}: PNG`;
};
