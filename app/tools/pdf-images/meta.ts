import { acceptRule } from "../shared/file-accept.ts";
import type { ToolMeta } from "../types.ts";

// The codec reads PSD as well as PSB (same layout, 4-byte lengths instead of 8), so the page takes both.
export const PSB_ACCEPT = acceptRule(["psb", "psd"], {
  invalidDescription: "Please select a PSB or PSD file",
  noFileDescription: "Please select a PSB or PSD file to convert",
});

export const TIFF_ACCEPT = acceptRule(["tiff", "tif"], { invalidDescription: "Please select a TIFF file", noFileDescription: "Please select a TIFF file to convert" });

// One worker (images-to-pdf.worker.ts) serves both pages.
const workerPackages = ["pdf-lib", "fflate"];

export const tools: ToolMeta[] = [
  {
    slug: "psb-to-pdf-converter",
    aliases: [],
    category: "Image",
    order: 6,
    kind: "file",
    accept: PSB_ACCEPT,
    page: "pdf-images/psb-to-pdf-tool.tsx",
    workerPackages,
    cli: { from: ["psb"], to: ["pdf"], options: ["the composite image of a PSB or PSD; no options"] },
  },
  {
    slug: "tiff-to-pdf-converter",
    aliases: [],
    category: "Image",
    order: 7,
    kind: "file",
    accept: TIFF_ACCEPT,
    page: "pdf-images/tiff-to-pdf-tool.tsx",
    workerPackages,
    cli: { from: ["tiff"], to: ["pdf"], options: ["every page; no options"] },
  },
];
