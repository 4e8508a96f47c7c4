import { useId, type ReactNode } from "react";

/** What the control inside a LabelledField spreads on itself: the label's target and the ARIA wiring to the note line. */
export type FieldControlProps = { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };

/**
 * The one frame of a form field: label, the control, and one note line under it (the error when
 * there is one, otherwise the hint), announced with the control by screen readers.
 */
export function LabelledField({
  label,
  error,
  hint,
  className = "",
  children,
}: {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  className?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error || hint;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": note ? noteId : undefined })}
      {note ? (
        <p id={noteId} className={`text-sm ${error ? "text-red-600" : "text-slate-500"}`}>
          {note}
        </p>
      ) : null}
    </div>
  );
}

/** The look every text-like control shares (input, select, textarea). */
export const CONTROL_CLASS =
  "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid]:border-red-500 [&[readonly]]:border-slate-200 [&[readonly]]:bg-slate-100 [&[readonly]]:text-slate-600 [&[readonly]]:shadow-none";
