// PNG to DDS options as link parameters (`?format=bc7&quality=best&mips=1`) and its built-in presets.
import { flag, oneOf } from "../shared/tool-options-url.ts";
import type { BuiltInPreset } from "../shared/tool-presets.ts";
import { DEFAULT_FORMAT, DEFAULT_QUALITY, FORMAT_CHOICES, QUALITY_CHOICES } from "./png-to-dds-job.ts";

export const PNG_TO_DDS_OPTIONS = {
  format: oneOf(FORMAT_CHOICES.map((c) => c.value), DEFAULT_FORMAT),
  quality: oneOf(QUALITY_CHOICES.map((c) => c.value), DEFAULT_QUALITY),
  mips: flag(false),
};

export const PNG_TO_DDS_PRESETS: readonly BuiltInPreset<typeof PNG_TO_DDS_OPTIONS>[] = [
  { name: "Game texture, BC7 with mips", options: { format: "bc7", quality: "best", mips: true } },
  { name: "Small texture, BC1 with mips", options: { format: "bc1", quality: "balanced", mips: true } },
  { name: "Texture with smooth alpha, BC3 with mips", options: { format: "bc3", quality: "balanced", mips: true } },
  { name: "UI sprite, uncompressed, no mips", options: { format: "rgba8" } },
];
