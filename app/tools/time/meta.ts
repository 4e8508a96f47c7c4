import type { ToolMeta } from "../types";
import { TIME_CONVERSIONS } from "./offsets";

const load = () => import("./time-zone-tool");

export const timeTools: ToolMeta[] = TIME_CONVERSIONS.map((t) => ({ slug: t.slug, aliases: [], category: "Time", kind: "time", load }));
