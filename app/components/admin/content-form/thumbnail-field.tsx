import { useEffect, useId, useState } from "react";
import { THUMBNAIL_FILE_FIELD, THUMBNAIL_MAX_MB } from "#app/lib/admin/content-form-schema.ts";
import { FileInput } from "#app/components/ui/file-input.tsx";

const ACCEPT = "image/png,image/jpeg,image/gif,image/webp,image/avif";

/**
 * A post's thumbnail: the current image, a file input sent with the form (multipart) and a
 * "Remove thumbnail" option. No new file keeps the current thumbnail.
 */
export function ThumbnailField({ current, error }: { current: string; error?: string }) {
  const id = useId();
  const [remove, setRemove] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);

  // a local preview of the chosen file, released when it changes
  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen) : undefined), [chosen]);

  const preview = chosen ?? (current && !remove ? current : "");
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Thumbnail
      </label>
      {preview ? (
        <img
          src={preview}
          alt={chosen ? "New thumbnail preview" : "Current thumbnail"}
          data-testid="thumbnail-preview"
          className="aspect-video w-full max-w-xs rounded-md border border-slate-200 bg-slate-100 object-cover"
        />
      ) : (
        <p className="text-sm text-slate-500">{current && remove ? "The thumbnail will be removed when you save." : "No thumbnail."}</p>
      )}
      <FileInput
        id={id}
        name={THUMBNAIL_FILE_FIELD}
        accept={ACCEPT}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-note`}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          setChosen(file ? URL.createObjectURL(file) : null);
        }}
      />
      <p id={`${id}-note`} className={`text-sm ${error ? "text-red-600" : "text-slate-500"}`}>
        {error ?? `PNG, JPEG, GIF, WebP or AVIF, up to ${THUMBNAIL_MAX_MB} MB. ${current ? "Choose a file to replace the current one." : ""}`}
      </p>
      {current ? (
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            name="removeThumbnail"
            checked={remove}
            onChange={(e) => setRemove(e.currentTarget.checked)}
            className="h-4 w-4 rounded border-slate-300 accent-brand-600"
          />
          Remove thumbnail
        </label>
      ) : null}
    </div>
  );
}
