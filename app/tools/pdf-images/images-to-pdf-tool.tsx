// The page of both PDF-from-images tools: TIFF to PDF (every page of the TIFF) and PSB to PDF (the
// composite image of a Photoshop large document). The work runs in ./images-to-pdf.worker.ts.
// Several files make several PDFs, one per input (every page of a TIFF stays in its one PDF); the
// page list and the notes on what could not be kept (ConversionNotes) under the result are the last
// conversion's.
import { FileText } from "lucide-react";
import { useState } from "react";
import type { PdfPageInfo } from "#codecs/pdf/image-pdf.ts";
import { ConversionNotes } from "../shared/conversion-notes.tsx";
import type { FileAccept } from "../shared/file-accept.ts";
import { FileToolFrame, outputFileName, type ConvertFunction } from "../shared/file-tool-frame.tsx";
import { imagesToPdfClient } from "./images-to-pdf-client.ts";
import type { ImagesToPdfSource } from "./protocol.ts";
import { pageLine, pdfSummary } from "./summary.ts";

const MAX_LISTED_PAGES = 50;

export interface ImagesToPdfToolProps {
  source: ImagesToPdfSource;
  accept: FileAccept;
  /** 'TIFF converted to PDF' */
  successDescription: string;
  /** a line under the drop zone saying what the tool makes */
  explanation: string;
}

export function ImagesToPdfTool({ source, accept, successDescription, explanation }: ImagesToPdfToolProps) {
  const [pages, setPages] = useState<PdfPageInfo[]>([]);
  const [notes, setNotes] = useState<string[]>([]);

  const convert: ConvertFunction = async (file, { signal, onProgress }) => {
    const { pdf, pages: made, notes: lost } = await imagesToPdfClient.convert({ file, source, title: file.name }, { signal, onProgress });
    setPages(made);
    setNotes(lost);
    return {
      blob: new Blob([pdf as Uint8Array<ArrayBuffer>], { type: "application/pdf" }),
      fileName: outputFileName(file.name, "pdf"),
      summary: pdfSummary(made),
    };
  };

  return (
    <div>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">{explanation}</p>
      <FileToolFrame
        accept={accept}
        convert={convert}
        convertLabel="Convert to PDF"
        downloadLabel="Download PDF"
        successTitle="Conversion successful"
        successDescription={successDescription}
        renderPreview={() => (
          <div className="space-y-3">
            {pages.length > 0 ? (
              <details className="text-sm" open={pages.length <= 5}>
                <summary className="cursor-pointer font-medium">
                  <FileText className="mr-1 inline h-4 w-4 align-text-bottom" aria-hidden="true" />
                  {pages.length === 1 ? "The page" : `The ${pages.length} pages`}
                </summary>
                <ol className="mt-2 space-y-1 text-slate-600 dark:text-slate-400" data-testid="pdf-pages">
                  {pages.slice(0, MAX_LISTED_PAGES).map((page, i) => {
                    const line = pageLine(page, i);
                    return (
                      <li key={line} className="break-words">
                        {line}
                      </li>
                    );
                  })}
                </ol>
                {pages.length > MAX_LISTED_PAGES ? <p className="mt-1 text-slate-500">… and {pages.length - MAX_LISTED_PAGES} more.</p> : null}
              </details>
            ) : null}
            <ConversionNotes notes={notes} testId="pdf-images-notes" />
          </div>
        )}
      />
    </div>
  );
}
