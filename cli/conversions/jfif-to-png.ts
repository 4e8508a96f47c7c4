// JPEG (JFIF, EXIF...) to PNG, upright as its EXIF Orientation says.
import { encodePng } from "#codecs/png/index.ts";
import { writeOutput } from "../convert-io.ts";
import { decodeJpeg } from "../decode-image.ts";
import type { ConversionHandler } from "../handler.ts";

export const convert: ConversionHandler = ({ bytes, args }) => {
  writeOutput(args.output, encodePng(decodeJpeg(bytes)));
  return `${args.output}: PNG`;
};
