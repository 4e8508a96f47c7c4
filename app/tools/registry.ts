import { tools as audioTools } from "./audio/meta.ts";
import { tools as avifSvgTools } from "./avif-svg/meta.ts";
import { tools as dataTools } from "./data/meta.ts";
import { tools as ddsTools } from "./dds/meta.ts";
import { tools as documentTools } from "./document/meta.ts";
import { tools as ebookTools } from "./ebook/meta.ts";
import { tools as icoTools } from "./ico/meta.ts";
import { tools as jfifTools } from "./jfif/meta.ts";
import { tools as pdfImageTools } from "./pdf-images/meta.ts";
import { tools as pngDdsTools } from "./png-dds/meta.ts";
import { tools as textTools } from "./text/meta.ts";
import { tools as timeTools } from "./time/meta.ts";
import type { ToolCli, ToolMeta } from "./types.ts";
import { tools as unitTools } from "./units/meta.ts";
import { tools as videoTools } from "./video/meta.ts";

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
