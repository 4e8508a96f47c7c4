// The four ebook tools' page (issue 16). Choosing a book shows what it holds (cover, title, author,
// language, chapters) or why it cannot be converted (DRM, damaged); the EPUB converter then offers
// the outputs of that kind, the three others have one fixed output. The visitor may give a new
// title, author and cover, and for Kindle outputs a picture size. The conversion runs in a worker
// (./ebook.worker.ts) with real progress: the reading, then the chapters written.
import { useEffect, useState } from "react";
import { EBOOK_DEFAULTS, TARGETS_BY_KIND, TARGET_LABELS, checkEbookChoice, type EbookChoice, type EbookTarget } from "#codecs/ebook/ebook-options.ts";
import { ConversionNotes } from "../shared/conversion-notes.tsx";
import { FileToolFrame, type ConvertFunction } from "../shared/file-tool-frame.tsx";
import { useFileProbe } from "../shared/use-file-probe.ts";
import type { ToolComponentProps } from "../types.ts";
import { ebookClient } from "./ebook-client.ts";
import { EbookFactsPanel } from "./ebook-facts-panel.tsx";
import type { EbookConvertResult, EbookFacts } from "./ebook-job.ts";
import { EbookOptions } from "./ebook-options-panel.tsx";

export default function EbookTool({ slug, meta }: ToolComponentProps) {
  const accept = meta.accept;
  const fixedTarget = meta.ebookTarget;
  const [choice, setChoice] = useState<EbookChoice>({ ...EBOOK_DEFAULTS, target: fixedTarget ?? TARGETS_BY_KIND.epub[0]! });
  // the EPUB converter's output the visitor picked; until then each book gets its kind's usual one
  const [picked, setPicked] = useState<EbookTarget | null>(null);
  const [cover, setCover] = useState<File | null>(null);
  const [lastResult, setLastResult] = useState<EbookConvertResult | null>(null);
  const { probe, choose } = useFileProbe<EbookFacts>((file, { signal }) => ebookClient.probe({ file }, { signal }), "The book could not be read.");
  if (!accept) throw new Error(`The ebook tool "${slug}" has no accept rule.`);

  const facts = probe.kind === "ready" ? probe.result : null;
  // the EPUB converter offers what the chosen book's kind converts to; a target it cannot reach
  // falls back to the kind's usual one (an FB2 to EPUB, an EPUB to AZW3)
  const targets = fixedTarget ? null : TARGETS_BY_KIND[facts?.kind ?? "epub"];
  const target: EbookTarget = fixedTarget ?? (picked !== null && targets!.includes(picked) ? picked : targets![0]!);
  const label = TARGET_LABELS[target];
  const kind = facts?.kind;

  // the book read, or another output picked: load the reader and writer while the visitor looks
  useEffect(() => {
    if (kind && kind !== target) ebookClient.warm({ kind, target }).catch(() => {});
  }, [kind, target]);

  const onChoice = (next: EbookChoice) => {
    if (next.target !== target) setPicked(next.target);
    setChoice(next);
  };

  const onFileChange = (file: File | null) => {
    setLastResult(null);
    choose(file);
  };

  const convert: ConvertFunction = async (file, { signal, onProgress }) => {
    const checked = checkEbookChoice({ ...choice, target });
    const result = await ebookClient.convert({ file, choice: checked, cover }, { signal, onProgress });
    setLastResult(result);
    return { blob: result.output, fileName: result.fileName, summary: result.summary };
  };

  const options = (
    <div className="space-y-5">
      <EbookFactsPanel probe={probe} />
      <EbookOptions choice={{ ...choice, target }} onChoice={onChoice} targets={targets} facts={facts} cover={cover} onCover={setCover} />
    </div>
  );

  return (
    <FileToolFrame
      accept={accept}
      convert={convert}
      options={options}
      convertLabel={`Convert to ${label}`}
      busyLabel={`Converting to ${label}...`}
      successTitle="Conversion successful"
      successDescription={`Book converted to ${label}`}
      failureDescription="Unable to convert file"
      onFileChange={onFileChange}
      renderPreview={() => (
        <div data-testid="ebook-result" className="space-y-3">
          <ConversionNotes notes={lastResult?.notes ?? []} testId="ebook-notes" />
        </div>
      )}
    />
  );
}
