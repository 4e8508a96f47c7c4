import type { ToolMeta } from "../types.ts";
import { TIME_CONVERSIONS } from "./offsets.ts";

export const tools: ToolMeta[] = TIME_CONVERSIONS.map((t, i) => ({ slug: t.slug, aliases: [], category: "Time", order: i + 1, kind: "time", page: "time/time-zone-tool.tsx" }));
