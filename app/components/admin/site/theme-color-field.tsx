import { useId, useState } from "react";
import { HEX_COLOR } from "#app/lib/admin/site-settings-forms.ts";
import { ColorInputs } from "./color-field.tsx";
import { AA_TEXT_RATIO, contrastRatio, formatRatio } from "#app/lib/theme/contrast.ts";

/** What the preview shows: the colour behind button text, or the colour as link text on the dark background. */
export type ThemePreview = { kind: "button"; text: string } | { kind: "on-dark"; background: string };

type Props = {
  label: string;
  name: string;
  defaultValue: string;
  /** the colour the ratio is measured against (white text, or the dark background) */
  against: string;
  /** the field's refusal for a colour, the same function the server's schema uses */
  problem: (hex: string) => string | null;
  preview: ThemePreview;
  hint: string;
  error?: string;
};

/**
 * A theme colour: the native picker and the #rrggbb text (the one posted), a live preview, and the
 * contrast ratio as it changes (the server checks it again before saving).
 */
export function ThemeColorField({ label, name, defaultValue, against, problem, preview, hint, error }: Props) {
  const id = useId();
  const [value, setValue] = useState(defaultValue);
  const valid = HEX_COLOR.test(value);
  const color = valid ? value.toLowerCase() : defaultValue;
  // a well-formed colour is checked live with the server's own function; a malformed one shows the form's message
  const message = valid ? problem(color) : (error ?? null);
  const ratio = valid ? formatRatio(contrastRatio(color, against)) : null;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <ColorInputs id={id} name={name} label={label} value={value} onValue={setValue} invalid={Boolean(message)} describedBy={`${id}-hint ${id}-check`} />
        <Swatch color={color} preview={preview} />
      </div>
      <p id={`${id}-hint`} className="text-sm text-slate-500">
        {hint}
      </p>
      <p id={`${id}-check`} aria-live="polite" data-testid={`${name}-check`} className={`text-sm ${message ? "text-red-600" : "text-slate-600"}`}>
        {message ?? (ratio ? `Contrast ${ratio}:1 (at least ${AA_TEXT_RATIO}:1 needed): passes WCAG AA.` : "")}
      </p>
    </div>
  );
}

/** The colour as the site would use it: a button with its text, or link text on the dark page. */
function Swatch({ color, preview }: { color: string; preview: ThemePreview }) {
  if (preview.kind === "button") {
    return (
      <span data-testid="theme-preview-button" className="inline-flex items-center rounded-md px-4 py-2 text-sm font-medium" style={{ backgroundColor: color, color: preview.text }}>
        Button text
      </span>
    );
  }
  return (
    <span data-testid="theme-preview-dark" className="inline-flex items-center rounded-md px-4 py-2 text-sm font-medium underline" style={{ backgroundColor: preview.background, color }}>
      Link on dark
    </span>
  );
}
