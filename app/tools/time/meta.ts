import type { ToolMeta } from "../types";
import { TIME_CONVERSIONS } from "./offsets";

export const tools: ToolMeta[] = TIME_CONVERSIONS.map((t) => ({ slug: t.slug, aliases: [], category: "Time", kind: "time", page: "time/time-zone-tool.tsx" }));
