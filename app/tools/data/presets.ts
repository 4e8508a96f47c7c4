// The data converter's options as link parameters (`/tool/xml-converter?to=csv&delimiter=semicolon`)
// and its built-in presets.
import { DATA_FORMATS, DEFAULT_DATA_OPTIONS } from "#codecs/data/data-model.ts";
import { flag, named, oneOf } from "../shared/tool-options-url.ts";
import type { BuiltInPreset } from "../shared/tool-presets.ts";

/** "auto": the chosen file's usual output (DEFAULT_TARGET: XML becomes JSON, JSON becomes CSV...). */
export const AUTO_TARGET = "auto";

export const DATA_OPTIONS = {
  to: oneOf([AUTO_TARGET, ...DATA_FORMATS], AUTO_TARGET),
  delimiter: named({ auto: "auto", comma: ",", semicolon: ";", tab: "\t", pipe: "|" }, DEFAULT_DATA_OPTIONS.delimiter),
  header: flag(DEFAULT_DATA_OPTIONS.header),
  quote: oneOf(["minimal", "all"], DEFAULT_DATA_OPTIONS.quote),
  pretty: flag(DEFAULT_DATA_OPTIONS.pretty),
  keepTypes: flag(DEFAULT_DATA_OPTIONS.keepTypes),
};

export const DATA_PRESETS: readonly BuiltInPreset<typeof DATA_OPTIONS>[] = [
  { name: "CSV for Excel in Europe (semicolon, every field quoted)", options: { to: "csv", delimiter: ";", quote: "all" } },
  { name: "Tab-separated values (TSV)", options: { to: "csv", delimiter: "\t" } },
  { name: "Compact JSON (one line)", options: { to: "json", pretty: false } },
  { name: "JSON with every value as text", options: { to: "json", keepTypes: false } },
  { name: "Indented XML", options: { to: "xml", pretty: true } },
];
