// PSB (or PSD) to PDF: the composite image on one page.
import { basename } from "node:path";
import { psbToPdf } from "#codecs/pdf/images-to-pdf.ts";
import { writeOutput } from "../convert-io.ts";
import type { ConversionHandler } from "../handler.ts";

export const convert: ConversionHandler = async ({ bytes, args }) => {
  const { pdf, pages } = await psbToPdf(bytes, { title: basename(args.input) });
  writeOutput(args.output, pdf);
  return `${args.output}: PDF with ${pages.length} page(s)`;
};
