// The chosen book as the worker read it: a spinner while reading, the reason when it cannot be
// converted (DRM, damaged), else its cover as a thumbnail beside the labelled facts.
import { BookOpen } from "lucide-react";
import { useMemo } from "react";
import { describeEbook } from "#codecs/ebook/describe-ebook.ts";
import { formatFileSize } from "../shared/file-names.ts";
import { ProbeStatus } from "../shared/probe-status.tsx";
import type { FileProbe } from "../shared/use-file-probe.ts";
import type { EbookFacts } from "./ebook-job.ts";
import { BlobImage } from "./blob-image.tsx";

export const EBOOK_INFO_TEST_ID = "ebook-info";

const factLines = (facts: EbookFacts) => describeEbook(facts, formatFileSize);

export function EbookFactsPanel({ probe }: { probe: FileProbe<EbookFacts> }) {
  const facts = probe.kind === "ready" ? probe.result : null;
  const cover = useMemo(() => (facts?.cover ? new Blob([facts.cover.bytes as Uint8Array<ArrayBuffer>], { type: facts.cover.mediaType }) : null), [facts]);
  if (!facts) return <ProbeStatus probe={probe} facts={factLines} icon={BookOpen} testId={EBOOK_INFO_TEST_ID} />;
  return (
    <div className="flex gap-4 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800" data-testid={EBOOK_INFO_TEST_ID}>
      {cover ? (
        <BlobImage blob={cover} alt="The book's cover" data-testid="ebook-cover" className="h-32 w-auto max-w-24 shrink-0 self-start rounded border border-slate-200 object-contain sm:h-40 sm:max-w-32 dark:border-slate-700" />
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 font-medium">
          <BookOpen className="h-4 w-4 shrink-0 text-brand-600" aria-hidden="true" /> <span className="min-w-0 break-all">What {probe.kind === "ready" ? probe.file.name : "the file"} holds</span>
        </p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5">
          {factLines(facts).map(({ label, value }) => (
            <div key={label} className="contents">
              <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
              <dd className="min-w-0 break-words text-slate-800 dark:text-slate-200">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
