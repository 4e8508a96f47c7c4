import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { audioTools } from "./audio/meta";
import { avifSvgTools } from "./avif-svg/meta";
import { dataTools } from "./data/meta";
import { ddsTools } from "./dds/meta";
import { documentTools } from "./document/meta";
import { ebookTools } from "./ebook/meta";
import { icoTools } from "./ico/meta";
import { jfifTools } from "./jfif/meta";
import { pdfImageTools } from "./pdf-images/meta";
import { pngDdsTools } from "./png-dds/meta";
import { textTools } from "./text/meta";
import { timeTools } from "./time/meta";
import type { ToolCli, ToolComponentProps, ToolMeta } from "./types";
import { unitTools } from "./units/meta";
import { videoTools } from "./video/meta";

/**
 * Every tool the code knows: the one list of tool folders (each folder's meta.ts). The order is the
 * catalogue's (categories in TOOL_CATEGORIES order), which is also the order the seed writes rows in.
 * Adding a tool is adding its folder here, and its copy in registry-content.server.ts.
 */
export const TOOL_FAMILIES: readonly (readonly ToolMeta[])[] = [
  ddsTools,
  jfifTools,
  icoTools,
  avifSvgTools,
  pngDdsTools,
  pdfImageTools,
  audioTools,
  videoTools,
  ebookTools,
  documentTools,
  dataTools,
  unitTools,
  timeTools,
  textTools,
];

export const TOOLS: readonly ToolMeta[] = TOOL_FAMILIES.flat();

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
