import { useId, useState } from "react";
import { HEX_COLOR } from "#app/lib/admin/site-settings-forms.ts";

/** A colour picker with its #rrggbb text beside it; the text input is the one posted. */
export function ColorField({ label, name, defaultValue, error }: { label: string; name: string; defaultValue: string; error?: string }) {
  const id = useId();
  const [value, setValue] = useState(defaultValue);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <ColorInputs id={id} name={name} label={label} value={value} onValue={setValue} invalid={Boolean(error)} describedBy={error ? `${id}-error` : undefined} />
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The native picker and the #rrggbb text input (the one posted, named by the field's label), kept in step. */
export function ColorInputs({ id, name, label, value, onValue, invalid, describedBy }: { id: string; name: string; label: string; value: string; onValue: (value: string) => void; invalid: boolean; describedBy?: string }) {
  return (
    <>
      <input
        type="color"
        aria-label={`${label} picker`}
        value={HEX_COLOR.test(value) ? value.toLowerCase() : "#000000"}
        onChange={(e) => onValue(e.currentTarget.value)}
        className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
      />
      <input
        id={id}
        name={name}
        value={value}
        onChange={(e) => onValue(e.currentTarget.value)}
        maxLength={7}
        spellCheck={false}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        className="w-32 rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid]:border-red-500"
      />
    </>
  );
}
