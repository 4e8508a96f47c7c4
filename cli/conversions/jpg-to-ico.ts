// PNG or JPEG to ICO: --sizes.
import { buildIco } from "#codecs/ico/ico-build.ts";
import { writeOutput } from "../convert-io.ts";
import { decodeImage, imageKind } from "../decode-image.ts";
import type { ConversionHandler } from "../handler.ts";

export const convert: ConversionHandler = ({ bytes, kind, args }) => {
  const { ico, icons } = buildIco(decodeImage(imageKind(kind), bytes), args.sizes);
  writeOutput(args.output, ico);
  return `${args.output}: ICO file created with ${icons.length} size(s)`;
};
