// A tool page's options kept in its URL (issue 30). The server renders every tool with its defaults
// (the query is not part of the cached page); after hydration the hook reads the query the page was
// opened with, and from then on writes the options back with history.replaceState: no navigation,
// no loader run, no extra render. Parameters it ignored are kept for the page to show as notes.
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { parseOptions, serializeOptions, urlWithOptions, type IgnoredParam, type OptionSchema, type OptionValues } from "./tool-options-url.ts";

export interface UrlOptions<S extends OptionSchema> {
  schema: S;
  values: OptionValues<S>;
  /** replaces some of the options, or all of them (a preset) */
  set: (next: Partial<OptionValues<S>>) => void;
  /** the parameters of the address the page was opened with that were not used */
  ignored: readonly IgnoredParam[];
  /** the options as this page's query string, defaults left out ("" when all are defaults) */
  query: string;
}

// The query each history entry was opened with, read once: the hook rewrites the address as the
// visitor changes options, and must not read its own writes back as the link it was opened with.
const openedWith = new Map<string, string>();
const entryKey = () => `${(window.history.state as { key?: string } | null)?.key ?? ""} ${window.location.pathname}`;
const readOpenedWith = () => {
  const key = entryKey();
  const known = openedWith.get(key);
  if (known !== undefined) return known;
  openedWith.set(key, window.location.search);
  return window.location.search;
};
const noSubscription = () => () => {};

export function useUrlOptions<S extends OptionSchema>(schema: S): UrlOptions<S> {
  // null on the server and while hydrating: the first client render matches the server's defaults
  const opened = useSyncExternalStore(noSubscription, readOpenedWith, () => null);
  const fromLink = useMemo(() => parseOptions(schema, new URLSearchParams(opened ?? "")), [schema, opened]);
  const [edits, setEdits] = useState<Partial<OptionValues<S>>>({});
  const values = useMemo(() => ({ ...fromLink.values, ...edits }), [fromLink, edits]);
  const query = useMemo(() => serializeOptions(schema, values).toString(), [schema, values]);

  useEffect(() => {
    if (opened === null) return;
    const next = urlWithOptions(window.location, new URLSearchParams(query));
    const current = window.location.pathname + window.location.search + window.location.hash;
    // keeps React Router's own history state (its key and index) on the entry
    if (next !== current) window.history.replaceState(window.history.state, "", next);
  }, [query, opened]);

  // leaving the page forgets the entry's link: coming back reads the address as it was left
  useEffect(() => () => void openedWith.clear(), []);

  const set = useCallback((next: Partial<OptionValues<S>>) => setEdits((current) => ({ ...current, ...next })), []);

  return { schema, values, set, ignored: fromLink.ignored, query };
}
