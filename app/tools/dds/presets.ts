// DDS to PNG options as link parameters (`/tool/dds-to-png?exposure=1.5&tonemap=clamp`): the HDR
// exposure and tone mapping. The surface picked and "all images" belong to one file and stay on the page.
import { decimalRange, oneOf } from "../shared/tool-options-url.ts";
import type { BuiltInPreset } from "../shared/tool-presets.ts";
import { EXPOSURE_MAX, EXPOSURE_MIN, type ToneMap } from "./dds-job.ts";

export const DDS_TO_PNG_OPTIONS = {
  exposure: decimalRange(EXPOSURE_MIN, EXPOSURE_MAX, 0),
  tonemap: oneOf<ToneMap>(["default", "clamp"], "default"),
};

export const DDS_TO_PNG_PRESETS: readonly BuiltInPreset<typeof DDS_TO_PNG_OPTIONS>[] = [
  { name: "HDR, filmic (Reinhard)", options: { tonemap: "default", exposure: 0 } },
  { name: "HDR, one stop brighter", options: { tonemap: "default", exposure: 1 } },
  { name: "HDR linear values, clamped", options: { tonemap: "clamp", exposure: 0 } },
];
