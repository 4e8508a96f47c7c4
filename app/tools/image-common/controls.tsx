// Small form controls of the image tools, styled for light and dark mode alike.
import { useId, type ReactNode } from "react";

export const controlClass =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none disabled:opacity-60 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100";

export const labelClass = "text-sm font-medium text-slate-800 dark:text-slate-200";

export const hintClass = "text-xs text-slate-500 dark:text-slate-400";

export interface Choice<T extends string | number> {
  value: T;
  label: string;
}

/** A labelled <select> over numbers or strings. */
export function ChoiceSelect<T extends string | number>({
  label,
  value,
  choices,
  onChange,
  hint,
  disabled,
  testId,
}: {
  label: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
  hint?: ReactNode;
  disabled?: boolean;
  testId?: string;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        data-testid={testId}
        className={controlClass}
        value={String(value)}
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => {
          const chosen = choices.find((c) => String(c.value) === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {choices.map((c) => (
          <option key={String(c.value)} value={String(c.value)}>
            {c.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={hintId} className={hintClass}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Radio choices shown as cards, one line of title and one of explanation each. */
export function RadioCards<T extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
}: {
  legend: string;
  name: string;
  value: T;
  choices: readonly { value: T; title: string; text: string; disabled?: boolean }[];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{legend}</legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {choices.map((c) => (
          <label
            key={c.value}
            className={`flex items-start gap-3 rounded-lg border p-3 text-sm transition-colors ${
              c.disabled ? "cursor-not-allowed opacity-60" : "cursor-pointer"
            } ${value === c.value ? "border-brand-500 bg-brand-50 dark:bg-slate-800" : "border-slate-300 hover:border-slate-400 dark:border-slate-700"}`}
          >
            <input
              type="radio"
              name={name}
              value={c.value}
              checked={value === c.value}
              disabled={c.disabled}
              onChange={() => onChange(c.value)}
              className="mt-0.5 h-4 w-4 shrink-0"
            />
            <span className="min-w-0">
              <span className="block font-medium">{c.title}</span>
              <span className="text-slate-600 dark:text-slate-400">{c.text}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A light/dark checkerboard behind images with transparency. */
export const checkerboardClass =
  "bg-[conic-gradient(#e2e8f0_25%,#fff_0_50%,#e2e8f0_0_75%,#fff_0)] bg-[length:16px_16px] dark:bg-[conic-gradient(#334155_25%,#1e293b_0_50%,#334155_0_75%,#1e293b_0)]";

/**
 * A labelled number typed as text (so a half-typed value stays on screen), optionally with a slider
 * beside it, and one line under it: the hint, or `invalidText` while the text is not a valid number.
 */
export function RangeField({
  label,
  text,
  onTextChange,
  bounds,
  invalid,
  invalidText,
  hint,
  slider,
  inputMode = "decimal",
}: {
  label: string;
  text: string;
  onTextChange: (text: string) => void;
  bounds: { min: number; max: number; step: number };
  invalid: boolean;
  invalidText: string;
  hint: string;
  /** a slider beside the box, with its own accessible name and the value it shows */
  slider?: { label: string; value: number };
  inputMode?: "decimal" | "numeric";
}) {
  const id = useId();
  const hintId = useId();
  const box = (
    <input
      id={id}
      type="number"
      inputMode={inputMode}
      {...bounds}
      value={text}
      onChange={(event) => onTextChange(event.target.value)}
      aria-invalid={invalid || undefined}
      aria-describedby={hintId}
      className={`${controlClass} aria-[invalid]:border-red-500 ${slider ? "w-24" : ""}`}
    />
  );
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {slider ? (
        <div className="flex items-center gap-3">
          <input
            type="range"
            {...bounds}
            value={slider.value}
            onChange={(event) => onTextChange(event.target.value)}
            aria-label={slider.label}
            className="min-w-0 flex-1 accent-brand-600"
          />
          {box}
        </div>
      ) : (
        box
      )}
      <p id={hintId} className={invalid ? "text-xs text-red-600 dark:text-red-400" : hintClass}>
        {invalid ? invalidText : hint}
      </p>
    </div>
  );
}
