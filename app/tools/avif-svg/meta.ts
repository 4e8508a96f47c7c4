import { acceptRule } from "../shared/file-accept.ts";
import type { ToolMeta } from "../types.ts";

export const AVIF_ACCEPT = acceptRule(
  ["avif"],
  { invalidDescription: "Please select an AVIF file", noFileDescription: "Please select an AVIF file to convert" },
  ["image/avif"],
);

export const tools: ToolMeta[] = [
  {
    slug: "avif-to-svg-converter",
    aliases: [],
    category: "Image",
    order: 4,
    kind: "file",
    accept: AVIF_ACCEPT,
    page: "avif-svg/avif-to-svg-tool.tsx",
    workerPackages: ["imagetracerjs", "fflate", "@jsquash/avif"],
    cli: { from: ["avif"], to: ["svg"], options: ["no options (the image embedded as PNG, as the page's default Embed mode)"] },
  },
];
