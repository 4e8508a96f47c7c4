import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { fileTools } from "./file-tools";
import { textTools } from "./text/meta";
import { timeTools } from "./time/meta";
import type { ToolComponentProps, ToolMeta } from "./types";
import { unitTools } from "./units/meta";

/** Every tool the code knows, by family. Adding a tool is adding its family's meta (and its seed row). */
export const TOOLS: readonly ToolMeta[] = [...fileTools, ...unitTools, ...timeTools, ...textTools];

const bySlug = new Map<string, ToolMeta>();
for (const tool of TOOLS) {
  for (const slug of [tool.slug, ...tool.aliases]) {
    if (bySlug.has(slug)) throw new Error(`Tool slug "${slug}" is registered twice`);
    bySlug.set(slug, tool);
  }
}

/** The tool a URL slug names (canonical or alias), or undefined for slugs the code doesn't know. */
export function findTool(slug: string): ToolMeta | undefined {
  return bySlug.get(slug);
}

// One lazy component per tool, made once at start (React.lazy only wraps the loader; nothing loads yet).
const components = new Map<string, LazyExoticComponent<ComponentType<ToolComponentProps>>>(
  TOOLS.flatMap((tool) => (tool.load ? [[tool.slug, lazy(tool.load)] as const] : [])),
);

/** The tool's lazily loaded UI, or null when it has none yet (alias slugs give their tool's). */
export function toolComponent(slug: string): LazyExoticComponent<ComponentType<ToolComponentProps>> | null {
  const tool = findTool(slug);
  return (tool && components.get(tool.slug)) ?? null;
}
