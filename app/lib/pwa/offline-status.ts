import { ENGINES_PATH } from "./cache-rules.ts";
import type { ToolEngines } from "./offline-assets.ts";

// What this device holds for offline use (decision 049): read from the service worker's caches by
// the offline page and the "Make available offline" button. Browser only.

export type EnginesBySlug = Record<string, ToolEngines>;

/** Per tool slug, the files it needs offline (written by the build; precached, so it answers offline). */
export async function loadEngines(): Promise<EnginesBySlug> {
  const response = await fetch(ENGINES_PATH);
  if (!response.ok) throw new Error(`${ENGINES_PATH}: HTTP ${response.status}`);
  return (await response.json()) as EnginesBySlug;
}

/** The paths of everything in this site's caches (pages, engines, the precached shell). */
export async function cachedPaths(): Promise<Set<string>> {
  const paths = new Set<string>();
  if (!("caches" in window)) return paths;
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) {
      const url = new URL(request.url);
      // the precache keys hashed-less files with a revision query (__WB_REVISION__)
      paths.add(url.pathname);
    }
  }
  return paths;
}

/** A tool works offline when its page and every one of its engines' files are on the device. */
export function isAvailableOffline(slug: string, engines: EnginesBySlug, cached: ReadonlySet<string>): boolean {
  return cached.has(`/tool/${slug}`) && (engines[slug]?.urls ?? []).every((url) => cached.has(url));
}
