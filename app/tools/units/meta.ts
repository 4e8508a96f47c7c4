import type { ToolMeta } from "../types.ts";
import { UNIT_CONVERSIONS } from "./conversions.ts";

export const tools: ToolMeta[] = UNIT_CONVERSIONS.map((c, i) => ({ slug: c.slug, aliases: [], category: "Unit", order: i + 1, kind: "calculator", page: "units/unit-converter-tool.tsx" }));
