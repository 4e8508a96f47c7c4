import { acceptRule, type FileAccept } from "../shared/file-accept.ts";
import type { ToolMeta } from "../types.ts";

// The ebook tools (issue 16): one page (./ebook-tool.tsx) and one worker (./ebook.worker.ts) for the
// four slugs, running codecs/ebook/convert-ebook.ts; `npm run convert` runs the same pipeline.

export const EPUB_ACCEPT = acceptRule(["epub"], { invalidDescription: "Please select an EPUB file", noFileDescription: "Please select an EPUB file to convert" });

/** The spec's rule: .fb2 only (a zipped .fb2.zip converts in the EPUB converter, which reads it). */
export const FB2_ACCEPT = acceptRule(["fb2"], { invalidDescription: "Please select an FB2 file", noFileDescription: "Please select an FB2 file to convert" });

export const ANY_EBOOK_ACCEPT = acceptRule(["epub", "fb2", "fb2.zip", "mobi", "azw3", "azw", "prc", "pdb"], {
  invalidDescription: "Please select an EPUB, FB2, MOBI or AZW3 file",
  noFileDescription: "Please select an ebook to convert",
});

/** The packages the ebook worker imports (through codecs/ebook, and codecs/document for PDF and DOCX). */
export const EBOOK_WORKER_PACKAGES = ["fflate", "fast-xml-parser", "htmlparser2", "pdfmake/build/pdfmake.js", "docx"];

const ebook = (slug: string, accept: FileAccept, extra: Partial<ToolMeta> = {}): Omit<ToolMeta, "order"> => ({
  slug,
  aliases: [],
  category: "Ebook",
  kind: "file",
  accept,
  page: "ebook/ebook-tool.tsx",
  workerPackages: EBOOK_WORKER_PACKAGES,
  ...extra,
});

const EBOOK_TOOLS: Omit<ToolMeta, "order">[] = [
  ebook("epub-converter", ANY_EBOOK_ACCEPT, {
    cli: {
      from: ["epub", "fb2", "mobi", "azw3"],
      to: ["epub", "azw3", "mobi", "fb2", "pdf", "docx", "txt", "html"],
      options: ["--title <text>  --author <text> (\"A & B\" for several)  --cover <picture.jpg|png>", "--kindle-images kindle|paperwhite|oasis|original (AZW3/MOBI pictures, default paperwhite)"],
    },
  }),
  // the others make one output each
  ebook("epub-to-azw3-converter", EPUB_ACCEPT, { ebookTarget: "azw3" }),
  ebook("epub-to-mobi-converter", EPUB_ACCEPT, { ebookTarget: "mobi" }),
  ebook("fb2-to-epub-converter", FB2_ACCEPT, { ebookTarget: "epub" }),
];

/** The catalogue lists them in this order. */
export const tools: ToolMeta[] = EBOOK_TOOLS.map((tool, i) => ({ ...tool, order: i + 1 }));
