// TEMPORARY: replaced by cliConversions() at merge (app/tools/registry.ts derives the same list from
// the tools' metas, `cli: { from, to }`). Keep exactly these fields so the merger swaps one import.
// Which conversions `npm run convert` runs: each tool that can run in Node, the input kinds it takes
// (as inputKind() sniffs them) and the output extensions it writes.

export interface CliConversion {
  slug: string;
  from: readonly string[];
  to: readonly string[];
}

export function cliConversions(): CliConversion[] {
  return [
    { slug: "dds-to-png", from: ["dds"], to: ["png", "zip"] },
    { slug: "png-to-dds-converter", from: ["png", "jpeg"], to: ["dds"] },
    { slug: "jpg-to-ico", from: ["png", "jpeg"], to: ["ico"] },
    { slug: "jfif-to-png", from: ["jpeg"], to: ["png"] },
    { slug: "tiff-to-pdf-converter", from: ["tiff"], to: ["pdf"] },
    { slug: "psb-to-pdf-converter", from: ["psb"], to: ["pdf"] },
  ];
}
