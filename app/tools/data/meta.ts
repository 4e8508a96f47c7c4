import { acceptRule } from "../shared/file-accept.ts";
import type { ToolMeta } from "../types.ts";

// The data converter (issue 15): XML, JSON, CSV, HTML and TXT in every direction, by
// codecs/data/convert-data.ts in its worker and in `npm run convert`.

export const DATA_ACCEPT = acceptRule(["xml", "json", "csv", "html", "txt"], {
  invalidDescription: "Please select a valid file (XML, JSON, CSV, HTML, TXT)",
  noFileDescription: "Please select a file to convert",
});

/** The packages the data converter's worker imports (./xml-converter.worker.ts through codecs/data). */
export const DATA_WORKER_PACKAGES = ["papaparse", "htmlparser2"];

const FORMATS = ["xml", "json", "csv", "html", "txt"];

export const tools: ToolMeta[] = [
  {
    slug: "xml-converter",
    aliases: [],
    category: "Document",
    order: 2,
    kind: "file",
    accept: DATA_ACCEPT,
    page: "data/xml-converter-tool.tsx",
    workerPackages: DATA_WORKER_PACKAGES,
    cli: {
      from: FORMATS,
      to: FORMATS,
      options: ["--delimiter auto|,|;|tab|pipe (CSV in and out)  --no-header (CSV without a header row)", "--quote minimal|all (CSV out)  --compact (JSON, XML and HTML on one line)", "--all-strings (CSV to JSON: every value a string, no numbers or true/false)"],
    },
  },
];
