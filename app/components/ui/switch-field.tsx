import { Switch } from "radix-ui";
import { useId, useState } from "react";

/**
 * A labelled on/off switch that posts `name=on` when on (nothing when off), like a checkbox.
 * Controlled when `checked` is given, otherwise it keeps its own state from `defaultChecked`.
 */
export function SwitchField({
  label,
  name,
  defaultChecked = false,
  checked,
  onCheckedChange,
  description,
}: {
  label: string;
  name: string;
  defaultChecked?: boolean;
  checked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  description?: string;
}) {
  const id = useId();
  const [own, setOwn] = useState(defaultChecked);
  const on = checked ?? own;
  return (
    <div className="flex items-start gap-3">
      <Switch.Root
        id={id}
        checked={on}
        onCheckedChange={(v) => {
          setOwn(v);
          onCheckedChange?.(v);
        }}
        className="relative mt-0.5 h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors data-[state=checked]:bg-brand-600"
      >
        <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
      {on ? <input type="hidden" name={name} value="on" /> : null}
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {description ? <p className="text-sm text-slate-500">{description}</p> : null}
      </div>
    </div>
  );
}
