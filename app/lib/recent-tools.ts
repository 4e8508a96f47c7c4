import { storedString } from "./stored-string.ts";

// Recently used tools, remembered on the device only (localStorage), most recent first.
const KEY = "recentTools";
export const RECENT_TOOLS_LIMIT = 6;
const stored = storedString(KEY);

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
    localStorage.setItem(KEY, JSON.stringify(withRecent(parseRecent(stored.read()), slug)));
    stored.changed();
  } catch {
    // storage full or blocked: nothing to remember
  }
}

/** The remembered slugs; empty on the server and until hydration (no mismatch). */
export function useRecentTools(): string[] {
  return parseRecent(stored.useValue());
}
