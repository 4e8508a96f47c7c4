import { Upload } from "lucide-react";
import { useEffect, useRef, useState, type ComponentProps } from "react";
import { buttonClass } from "./button.tsx";

export const NO_FILE_CHOSEN = "No file chosen";

/**
 * The admin's one file input: a real <input type="file"> (forms post it, the caller's <label
 * htmlFor> names it, tests set its files) drawn as a button and the chosen file's whole name, which
 * wraps instead of being cut to "No fil…hosen" as the native control is in a narrow column. The
 * input stays focusable (visually hidden); the button shows its focus ring. Both visible parts are
 * aria-hidden: the input itself is what assistive technology reads.
 */
export function FileInput({ id, onChange, className = "", ...input }: Omit<ComponentProps<"input">, "type" | "id"> & { id: string }) {
  const ref = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState("");
  // a form reset (after a successful upload) empties the input without a change event
  useEffect(() => {
    const form = ref.current?.form;
    if (!form) return;
    const clear = () => setChosen("");
    form.addEventListener("reset", clear);
    return () => form.removeEventListener("reset", clear);
  }, []);
  return (
    <div className={`flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 ${className}`}>
      <input
        {...input}
        ref={ref}
        id={id}
        type="file"
        className="peer sr-only"
        onChange={(event) => {
          setChosen(Array.from(event.currentTarget.files ?? [], (file) => file.name).join(", "));
          onChange?.(event);
        }}
      />
      {/* a pointer target only: the keyboard reaches the input itself (Space or Enter opens the picker) */}
      <span
        aria-hidden="true"
        onClick={() => ref.current?.click()}
        className={buttonClass(
          "secondary",
          "cursor-pointer select-none peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-focus-visible:ring-offset-2 peer-aria-invalid:border-red-500",
        )}
      >
        <Upload className="h-4 w-4" aria-hidden="true" />
        Choose file
      </span>
      <span aria-hidden="true" data-testid="file-input-name" className="min-w-0 text-sm break-all text-slate-600">
        {chosen || NO_FILE_CHOSEN}
      </span>
    </div>
  );
}
