import type { InputHTMLAttributes } from "react";
import { CONTROL_CLASS, LabelledField } from "./labelled-field.tsx";

/** A labelled input with an optional hint or error line wired up for screen readers. */
export function Field({
  label,
  error,
  hint,
  className,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined; hint?: string | undefined }) {
  return (
    <LabelledField label={label} error={error} hint={hint} className={className}>
      {(control) => <input {...control} className={CONTROL_CLASS} {...props} />}
    </LabelledField>
  );
}
