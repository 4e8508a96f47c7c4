import { useEffect, useId, useState } from "react";
import { FileInput } from "#app/components/ui/file-input.tsx";

/**
 * An image setting: the current image (or the newly chosen file) as a preview, a file input, a
 * hint, and a "Remove" checkbox. Leaving the input empty keeps the current image.
 */
export function ImageUploadField({
  label,
  name,
  removeName,
  current,
  hint,
  error,
  previewClassName = "h-16 w-16",
}: {
  label: string;
  name: string;
  removeName: string;
  current: string;
  hint?: string;
  error?: string;
  previewClassName?: string;
}) {
  const id = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const [remove, setRemove] = useState(false);
  useEffect(() => () => void (chosen && URL.revokeObjectURL(chosen)), [chosen]);
  const preview = remove ? "" : (chosen ?? current);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <div className={`flex shrink-0 items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-slate-50 ${previewClassName}`}>
          {preview ? (
            <img src={preview} alt={`${label} preview`} className="h-full w-full object-contain" />
          ) : (
            <span className="px-1 text-center text-xs text-slate-600">No image</span>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <FileInput
            id={id}
            name={name}
            accept="image/png,image/jpeg,image/gif,image/webp,image/avif,image/x-icon,.ico"
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-note`}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              setChosen(file ? URL.createObjectURL(file) : null);
              if (file) setRemove(false);
            }}
          />
          {current ? (
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" name={removeName} checked={remove} onChange={(e) => setRemove(e.currentTarget.checked)} className="h-4 w-4 rounded border-slate-300" />
              Remove this image
            </label>
          ) : null}
        </div>
      </div>
      <p id={`${id}-note`} className={`text-sm ${error ? "text-red-600" : "text-slate-500"}`}>
        {error ?? hint ?? "PNG, JPEG, GIF, WebP, AVIF or ICO. Leave empty to keep the current image."}
      </p>
    </div>
  );
}
