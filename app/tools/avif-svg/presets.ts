// AVIF to SVG options as link parameters (`/tool/avif-to-svg?mode=trace&colors=4&detail=low`) and
// its built-in presets.
import { intRange, oneOf } from "../shared/tool-options-url.ts";
import type { BuiltInPreset } from "../shared/tool-presets.ts";
import { DEFAULT_DETAIL, DEFAULT_MODE, DEFAULT_TRACE_COLORS, DETAIL_OPTIONS, MAX_TRACE_COLORS, MIN_TRACE_COLORS, type SvgMode } from "./avif-svg-job.ts";

export const AVIF_SVG_OPTIONS = {
  mode: oneOf<SvgMode>(["embed", "trace"], DEFAULT_MODE),
  colors: intRange(MIN_TRACE_COLORS, MAX_TRACE_COLORS, DEFAULT_TRACE_COLORS),
  detail: oneOf(DETAIL_OPTIONS.map((o) => o.value), DEFAULT_DETAIL),
};

export const AVIF_SVG_PRESETS: readonly BuiltInPreset<typeof AVIF_SVG_OPTIONS>[] = [
  { name: "Exact pixels (embedded image)", options: { mode: "embed" } },
  { name: "Logo, 4 colours, smooth shapes", options: { mode: "trace", colors: 4, detail: "low" } },
  { name: "Flat artwork, 16 colours, high detail", options: { mode: "trace", colors: 16, detail: "high" } },
];
