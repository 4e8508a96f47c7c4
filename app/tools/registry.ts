import { TOOL_FAMILIES } from "./catalogue.generated.ts";
import { TOOL_CATEGORIES, type ToolCli, type ToolMeta } from "./types.ts";

export { TOOL_FAMILIES };

/**
 * Every tool the code knows, from every folder's meta.ts (catalogue.generated.ts, written by
 * scripts/tool-lists.ts), in the catalogue's order: categories in TOOL_CATEGORIES order, then each
 * tool's `order`. The seed writes the rows in this order.
 */
export const TOOLS: readonly ToolMeta[] = TOOL_FAMILIES.flat().toSorted(
  (a, b) => TOOL_CATEGORIES.indexOf(a.category) - TOOL_CATEGORIES.indexOf(b.category) || a.order - b.order,
);

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

export interface CliConversion extends ToolCli {
  slug: string;
}

/**
 * What `npm run convert` can do: every tool whose codec runs in Node, with its input kinds, output
 * extensions and options. The code of each is cli/conversions/<slug>.ts.
 */
export function cliConversions(): CliConversion[] {
  return TOOLS.flatMap((tool) => (tool.cli ? [{ slug: tool.slug, ...tool.cli }] : []));
}

/** Every npm package a tool's worker loads, once each (the dev server pre-bundles them). */
export function workerPackages(): string[] {
  return [...new Set(TOOLS.flatMap((tool) => tool.workerPackages ?? []))];
}
