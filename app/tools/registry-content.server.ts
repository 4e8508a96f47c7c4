import { CONTENT_BY_FOLDER } from "./content.generated.server.ts";
import type { ToolContent } from "./types.ts";

// The catalogue copy of every tool folder (content.ts beside each meta.ts), for server code only:
// the seed writes it into the tools table once and pages read it from there, so no page bundles it.
// CONTENT_BY_FOLDER is generated from the folders (scripts/tool-lists.ts); registry.test.ts checks
// every tool has copy and every copy a tool.

const bySlug = new Map<string, ToolContent>();
for (const [folder, copies] of Object.entries(CONTENT_BY_FOLDER)) {
  for (const [slug, copy] of Object.entries(copies)) {
    if (bySlug.has(slug)) throw new Error(`Tool copy for "${slug}" is written twice (again in ${folder})`);
    bySlug.set(slug, copy);
  }
}

/** The copy of a tool by canonical slug, or undefined when its folder has none. */
export function toolContent(slug: string): ToolContent | undefined {
  return bySlug.get(slug);
}

/** Every slug that has copy (folders alphabetically; the catalogue's order is registry.ts TOOLS). */
export function slugsWithContent(): string[] {
  return [...bySlug.keys()];
}
