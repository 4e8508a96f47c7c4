// The ebook converter (issue 16) from the command line: EPUB, FB2 (or .fb2.zip), MOBI and AZW3 to
// every ebook target, by the pipeline the ebook pages' worker runs, with the fonts from node_modules
// for PDF output. Named after the EPUB converter, the tool whose page offers every direction.
import { basename } from "node:path";
import { nodePdfFallbackFonts, nodePdfFonts } from "#codecs/document/pdf-fonts-node.ts";
import { convertEbook, type EbookEngines } from "#codecs/ebook/convert-ebook.ts";
import { EBOOK_DEFAULTS, TARGET_LABELS, type EbookChoice, type EbookTarget } from "#codecs/ebook/ebook-options.ts";
import { readInput, writeOutput } from "../convert-io.ts";
import type { ConversionHandler } from "../handler.ts";

const engines: EbookEngines = { fonts: nodePdfFonts, fallbackFonts: nodePdfFallbackFonts };

export const convert: ConversionHandler = async ({ bytes, kind, args }) => {
  const target = (args.output.toLowerCase().split(".").pop() ?? "") as EbookTarget;
  const { title, author, cover, kindleImageSize } = args.ebook;
  const choice: EbookChoice = { target, kindleImageSize: kindleImageSize ?? EBOOK_DEFAULTS.kindleImageSize, ...(title === undefined ? {} : { title }), ...(author === undefined ? {} : { author }) };
  const replacement = cover === null ? undefined : { bytes: readInput(cover), name: basename(cover) };
  // the pipeline takes a zip named .zip for a zipped FB2: an EPUB the CLI found by its content is named so
  const name = basename(args.input);
  const named = kind === "epub" && !/\.epub$/i.test(name) ? `${name}.epub` : name;
  const output = await convertEbook({ bytes, name: named }, choice, engines, replacement ? { cover: replacement } : {});
  writeOutput(args.output, output.bytes);
  const notes = output.notes.map((note) => `\n  note: ${note}`).join("");
  return `${args.output}: ${TARGET_LABELS[target]}, ${output.chapterCount} chapter${output.chapterCount === 1 ? "" : "s"}, ${output.bytes.length} bytes${notes}`;
};
