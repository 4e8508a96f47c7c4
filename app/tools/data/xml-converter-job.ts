// The requests and results the data converter's page exchanges with its worker
// (./xml-converter.worker.ts). Pure types and the small rules both sides share.
import type { DataFacts, DataFormat, DataOptions, DataPreview } from "#codecs/data/data-model.ts";

export interface DataProbeRequest {
  file: File;
  from: DataFormat;
  options: DataOptions;
}

export interface DataProbeResult {
  preview: DataPreview;
  facts: DataFacts;
}

export interface DataConvertRequest extends DataProbeRequest {
  to: DataFormat;
}

export interface DataConvertResult {
  output: Blob;
  preview: DataPreview;
  facts: DataFacts;
}

export const FORMAT_LABELS: Readonly<Record<DataFormat, string>> = { xml: "XML", json: "JSON", csv: "CSV", html: "HTML", txt: "TXT" };

export const MIME_TYPES: Readonly<Record<DataFormat, string>> = {
  xml: "application/xml",
  json: "application/json",
  csv: "text/csv",
  html: "text/html",
  txt: "text/plain",
};

const BY_EXTENSION: Readonly<Record<string, DataFormat>> = { xml: "xml", json: "json", csv: "csv", tsv: "csv", html: "html", htm: "html", txt: "txt" };

/** The format a file's name says (the accept rule lets only these through); anything else is read as TXT, whose content is sniffed. */
export function formatOfName(name: string): DataFormat {
  const extension = name.includes(".") ? name.slice(name.lastIndexOf(".") + 1).toLowerCase() : "";
  return BY_EXTENSION[extension] ?? "txt";
}

/** The output a visitor most likely wants from each input. */
export const DEFAULT_TARGET: Readonly<Record<DataFormat, DataFormat>> = { xml: "json", json: "csv", csv: "json", html: "csv", txt: "json" };
