import { acceptRule } from "../shared/file-accept.ts";
import type { ToolMeta } from "../types.ts";

export const JFIF_ACCEPT = acceptRule(["jfif", "jpg", "jpeg"], {
  invalidDescription: "Please select a JFIF, JPG, or JPEG file",
  noFileDescription: "Please select a JFIF file to convert",
});

export const tools: ToolMeta[] = [
  {
    slug: "jfif-to-png",
    aliases: ["jfif-to-png-converter"],
    category: "Image",
    order: 2,
    kind: "file",
    accept: JFIF_ACCEPT,
    page: "jfif/jfif-to-png-tool.tsx",
    workerPackages: ["fflate"],
    cli: { from: ["jpeg"], to: ["png"], options: ["no options"] },
  },
];
