import { useSyncExternalStore } from "react";

// One localStorage entry as a React store (recent tools, saved presets): the server and the first
// render see "" (no hydration mismatch), this tab's writers call `changed()`, and other tabs'
// writes arrive as "storage" events.

export interface StoredString {
  /** the stored text, "" when absent or when storage is blocked */
  read(): string;
  /** tells this tab's readers that the caller wrote the entry */
  changed(): void;
  /** the stored text in a component, kept current */
  useValue(): string;
}

export function storedString(key: string): StoredString {
  const listeners = new Set<() => void>();
  const read = () => {
    try {
      return window.localStorage.getItem(key) ?? "";
    } catch {
      // storage blocked (a privacy setting): nothing remembered
      return "";
    }
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    window.addEventListener("storage", listener);
    return () => {
      listeners.delete(listener);
      window.removeEventListener("storage", listener);
    };
  };
  return {
    read,
    changed: () => {
      for (const listener of listeners) listener();
    },
    useValue: () => useSyncExternalStore(subscribe, read, () => ""),
  };
}
