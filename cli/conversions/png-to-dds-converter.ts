// PNG or JPEG to DDS: --format, --quality, --mips.
import { encodeDds } from "#codecs/dds/index.ts";
import { writeOutput } from "../convert-io.ts";
import { decodeImage, imageKind } from "../decode-image.ts";
import type { ConversionHandler } from "../handler.ts";

export const convert: ConversionHandler = ({ bytes, kind, args }) => {
  const dds = encodeDds(decodeImage(imageKind(kind), bytes), { format: args.format, quality: args.quality, mipmaps: args.mips });
  writeOutput(args.output, dds);
  return `${args.output}: ${args.format.toUpperCase()} DDS${args.mips ? " with mipmaps" : ""}`;
};
