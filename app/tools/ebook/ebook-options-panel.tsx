// The ebook tools' options: the output (the EPUB converter only: the targets of the chosen book's
// kind), a new title and author (the book's own shown as placeholders), a new cover picture
// (shown as a thumbnail, removable), and for Kindle outputs the largest picture size.
import { ImagePlus, X } from "lucide-react";
import { useId, useMemo, useRef } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { isKindleTarget, KINDLE_IMAGE_SIZE_NAMES, KINDLE_IMAGE_SIZES, MAX_OVERRIDE_LENGTH, TARGET_LABELS, type EbookChoice, type EbookTarget } from "#codecs/ebook/ebook-options.ts";
import { ChoiceSelect, controlClass, hintClass, labelClass } from "../image-common/controls.tsx";
import type { EbookFacts } from "./ebook-job.ts";
import { BlobImage } from "./blob-image.tsx";

export interface EbookOptionsProps {
  choice: EbookChoice;
  onChoice: (choice: EbookChoice) => void;
  /** the outputs offered, or null when the tool has one fixed output */
  targets: readonly EbookTarget[] | null;
  /** the chosen book's facts, for the placeholders */
  facts: EbookFacts | null;
  cover: File | null;
  onCover: (cover: File | null) => void;
}

const COVER_ACCEPT = ".jpg,.jpeg,.png,image/jpeg,image/png";

export function EbookOptions({ choice, onChoice, targets, facts, cover, onCover }: EbookOptionsProps) {
  const set = <K extends keyof EbookChoice>(key: K, value: EbookChoice[K]) => onChoice({ ...choice, [key]: value });
  const titleId = useId();
  const authorId = useId();
  const coverId = useId();
  const coverHintId = useId();
  const coverInput = useRef<HTMLInputElement>(null);
  const sizes = useMemo(() => KINDLE_IMAGE_SIZE_NAMES.map((name) => ({ value: name, label: KINDLE_IMAGE_SIZES[name]?.label ?? "Original size (not scaled)" })), []);

  const removeCover = () => {
    onCover(null);
    if (coverInput.current) coverInput.current.value = "";
  };

  return (
    <div className="space-y-4" data-testid="ebook-options">
      <div className="grid gap-4 sm:grid-cols-2">
        {targets ? (
          <ChoiceSelect label="Output format" testId="ebook-target" value={choice.target} choices={targets.map((t) => ({ value: t, label: TARGET_LABELS[t] }))} onChange={(v) => set("target", v)} />
        ) : null}
        {isKindleTarget(choice.target) ? (
          <ChoiceSelect
            label="Kindle picture size"
            testId="ebook-kindle-size"
            value={choice.kindleImageSize}
            choices={sizes}
            onChange={(v) => set("kindleImageSize", v)}
            hint="Larger pictures are scaled down to fit this screen."
          />
        ) : null}
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={titleId} className={labelClass}>
            Title
          </label>
          <input
            id={titleId}
            type="text"
            maxLength={MAX_OVERRIDE_LENGTH}
            placeholder={facts?.title || "The book's own title"}
            value={choice.title ?? ""}
            onChange={(e) => set("title", e.target.value)}
            className={controlClass}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={authorId} className={labelClass}>
            Author
          </label>
          <input
            id={authorId}
            type="text"
            maxLength={MAX_OVERRIDE_LENGTH}
            placeholder={facts && facts.authors.length > 0 ? facts.authors.join(" & ") : "The book's own author"}
            value={choice.author ?? ""}
            onChange={(e) => set("author", e.target.value)}
            className={controlClass}
          />
        </div>
      </div>
      <p className={hintClass}>Leave the title and author empty to keep the book&apos;s own. Separate several authors with &amp;.</p>

      <div className="flex min-w-0 flex-col gap-1.5">
        <span className={labelClass}>
          Cover
        </span>
        {cover ? (
          <div className="flex items-center gap-3 rounded-lg bg-slate-50 p-2 dark:bg-slate-800" data-testid="ebook-new-cover">
            <BlobImage blob={cover} alt="The new cover" className="h-20 w-auto max-w-16 rounded border border-slate-200 object-contain dark:border-slate-700" />
            <p className="min-w-0 flex-1 text-sm">
              <span className="block font-medium break-all">{cover.name}</span>
              <span className={hintClass}>Replaces the book&apos;s cover.</span>
            </p>
            <Button variant="ghost" className="shrink-0 px-2 dark:text-slate-300 dark:hover:bg-slate-700" aria-label="Remove the new cover" onClick={removeCover}>
              <X className="h-4 w-4" aria-hidden="true" />
            </Button>
          </div>
        ) : null}
        <div className={cover ? "sr-only" : "flex items-center gap-2"}>
          <ImagePlus className="h-5 w-5 shrink-0 text-brand-600" aria-hidden="true" />
          <label htmlFor={coverId} className="sr-only">
            New cover picture
          </label>
          <input
            ref={coverInput}
            id={coverId}
            type="file"
            accept={COVER_ACCEPT}
            aria-describedby={coverHintId}
            data-testid="ebook-cover-input"
            onChange={(e) => onCover(e.target.files?.[0] ?? null)}
            className="min-w-0 text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium dark:text-slate-300 dark:file:border-slate-700 dark:file:bg-slate-900 dark:file:text-slate-100"
          />
        </div>
        <span id={coverHintId} className={cover ? "sr-only" : hintClass}>
          Optional: a JPG or PNG picture to use as the cover instead of the book&apos;s.
        </span>
      </div>
    </div>
  );
}
