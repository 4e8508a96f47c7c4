// The tools' pages, apart from the catalogue: the registry and the metas are plain data (the CLI, the
// seed and vite.config.ts read them in Node), and only this module, which the tool route and
// entry.client import, reaches the React pages.
import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { PAGE_LOADERS } from "./pages.generated.ts";
import { findTool } from "./registry.ts";
import type { ToolComponentProps, ToolMeta } from "./types.ts";

export type ToolPage = LazyExoticComponent<ComponentType<ToolComponentProps>>;

// One lazy component per page file, made once at start (React.lazy only wraps the loader; nothing loads yet).
const lazyPages = new Map<string, ToolPage>(Object.entries(PAGE_LOADERS).map(([path, load]) => [path, lazy(load)]));

/** A tool's meta and its lazily loaded page (an alias slug gives its tool's), or null for slugs the code does not know. */
export function toolPage(slug: string): { meta: ToolMeta; Page: ToolPage } | null {
  const meta = findTool(slug);
  if (!meta) return null;
  const Page = lazyPages.get(meta.page);
  // registry.test.ts proves every meta's page is listed; this is for a stale pages.generated.ts
  if (!Page) throw new Error(`The page of "${meta.slug}" (${meta.page}) is not in pages.generated.ts: run npm run tool-lists`);
  return { meta, Page };
}

/** Loads the page of a slug ahead of rendering it (entry.client, before hydrating a tool page). */
export async function preloadToolPage(slug: string): Promise<void> {
  const meta = findTool(slug);
  if (meta) await PAGE_LOADERS[meta.page]?.();
}
