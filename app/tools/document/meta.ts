import { acceptRule } from "../shared/file-accept.ts";
import type { ToolMeta } from "../types.ts";

// The PDF converter (issue 15): PDF, DOCX, DOC, TXT, JPG and PNG to PDF, DOCX, TXT, JPG and PNG, by
// codecs/document/convert-document.ts in its worker (./document.worker.ts) and in `npm run convert`.

export const DOCUMENT_ACCEPT = acceptRule(["pdf", "doc", "docx", "txt", "jpg", "jpeg", "png"], {
  invalidDescription: "Please select a valid document or image file",
  noFileDescription: "Please select a document or image file to convert",
});

/** The packages the PDF converter's worker imports (through codecs/document). */
export const DOCUMENT_WORKER_PACKAGES = ["pdfjs-dist", "pdfmake/build/pdfmake.js", "mammoth", "docx", "htmlparser2", "pdf-lib", "fflate"];

export const tools: ToolMeta[] = [
  {
    slug: "pdf-converter",
    aliases: [],
    category: "Document",
    order: 1,
    kind: "file",
    accept: DOCUMENT_ACCEPT,
    page: "document/pdf-converter-tool.tsx",
    workerPackages: DOCUMENT_WORKER_PACKAGES,
    cli: {
      from: ["pdf", "docx", "doc", "txt", "png", "jpeg"],
      to: ["pdf", "docx", "txt", "png", "jpg", "jpeg"],
      fallback: true,
      options: ["--dpi 72-300 (page images, default 150)  --jpeg-quality 50-100 (default 90)", "--pages 1-3,5 (page images of a PDF; several are written as name-page-001.png...)  --password <text> (a password-protected PDF, DOCX or DOC)"],
    },
  },
];
