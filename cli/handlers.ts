// The CLI side of each conversion, by tool slug: its options for the usage text, and its code,
// loaded only when that conversion runs (a DDS to PNG run never loads the PDF writer).
import { ICO_SIZES } from "../codecs/ico/sizes.ts";
import type { ConversionHandler } from "./conversions/handler.ts";

export interface HandlerEntry {
  /** the options, one usage line each */
  options: readonly string[];
  /** with --all, an output name without an extension is a folder of images */
  folderWithAll?: true;
  /** what the outputs mean beyond their extensions, for the "converts to" refusal */
  outputNote?: string;
  load: () => Promise<{ convert: ConversionHandler }>;
}

export const HANDLERS: Readonly<Record<string, HandlerEntry>> = {
  "dds-to-png": {
    options: ["--level N  --face N|+X|-X|+Y|-Y|+Z|-Z  --slice N  --all (output .zip or a folder)", "--exposure STOPS  --tonemap default|clamp   (HDR formats)"],
    folderWithAll: true,
    outputNote: "(the .zip, or a folder, with --all)",
    load: () => import("./conversions/dds-to-png.ts"),
  },
  "png-to-dds-converter": { options: ["--format rgba8|bc1|bc3|bc7  --quality fast|balanced|best  --mips"], load: () => import("./conversions/png-to-dds.ts") },
  "jpg-to-ico": { options: [`--sizes 16,32,48   (from ${ICO_SIZES.join(", ")})`], load: () => import("./conversions/jpg-to-ico.ts") },
  "jfif-to-png": { options: ["no options"], load: () => import("./conversions/jfif-to-png.ts") },
  "tiff-to-pdf-converter": { options: ["every page; no options"], load: () => import("./conversions/tiff-to-pdf.ts") },
  "psb-to-pdf-converter": { options: ["the composite image; no options"], load: () => import("./conversions/psb-to-pdf.ts") },
};
