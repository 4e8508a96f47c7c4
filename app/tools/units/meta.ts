import type { ToolMeta } from "../types";
import { UNIT_CONVERSIONS } from "./conversions";

export const tools: ToolMeta[] = UNIT_CONVERSIONS.map((c) => ({ slug: c.slug, aliases: [], category: "Unit", kind: "calculator", page: "units/unit-converter-tool.tsx" }));
