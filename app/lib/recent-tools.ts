import { useSyncExternalStore } from "react";

// Recently used tools, remembered on the device only (localStorage), most recent first.
const KEY = "recentTools";
export const RECENT_TOOLS_LIMIT = 6;
const listeners = new Set<() => void>();

function read(): string {
  try {
    return localStorage.getItem(KEY) ?? "";
  } catch {
    return "";
  }
}

export function parseRecent(raw: string): string[] {
  try {
    const value: unknown = JSON.parse(raw || "[]");
    return Array.isArray(value) ? value.filter((s): s is string => typeof s === "string" && /^[a-z0-9_-]{1,100}$/.test(s)).slice(0, RECENT_TOOLS_LIMIT) : [];
  } catch {
    return [];
  }
}

/** The list after using `slug`: moved to the front, no duplicates, capped. */
export function withRecent(list: readonly string[], slug: string): string[] {
  return [slug, ...list.filter((s) => s !== slug)].slice(0, RECENT_TOOLS_LIMIT);
}

export function rememberTool(slug: string): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(withRecent(parseRecent(read()), slug)));
    for (const l of listeners) l();
  } catch {
    // storage full or blocked: nothing to remember
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
};

/** The remembered slugs; empty on the server and until hydration (no mismatch). */
export function useRecentTools(): string[] {
  const raw = useSyncExternalStore(subscribe, read, () => "");
  return parseRecent(raw);
}
