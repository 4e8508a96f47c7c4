// The PDF converter's page (issue 15): choosing a file shows what it is (kind, pages, title, a
// password lock, a scan without text) and offers only the outputs that kind converts to. The
// conversion runs in a worker (./document.worker.ts) with real progress (pages or blocks done).
import { FileText } from "lucide-react";
import { useState } from "react";
import { CodecFailure } from "#codecs/common/codec-failure.ts";
import { describeDocument } from "#codecs/document/describe-document.ts";
import { checkDocumentChoice, DOCUMENT_DEFAULTS, DOCUMENT_TARGETS, TARGET_LABELS, TARGETS_BY_KIND, type DocumentChoice } from "#codecs/document/document-options.ts";
import { ConversionNotes } from "../shared/conversion-notes.tsx";
import { FileToolFrame, outputFileName, type CombineFunction, type ConvertFunction } from "../shared/file-tool-frame.tsx";
import { PresetsBar } from "../shared/presets-bar.tsx";
import { ProbeStatus } from "../shared/probe-status.tsx";
import { useFileProbe } from "../shared/use-file-probe.ts";
import { useUrlOptions } from "../shared/use-url-options.ts";
import type { ToolComponentProps } from "../types.ts";
import { documentClient } from "./document-client.ts";
import type { DocumentConvertResult, DocumentFacts } from "./document-job.ts";
import { DocumentOptions } from "./document-options-panel.tsx";
import { DOCUMENT_OPTIONS, DOCUMENT_PRESETS } from "./presets.ts";

const IMAGE_NAME = /\.(jpe?g|png)$/i;

const asksForPassword = (error: unknown) => error instanceof CodecFailure && (error.code === "password-required" || error.code === "wrong-password");

export default function PdfConverterTool({ slug, meta }: ToolComponentProps) {
  const accept = meta.accept;
  // the output, resolution and quality travel in the URL; the page range and password are this file's own
  const urlOptions = useUrlOptions(DOCUMENT_OPTIONS);
  const [own, setOwn] = useState<Pick<DocumentChoice, "pages" | "password">>({ pages: DOCUMENT_DEFAULTS.pages });
  const choice: DocumentChoice = { ...DOCUMENT_DEFAULTS, ...urlOptions.values, ...own };
  const setChoice = ({ target, dpi, jpegQuality, pages, password }: DocumentChoice) => {
    urlOptions.set({ target, dpi, jpegQuality });
    setOwn({ pages, password });
  };
  const [passwordAsked, setPasswordAsked] = useState(false);
  const [lastResult, setLastResult] = useState<DocumentConvertResult | null>(null);
  const { probe, choose, unconvertible } = useFileProbe<DocumentFacts>((file, { signal }) => documentClient.probe({ file }, { signal }), "The file could not be read.");
  if (!accept) throw new Error(`The document tool "${slug}" has no accept rule.`);

  const facts = probe.kind === "ready" ? probe.result : null;
  const targets = facts ? TARGETS_BY_KIND[facts.kind] : DOCUMENT_TARGETS;
  // a target the chosen file cannot reach falls back to its usual one
  const target = targets.includes(choice.target) ? choice.target : targets[0]!;
  const label = TARGET_LABELS[target];

  const onFileChange = (file: File | null) => {
    setLastResult(null);
    setPasswordAsked(false);
    choose(file);
  };

  const convert: ConvertFunction = async (file, { signal, onProgress }) => {
    const checked = checkDocumentChoice({ ...choice, target });
    let result: DocumentConvertResult;
    try {
      result = await documentClient.convert({ file, choice: checked }, { signal, onProgress });
    } catch (error) {
      if (asksForPassword(error)) setPasswordAsked(true);
      throw error;
    }
    setLastResult(result);
    return {
      blob: result.output,
      fileName: outputFileName(file.name, result.extension),
      summary: result.summary,
      ...(result.preview ? { previewUrl: URL.createObjectURL(result.preview) } : {}),
      ...(result.pages.length > 1 ? { files: result.pages } : {}),
    };
  };

  const combine: CombineFunction = async (files, { signal, onProgress }) => {
    const result = await documentClient.combine({ files }, { signal, onProgress });
    setLastResult(result);
    return { blob: result.output, fileName: "images.pdf", summary: result.summary };
  };

  const options = (
    <div className="space-y-5">
      <ProbeStatus probe={probe} facts={describeDocument} icon={FileText} testId="document-info" />
      <PresetsBar slug={slug} options={urlOptions} builtIn={DOCUMENT_PRESETS} />
      <DocumentOptions
        choice={{ ...choice, target }}
        onChoice={setChoice}
        targets={targets}
        fromPdf={facts === null || facts.kind === "pdf" || facts.kind === "docx" || facts.kind === "doc"}
        needsPassword={passwordAsked || facts?.encrypted === true}
      />
    </div>
  );

  return (
    <FileToolFrame
      accept={accept}
      convert={convert}
      options={options}
      convertLabel={`Convert to ${label}`}
      successTitle="Conversion successful"
      successDescription={`Document converted to ${label}`}
      failureDescription="Unable to convert file"
      onFileChange={onFileChange}
      unconvertible={unconvertible}
      combine={{ label: "Put all the images in one PDF, in this order", convert: combine, available: (files) => files.every((file) => IMAGE_NAME.test(file.name)) }}
      renderPreview={(shown) => (
        <div data-testid="document-result" className="space-y-3">
          {shown.previewUrl ? <img src={shown.previewUrl} alt="The first page of the result" className="max-h-96 w-auto max-w-full rounded border border-slate-200 dark:border-slate-700" /> : null}
          {lastResult?.textPreview ? (
            <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-3 text-xs dark:bg-slate-800">{lastResult.textPreview}</pre>
          ) : null}
          <ConversionNotes notes={lastResult?.notes ?? []} testId="document-notes" />
        </div>
      )}
    />
  );
}
