// The "combine" checkbox of the several-files frame (a tool's `combine` offer, e.g. "Put all images
// in one PDF, in this order"): off by default, fixed while a conversion runs.
import { useId } from "react";

export function CombineChoice({ label, checked, disabled, onChange }: { label: string; checked: boolean; disabled: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className="mt-4 flex items-start gap-2 text-sm" data-testid="combine-choice">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600 disabled:cursor-not-allowed"
      />
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
    </div>
  );
}
