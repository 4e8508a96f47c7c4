// The PDF converter's options: the output (only the targets the chosen file's kind converts to),
// and for page images their resolution, JPEG quality and page range; a password field for a locked PDF, DOCX or DOC.
import { useId } from "react";
import { DPI, TARGET_LABELS, type DocumentChoice, type DocumentTarget } from "#codecs/document/document-options.ts";
import { ChoiceSelect, controlClass, hintClass, labelClass } from "../image-common/controls.tsx";
import { JPEG_QUALITIES } from "./presets.ts";

export interface DocumentOptionsProps {
  choice: DocumentChoice;
  onChoice: (choice: DocumentChoice) => void;
  /** the targets the chosen file converts to */
  targets: readonly DocumentTarget[];
  /** the file is a PDF (page range applies) */
  fromPdf: boolean;
  /** the PDF asks for a password */
  needsPassword: boolean;
}

export function DocumentOptions({ choice, onChoice, targets, fromPdf, needsPassword }: DocumentOptionsProps) {
  const set = <K extends keyof DocumentChoice>(key: K, value: DocumentChoice[K]) => onChoice({ ...choice, [key]: value });
  const pagesId = useId();
  const pagesHintId = useId();
  const passwordId = useId();
  const pageImages = choice.target === "png" || choice.target === "jpg";

  return (
    <div className="space-y-4" data-testid="document-options">
      <div className="grid gap-4 sm:grid-cols-2">
        <ChoiceSelect label="Output format" testId="document-target" value={choice.target} choices={targets.map((t) => ({ value: t, label: TARGET_LABELS[t] }))} onChange={(v) => set("target", v)} />
        {pageImages && fromPdf ? (
          <ChoiceSelect label="Resolution" value={choice.dpi} choices={DPI.offered.map((d) => ({ value: d, label: `${d} DPI` }))} onChange={(v) => set("dpi", v)} />
        ) : null}
        {choice.target === "jpg" ? (
          <ChoiceSelect
            label="JPEG quality"
            value={choice.jpegQuality}
            choices={JPEG_QUALITIES.map((q) => ({ value: q, label: String(q) }))}
            onChange={(v) => set("jpegQuality", v)}
          />
        ) : null}
        {pageImages && fromPdf ? (
          <div className="flex min-w-0 flex-col gap-1.5">
            <label htmlFor={pagesId} className={labelClass}>
              Pages
            </label>
            <input id={pagesId} type="text" inputMode="numeric" placeholder="All pages" value={choice.pages} aria-describedby={pagesHintId} onChange={(e) => set("pages", e.target.value)} className={controlClass} />
            <span id={pagesHintId} className={hintClass}>
              For example 1-3, 5. One page gives one image; several give a ZIP.
            </span>
          </div>
        ) : null}
        {needsPassword ? (
          <div className="flex min-w-0 flex-col gap-1.5">
            <label htmlFor={passwordId} className={labelClass}>
              Password
            </label>
            <input id={passwordId} type="password" autoComplete="off" value={choice.password ?? ""} onChange={(e) => set("password", e.target.value)} className={controlClass} />
            <span className={hintClass}>Used on this device only, to open the file.</span>
          </div>
        ) : null}
      </div>
    </div>
  );
}
