// JPG to ICO options as link parameters (`/tool/jpg-to-ico?sizes=16,32,48,256`) and its built-in presets.
import { ICO_DEFAULT_SIZES, ICO_SIZES } from "#codecs/ico/sizes.ts";
import { subsetOf } from "../shared/tool-options-url.ts";
import type { BuiltInPreset } from "../shared/tool-presets.ts";

export const ICO_OPTIONS = {
  sizes: subsetOf(ICO_SIZES, ICO_DEFAULT_SIZES),
};

export const ICO_PRESETS: readonly BuiltInPreset<typeof ICO_OPTIONS>[] = [
  { name: "Website favicon (16, 32, 48)", options: { sizes: "16,32,48" } },
  { name: "Windows application icon (16 to 256)", options: { sizes: "16,24,32,48,64,128,256" } },
  { name: "Browser tab only (16, 32)", options: { sizes: "16,32" } },
];
