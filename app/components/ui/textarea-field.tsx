import type { TextareaHTMLAttributes } from "react";
import { CONTROL_CLASS, LabelledField } from "./labelled-field.tsx";

/** A labelled textarea with a hint or error line under it. */
export function TextareaField({
  label,
  error,
  hint,
  className,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string | undefined; hint?: string | undefined }) {
  return (
    <LabelledField label={label} error={error} hint={hint} className={className}>
      {(control) => <textarea {...control} className={CONTROL_CLASS} {...props} />}
    </LabelledField>
  );
}

/** A TextareaField for code (HTML, CSS, JavaScript): monospace, no spell-check. */
export function CodeField({ className = "", ...props }: Parameters<typeof TextareaField>[0]) {
  return <TextareaField spellCheck={false} className={`[&_textarea]:font-mono ${className}`} {...props} />;
}
