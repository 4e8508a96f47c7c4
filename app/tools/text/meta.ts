import type { ToolMeta } from "../types.ts";

export const TEXT_TOOL_SLUGS = ["word-counter", "text-reverser", "character-counter"] as const;
export type TextToolKind = (typeof TEXT_TOOL_SLUGS)[number];

export const tools: ToolMeta[] = TEXT_TOOL_SLUGS.map((slug, i) => ({ slug, aliases: [], category: "Text", order: i + 1, kind: "text", page: "text/text-tool.tsx" }));
