// The chosen image, shown before converting (JFIF to PNG, JPG/PNG to ICO, PNG to DDS). The browser
// loads it in an <img> from an object URL; if it cannot, the visitor reads so at once in its place,
// 'Failed to Load Image' / 'The selected file could not be loaded' (once: no toast), unless the page says the
// file may convert all the same (a JPEG the browser cannot show, which the worker's own decoder reads):
// then a plain note says there is no preview, and Convert stays on.
// The parent resets its own copy of the state when it gets a new file (it hears of the file first).
import { CircleAlert } from "lucide-react";
import { useCallback, useState } from "react";
import { checkerboardClass } from "./controls.tsx";
import { IMAGE_NOT_LOADED } from "./image-load-texts.ts";
import { previewZoom } from "./preview-zoom.ts";

export const IMAGE_NOT_LOADED_TITLE = "Failed to Load Image";

export type InputImageState = { kind: "loading" } | { kind: "loaded"; width: number; height: number } | { kind: "no-preview" } | { kind: "failed" };

const LOADING: InputImageState = { kind: "loading" };

export function InputImagePreview({
  file,
  onState,
  maxHeightClass = "max-h-[240px]",
  convertsWithoutPreview,
}: {
  file: File;
  onState?: (state: InputImageState) => void;
  /** a Tailwind max-height for the image (PNG to DDS: at most 400 px) */
  maxHeightClass?: string;
  /** asked when the browser cannot show the file: whether the tool can convert it all the same */
  convertsWithoutPreview?: (file: File) => Promise<boolean>;
}) {
  const [shown, setShown] = useState<{ file: File; state: InputImageState }>({ file, state: LOADING });
  // a new file starts over (state adjusted during render, React's pattern for a prop change)
  if (shown.file !== file) setShown({ file, state: LOADING });
  const state = shown.file === file ? shown.state : LOADING;

  // The object URL lives exactly as long as the <img> shows this file: the ref's cleanup revokes it
  // (also right under StrictMode, which attaches refs twice).
  const attachSource = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img) return;
      const url = URL.createObjectURL(file);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );

  const zoom = state.kind === "loaded" ? previewZoom(state.width, state.height) : 1;

  const report = (next: InputImageState) => {
    setShown({ file, state: next });
    onState?.(next);
  };

  return (
    <figure data-testid="input-preview">
      {state.kind === "no-preview" ? (
        <p data-testid="no-preview" className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300">
          This browser cannot show a preview of this file, but it can still be converted.
        </p>
      ) : state.kind === "failed" ? (
        <p role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-300">
          <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            <span className="font-semibold">{IMAGE_NOT_LOADED_TITLE}:</span> {IMAGE_NOT_LOADED}
          </span>
        </p>
      ) : (
        <div className={`flex justify-center overflow-hidden rounded border border-slate-200 p-2 dark:border-slate-700 ${checkerboardClass}`}>
          <img
            ref={attachSource}
            alt={`The chosen image, ${file.name}`}
            decoding="async"
            data-testid="input-image"
            width={state.kind === "loaded" && zoom > 1 ? state.width * zoom : undefined}
            height={state.kind === "loaded" && zoom > 1 ? state.height * zoom : undefined}
            className={`h-auto ${maxHeightClass} max-w-full object-contain ${zoom > 1 ? "[image-rendering:pixelated]" : "w-auto"}`}
            onLoad={(event) => report({ kind: "loaded", width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
            onError={() => {
              void (convertsWithoutPreview?.(file) ?? Promise.resolve(false)).then((converts) => {
                report({ kind: converts ? "no-preview" : "failed" });
              });
            }}
          />
        </div>
      )}
      {state.kind === "loaded" ? (
        <figcaption className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          Original: {state.width} × {state.height} px{zoom > 1 ? ` — shown at ${zoom}×` : ""}
        </figcaption>
      ) : null}
    </figure>
  );
}
