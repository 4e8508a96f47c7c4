import { acceptRule } from "../shared/file-accept.ts";
import type { ToolMeta } from "../types.ts";

/** {product}: DDS to PNG. */
export const DDS_ACCEPT = acceptRule(["dds"], {
  invalidTitle: "Invalid File",
  invalidDescription: "Please select a DDS file",
  noFileDescription: "Please select a DDS file to convert",
});

export const tools: ToolMeta[] = [
  {
    slug: "dds-to-png",
    aliases: ["dds-to-png-converter"],
    category: "Image",
    order: 1,
    kind: "file",
    accept: DDS_ACCEPT,
    page: "dds/dds-to-png-tool.tsx",
    workerPackages: ["fflate"],
    // --all writes every surface, to a zip or a folder
    cli: {
      from: ["dds"],
      to: ["png", "zip"],
      options: ["--level N  --face N|+X|-X|+Y|-Y|+Z|-Z  --slice N  --all (output .zip or a folder)", "--exposure STOPS  --tonemap default|clamp   (HDR formats)"],
      folderWithAll: true,
      outputNote: "(the .zip, or a folder, with --all)",
    },
  },
];
