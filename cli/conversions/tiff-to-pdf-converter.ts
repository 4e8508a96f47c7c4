// TIFF to PDF: every page, each sized from its resolution, with notes on what could not be kept.
import { basename } from "node:path";
import { tiffToPdf } from "#codecs/pdf/images-to-pdf.ts";
import { writeOutput } from "../convert-io.ts";
import type { ConversionHandler } from "../handler.ts";

export const convert: ConversionHandler = async ({ bytes, args }) => {
  const { pdf, pages, notes } = await tiffToPdf(bytes, { title: basename(args.input) });
  writeOutput(args.output, pdf);
  return `${args.output}: PDF with ${pages.length} page(s)${notes.map((note) => `\n  note: ${note}`).join("")}`;
};
