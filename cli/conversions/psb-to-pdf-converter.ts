// PSB (or PSD) to PDF: the picture on one page (the composite image, or the layers drawn when the
// file has none), with notes on what could not be kept.
import { basename } from "node:path";
import { psbToPdf } from "#codecs/pdf/images-to-pdf.ts";
import { writeOutput } from "../convert-io.ts";
import type { ConversionHandler } from "../handler.ts";

export const convert: ConversionHandler = async ({ bytes, args }) => {
  const { pdf, pages, notes } = await psbToPdf(bytes, { title: basename(args.input) });
  writeOutput(args.output, pdf);
  return `${args.output}: PDF with ${pages.length} page(s)${notes.map((note) => `\n  note: ${note}`).join("")}`;
};
