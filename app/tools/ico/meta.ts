import { ICO_SIZES } from "#codecs/ico/sizes.ts";
import { acceptRule } from "../shared/file-accept.ts";
import type { ToolMeta } from "../types.ts";

export const ICO_ACCEPT = acceptRule(["jpg", "jpeg", "png"], {
  invalidDescription: "Please select a JPG, JPEG, or PNG file",
  noFileDescription: "Please select an image file to convert",
});

export const tools: ToolMeta[] = [
  {
    slug: "jpg-to-ico",
    aliases: ["jpg-to-ico-converter"],
    category: "Image",
    order: 3,
    kind: "file",
    accept: ICO_ACCEPT,
    page: "ico/jpg-to-ico-tool.tsx",
    workerPackages: ["fflate"],
    cli: { from: ["png", "jpeg"], to: ["ico"], options: [`--sizes 16,32,48   (from ${ICO_SIZES.join(", ")})`] },
  },
];
