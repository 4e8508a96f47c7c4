// The presets bar a file tool renders beside its options (issue 30): the notes for link parameters
// that were ignored, a select of the built-in presets and the visitor's own (kept on this device),
// saving the current settings under a name, deleting a saved one, and "Copy link to these settings".
import { Bookmark, Check, Link2, Trash2, TriangleAlert } from "lucide-react";
import { useId, useMemo, useState, type FormEvent } from "react";
import { storedString } from "#app/lib/stored-string.ts";
import { Button } from "#app/components/ui/button.tsx";
import { controlClass, labelClass } from "../image-common/controls.tsx";
import { ignoredNote, parseOptions, urlWithOptions, type OptionSchema } from "./tool-options-url.ts";
import { builtInQuery, deletePreset, MAX_PRESET_NAME, PRESETS_STORAGE_KEY, readPresets, savePreset, type BuiltInPreset } from "./tool-presets.ts";
import type { UrlOptions } from "./use-url-options.ts";

export interface PresetsBarProps<S extends OptionSchema> {
  /** the tool's slug: saved presets are kept per tool */
  slug: string;
  options: UrlOptions<S>;
  builtIn?: readonly BuiltInPreset<S>[];
}

const BUILT_IN = "b:";
const SAVED = "s:";

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // storage blocked (a privacy setting): presets cannot be saved, links still work
    return null;
  }
}

// the stored presets as one string, so React compares snapshots cheaply
const stored = storedString(PRESETS_STORAGE_KEY);

export function PresetsBar<S extends OptionSchema>({ slug, options, builtIn = [] }: PresetsBarProps<S>) {
  const { schema, query, set, ignored } = options;
  // none on the server and until hydration (no mismatch)
  const storedPresets = stored.useValue();
  const saved = useMemo(() => readPresets({ getItem: () => storedPresets, setItem: () => {} }, slug), [storedPresets, slug]);
  const [picked, setPicked] = useState("");
  const [name, setName] = useState("");
  const [message, setMessage] = useState<{ kind: "error" | "info"; text: string } | null>(null);
  // "Copied" while the settings are still the ones copied
  const [copiedQuery, setCopiedQuery] = useState<string | null>(null);
  const copied = copiedQuery === query;
  const selectId = useId();
  const nameId = useId();

  const builtIns = useMemo(
    () => builtIn.flatMap((preset, index) => {
      const presetQuery = builtInQuery(schema, preset);
      return presetQuery === null ? [] : [{ key: `${BUILT_IN}${index}`, name: preset.name, query: presetQuery }];
    }),
    [builtIn, schema],
  );
  const all = [...builtIns, ...saved.map((p) => ({ key: `${SAVED}${p.name}`, name: p.name, query: p.query }))];
  // the preset shown is the one picked while the settings still match it, else the first that matches
  const shown = all.find((p) => p.key === picked && p.query === query) ?? all.find((p) => p.query === query);

  const apply = (key: string) => {
    setPicked(key);
    setMessage(null);
    const preset = all.find((p) => p.key === key);
    if (preset) set(parseOptions(schema, new URLSearchParams(preset.query)).values);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const store = storage();
    if (!store) return setMessage({ kind: "error", text: "This browser does not let the site keep presets." });
    try {
      savePreset(store, slug, { name, query });
      stored.changed();
      setPicked(`${SAVED}${name.trim()}`);
      setName("");
      setMessage({ kind: "info", text: `Saved "${name.trim()}" on this device.` });
    } catch (error) {
      setMessage({ kind: "error", text: error instanceof RangeError ? error.message : "The preset could not be saved (storage full or blocked)." });
    }
  };

  const remove = () => {
    const store = storage();
    if (!store || !shown?.key.startsWith(SAVED)) return;
    try {
      deletePreset(store, slug, shown.name);
      stored.changed();
      setMessage({ kind: "info", text: `Deleted "${shown.name}".` });
    } catch {
      setMessage({ kind: "error", text: "The preset could not be deleted." });
    }
  };

  const copy = async () => {
    const link = new URL(urlWithOptions({ pathname: window.location.pathname, hash: "" }, new URLSearchParams(query)), window.location.origin).href;
    try {
      await navigator.clipboard.writeText(link);
      setCopiedQuery(query);
      setMessage(null);
    } catch {
      setMessage({ kind: "error", text: `Copying was refused; the link is ${link}` });
    }
  };

  return (
    <section aria-label="Presets" className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700" data-testid="presets-bar">
      {ignored.length > 0 ? (
        <ul role="note" className="space-y-1 rounded-md bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200" data-testid="ignored-params">
          {ignored.map((param, index) => (
            <li key={index} className="flex items-start gap-2 break-all">
              <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              {ignoredNote(param)}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1.5">
          <label htmlFor={selectId} className={labelClass}>
            Preset
          </label>
          <select id={selectId} data-testid="preset-select" className={controlClass} value={shown?.key ?? ""} onChange={(e) => apply(e.target.value)}>
            <option value="" disabled>
              {query ? "Custom settings" : "Default settings"}
            </option>
            {builtIns.length > 0 ? (
              <optgroup label="Built in">
                {builtIns.map((p) => (
                  <option key={p.key} value={p.key}>
                    {p.name}
                  </option>
                ))}
              </optgroup>
            ) : null}
            {saved.length > 0 ? (
              <optgroup label="Saved on this device">
                {saved.map((p) => (
                  <option key={p.name} value={`${SAVED}${p.name}`}>
                    {p.name}
                  </option>
                ))}
              </optgroup>
            ) : null}
          </select>
        </div>
        {shown?.key.startsWith(SAVED) ? (
          <Button variant="secondary" onClick={remove} aria-label={`Delete the preset ${shown.name}`}>
            <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
          </Button>
        ) : null}
        <Button variant="secondary" onClick={copy} data-testid="copy-settings-link">
          {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Link2 className="h-4 w-4" aria-hidden="true" />}
          {copied ? "Copied" : "Copy link to these settings"}
        </Button>
      </div>
      <form onSubmit={save} className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1.5">
          <label htmlFor={nameId} className={labelClass}>
            Save these settings as
          </label>
          <input id={nameId} type="text" required maxLength={MAX_PRESET_NAME} placeholder="Preset name" value={name} onChange={(e) => setName(e.target.value)} className={controlClass} />
        </div>
        <Button type="submit" variant="secondary" disabled={name.trim() === ""}>
          <Bookmark className="h-4 w-4" aria-hidden="true" /> Save preset
        </Button>
      </form>
      {message ? (
        <p role={message.kind === "error" ? "alert" : "status"} className={message.kind === "error" ? "text-sm text-red-600 dark:text-red-400" : "text-sm text-slate-600 dark:text-slate-400"}>
          {message.text}
        </p>
      ) : null}
    </section>
  );
}
