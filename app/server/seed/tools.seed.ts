import { toolContent } from "#app/tools/registry-content.server.ts";
import { TOOLS } from "#app/tools/registry.ts";
import type { ToolMeta } from "#app/tools/types.ts";
import type { SeedTool } from "./types.ts";

/** One seed row: the meta's slug and category with the copy from the tool's content.ts. */
export function seedToolRow(tool: ToolMeta): SeedTool {
  const copy = toolContent(tool.slug);
  if (!copy) throw new Error(`Tool "${tool.slug}" has no copy in its folder's content.ts`);
  const { name, description, icon, searchVolume, rank, isFeatured, metaDescription, metaKeywords, content, blogContent } = copy;
  // Same key order as the rows were written in by hand, so the seeded rows stay identical.
  return { slug: tool.slug, name, description, category: tool.category, icon, searchVolume, rank, isFeatured, metaDescription, metaKeywords, content, blogContent };
}

/**
 * First-start catalogue: one row per canonical tool slug (aliases are not rows), in the catalogue's
 * order (categories, then each meta's `order`: the order the rows were always written in, so their ids stay the same).
 */
export const seedTools: SeedTool[] = TOOLS.map(seedToolRow);
