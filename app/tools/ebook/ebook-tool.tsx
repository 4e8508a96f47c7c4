// The four ebook tools' page (issue 16). Choosing a book shows what it holds (cover, title, author,
// language, chapters) or why it cannot be converted (DRM, damaged); the EPUB converter then offers
// the outputs of that kind, the three others have one fixed output. The visitor may give a new
// title, author and cover, and for Kindle outputs a picture size. The conversion runs in a worker
// (./ebook.worker.ts) with real progress: the reading, then the chapters written.
import { useEffect, useMemo, useState } from "react";
import { EBOOK_DEFAULTS, TARGETS_BY_KIND, TARGET_LABELS, checkEbookChoice, type EbookChoice, type EbookTarget } from "#codecs/ebook/ebook-options.ts";
import { ConversionNotes } from "../shared/conversion-notes.tsx";
import { FileToolFrame, type ConvertFunction } from "../shared/file-tool-frame.tsx";
import { PresetsBar } from "../shared/presets-bar.tsx";
import { useFileProbe } from "../shared/use-file-probe.ts";
import { useUrlOptions } from "../shared/use-url-options.ts";
import type { ToolComponentProps } from "../types.ts";
import { ebookClient } from "./ebook-client.ts";
import { EbookFactsPanel } from "./ebook-facts-panel.tsx";
import type { EbookConvertResult, EbookFacts } from "./ebook-job.ts";
import { EbookOptions } from "./ebook-options-panel.tsx";
import { AUTO_TARGET, ebookOptionSchema, ebookPresets } from "./presets.ts";

export default function EbookTool({ slug, meta }: ToolComponentProps) {
  const accept = meta.accept;
  const fixedTarget = meta.ebookTarget;
  const schema = useMemo(() => ebookOptionSchema(fixedTarget), [fixedTarget]);
  // the output and the Kindle picture size travel in the URL; the title and author are this book's own
  const urlOptions = useUrlOptions(schema);
  const [own, setOwn] = useState<Pick<EbookChoice, "title" | "author">>({});
  // the EPUB converter's output the visitor (or a link) picked; until then each book gets its kind's usual one
  const picked: EbookTarget | null = urlOptions.values.target === undefined || urlOptions.values.target === AUTO_TARGET ? null : urlOptions.values.target;
  const choice: EbookChoice = { ...EBOOK_DEFAULTS, target: fixedTarget ?? TARGETS_BY_KIND.epub[0]!, kindleImageSize: urlOptions.values.kindleSize ?? EBOOK_DEFAULTS.kindleImageSize, ...own };
  const [cover, setCover] = useState<File | null>(null);
  const [lastResult, setLastResult] = useState<EbookConvertResult | null>(null);
  const { probe, choose, unconvertible } = useFileProbe<EbookFacts>((file, { signal }) => ebookClient.probe({ file }, { signal }), "The book could not be read.");
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
    if (next.target !== target) urlOptions.set({ target: next.target });
    if (next.kindleImageSize !== choice.kindleImageSize) urlOptions.set({ kindleSize: next.kindleImageSize });
    setOwn({ title: next.title, author: next.author });
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
      {Object.keys(schema).length > 0 ? <PresetsBar slug={slug} options={urlOptions} builtIn={ebookPresets(fixedTarget)} /> : null}
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
      unconvertible={unconvertible}
      renderPreview={() => (
        <div data-testid="ebook-result" className="space-y-3">
          <ConversionNotes notes={lastResult?.notes ?? []} testId="ebook-notes" />
        </div>
      )}
    />
  );
}
