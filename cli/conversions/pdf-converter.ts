// The PDF converter (issue 15) from the command line: the browser tool's pipeline, with pdf.js's
// legacy build, @napi-rs/canvas and the fonts from node_modules. Several page images are written
// beside the output name: "report.png" → report-page-1.png, report-page-2.png...
import { dirname, join } from "node:path";
import { convertDocument, type DocumentEngines } from "#codecs/document/convert-document.ts";
import type { DocumentTarget } from "#codecs/document/document-options.ts";
import { nodePdfFallbackFonts, nodePdfFonts } from "#codecs/document/pdf-fonts-node.ts";
import { nodePdfjs, nodePdfjsText } from "#codecs/document/pdfjs-node.ts";
import { nodeCanvas } from "#codecs/document/render-pdf-node.ts";
import { writeOutput } from "../convert-io.ts";
import { nodePdfTextHelpers } from "../pdf-text-pool.ts";
import type { ConversionHandler } from "../handler.ts";

const engines: DocumentEngines = { pdfjs: nodePdfjs, canvas: async () => nodeCanvas, fonts: nodePdfFonts, fallbackFonts: nodePdfFallbackFonts };
/** PDF → TXT and DOCX draw nothing: pdf.js without its canvas addon (a quarter second less to start) */
const readingEngines: DocumentEngines = { ...engines, pdfjs: nodePdfjsText, pdfTextHelpers: () => nodePdfTextHelpers() };

export const convert: ConversionHandler = async ({ bytes, kind, args }) => {
  const extension = args.output.toLowerCase().split(".").pop() ?? "";
  const target = (extension === "jpeg" ? "jpg" : extension) as DocumentTarget;
  // the CLI has already told text by its content: a text file reads as one whatever its name
  const name = kind === "txt" && !/\.txt$/i.test(args.input) ? `${args.input}.txt` : args.input;
  const output = await convertDocument({ bytes, name }, { ...args.document, target }, target === "txt" || target === "docx" ? readingEngines : engines);
  const notes = output.notes.map((note) => `\n  note: ${note}`).join("");
  if (output.files.length === 1) {
    writeOutput(args.output, output.files[0]!.bytes);
    return `${args.output}: ${output.pageCount ? `${output.pageCount} page(s)` : target.toUpperCase()}${notes}`;
  }
  const base = args.output.slice(args.output.lastIndexOf("/") + 1).replace(/\.[^.]+$/, "");
  const written = output.files.map((file) => {
    // the pipeline names pages after the input; here they follow the output's name
    const path = join(dirname(args.output), file.name.replace(/^.*(-page-\d+\.\w+)$/, `${base}$1`));
    writeOutput(path, file.bytes);
    return path;
  });
  return `${written.length} page images: ${written[0]} ... ${written.at(-1)}${notes}`;
};
