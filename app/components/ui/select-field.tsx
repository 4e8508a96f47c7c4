import type { SelectHTMLAttributes } from "react";
import { CONTROL_CLASS, LabelledField } from "./labelled-field.tsx";

/** A labelled select of fixed options. */
export function SelectField({
  label,
  options,
  error,
  className,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; options: readonly { value: string; label: string }[]; error?: string | undefined }) {
  return (
    <LabelledField label={label} error={error} className={className}>
      {(control) => (
        <select {...control} className={CONTROL_CLASS} {...props}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}
