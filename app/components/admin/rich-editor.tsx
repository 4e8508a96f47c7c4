import { lazy, Suspense, useId, useState, useSyncExternalStore, type ComponentType } from "react";
import { SITE_NAME_TOKEN } from "#app/lib/site-name-token.ts";
import { EditorPlaceholder } from "./editor/toolbar-items.tsx";
import type { TiptapEditorProps } from "./editor/tiptap-editor.tsx";

/**
 * The rich text editor (Tiptap): a labelled editor whose HTML is posted under `name` in a hidden
 * input, so forms read it with plain FormData. The server renders a placeholder of the same size;
 * the Tiptap module loads in the browser only, on demand, so it never weighs on public pages.
 * If that module cannot load (a deploy replaced it, the network dropped), the HTML stays editable in
 * a plain text area instead of breaking the screen.
 */
export function RichEditor({ name, label, defaultValue = "", onChange }: { name: string; label: string; defaultValue?: string; onChange?: (html: string) => void }) {
  const labelId = useId();
  const [html, setHtml] = useState(defaultValue);
  // A new defaultValue (a reloaded or different record) resets what is posted, like the editor itself.
  const [shownDefault, setShownDefault] = useState(defaultValue);
  if (shownDefault !== defaultValue) {
    setShownDefault(defaultValue);
    setHtml(defaultValue);
  }
  // false on the server and while hydrating, true in the browser afterwards
  const mounted = useSyncExternalStore(noSubscription, () => true, () => false);

  return (
    <div className="flex flex-col gap-1.5" data-rich-editor={name}>
      <span id={labelId} className="text-sm font-medium text-slate-800">
        {label}
      </span>
      <div className="min-w-0 rounded-md border border-slate-300 bg-white shadow-sm focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/30">
        {mounted ? (
          <Suspense fallback={<EditorPlaceholder />}>
            <LazyTiptapEditor
              labelId={labelId}
              defaultValue={defaultValue}
              onChange={(next) => {
                setHtml(next);
                onChange?.(next);
              }}
            />
          </Suspense>
        ) : (
          <EditorPlaceholder />
        )}
      </div>
      <input type="hidden" name={name} value={html} />
      <p className="text-sm text-slate-500">Write {SITE_NAME_TOKEN} where the site's name should appear: it shows the name set in General Settings, and follows a rename.</p>
    </div>
  );
}

const noSubscription = () => () => {};

const LazyTiptapEditor = lazy<ComponentType<TiptapEditorProps>>(() =>
  import("./editor/tiptap-editor.tsx").catch((error: unknown) => {
    console.warn("The rich text editor could not load; falling back to plain HTML editing.", error);
    return { default: HtmlFallback };
  }),
);

function HtmlFallback({ labelId, defaultValue, onChange }: TiptapEditorProps) {
  return (
    <div>
      <p className="border-b border-slate-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
        The editor could not load. Edit the HTML directly, or reload the page to try again.
      </p>
      <textarea
        aria-labelledby={labelId}
        defaultValue={defaultValue}
        onChange={(e) => onChange(e.target.value)}
        className="block min-h-[400px] w-full resize-y rounded-b-md px-4 py-3 font-mono text-sm focus:outline-none"
      />
    </div>
  );
}
