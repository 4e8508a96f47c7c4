import type { ToolMeta } from "../types";
import { UNIT_CONVERSIONS } from "./conversions";

const load = () => import("./unit-converter-tool");

export const unitTools: ToolMeta[] = UNIT_CONVERSIONS.map((c) => ({ slug: c.slug, aliases: [], category: "Unit", kind: "calculator", load }));
