import { acceptRule } from "../shared/file-accept.ts";
import type { ToolMeta } from "../types.ts";

export const PNG_TO_DDS_ACCEPT = acceptRule(["png"], { invalidDescription: "Please select a PNG file", noFileDescription: "Please select a PNG file to convert" });

export const tools: ToolMeta[] = [
  {
    slug: "png-to-dds-converter",
    aliases: [],
    category: "Image",
    order: 5,
    kind: "file",
    accept: PNG_TO_DDS_ACCEPT,
    page: "png-dds/png-to-dds-tool.tsx",
    workerPackages: ["fflate"],
    cli: { from: ["png", "jpeg"], to: ["dds"], options: ["--format rgba8|bc1|bc3|bc7  --quality fast|balanced|best  --mips"] },
  },
];
