// The data converter's page (issue 15): choosing a file shows what it was read as and a preview of
// its first rows (read in the worker); Convert writes the chosen format in the worker with real
// progress (bytes read, parsed and written) and shows the output's first rows before the download.
import { Table2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { DataFacts, DataFormat, DataOptions } from "#codecs/data/data-model.ts";
import { formatFileSize } from "../shared/file-names.ts";
import { FileToolFrame, outputFileName, type ConvertFunction } from "../shared/file-tool-frame.tsx";
import { PresetsBar } from "../shared/presets-bar.tsx";
import { ProbeStatus, type FactLine } from "../shared/probe-status.tsx";
import { useFileProbe } from "../shared/use-file-probe.ts";
import { useUrlOptions } from "../shared/use-url-options.ts";
import type { ToolComponentProps } from "../types.ts";
import { xmlConverterClient } from "./xml-converter-client.ts";
import { DataOptionsForm } from "./data-options.tsx";
import { DataPreviewView } from "./data-preview.tsx";
import { AUTO_TARGET, DATA_OPTIONS, DATA_PRESETS } from "./presets.ts";
import { DEFAULT_TARGET, FORMAT_LABELS, formatOfName, type DataConvertResult, type DataProbeResult } from "./xml-converter-job.ts";

const DELIMITER_NAMES: Readonly<Record<string, string>> = { ",": "comma", ";": "semicolon", "\t": "tab", "|": "pipe" };

function factLines(from: DataFormat, { facts, preview }: DataProbeResult): FactLine[] {
  const lines: FactLine[] = [{ label: "Read as", value: readAs(from, facts) }];
  if (facts.delimiter) lines.push({ label: "Delimiter", value: DELIMITER_NAMES[facts.delimiter] ?? facts.delimiter });
  if (facts.tables !== undefined) lines.push({ label: "Tables", value: facts.tables === 0 ? "none (the page's text is read as lines)" : facts.tables === 1 ? "1" : `${facts.tables} (the first is converted)` });
  if (preview.kind === "table") {
    lines.push({ label: "Columns", value: String(preview.columns.length) });
    if (preview.totalRows >= 0) lines.push({ label: "Rows", value: preview.totalRows.toLocaleString("en") });
  }
  return lines;
}

function readAs(from: DataFormat, facts: DataFacts): string {
  const found = facts.readAs === "lines" ? "lines of text" : FORMAT_LABELS[facts.readAs];
  return from === "txt" ? `${found} (found in the text file)` : found;
}

export default function XmlConverterTool({ slug, meta }: ToolComponentProps) {
  const accept = meta.accept;
  const urlOptions = useUrlOptions(DATA_OPTIONS);
  const { to: picked, ...options } = urlOptions.values;
  const [file, setFile] = useState<File | null>(null);
  const [lastResult, setLastResult] = useState<{ result: DataConvertResult; to: DataFormat } | null>(null);
  // the probe reads the file with the options of the moment it starts (onOptions sets them first)
  const optionsRef = useRef<DataOptions>(options);
  // a link's options arrive after hydration: the next probe reads with them
  useEffect(() => {
    optionsRef.current = { delimiter: options.delimiter, header: options.header, quote: options.quote, pretty: options.pretty, keepTypes: options.keepTypes };
  }, [options.delimiter, options.header, options.quote, options.pretty, options.keepTypes]);
  const { probe, choose, unconvertible } = useFileProbe<DataProbeResult>(
    (chosen, { signal }) => xmlConverterClient.probe({ file: chosen, from: formatOfName(chosen.name), options: optionsRef.current }, { signal }),
    "Unable to read this file.",
  );
  if (!accept) throw new Error(`The data tool "${slug}" has no accept rule.`);
  const from = file ? formatOfName(file.name) : null;
  // until the visitor (or a link) picks an output, each file gets its format's usual one
  const to: DataFormat = picked === AUTO_TARGET ? DEFAULT_TARGET[from ?? "xml"] : picked;
  const setTo = (next: DataFormat) => urlOptions.set({ to: next });

  const onFileChange = (chosen: File | null) => {
    setLastResult(null);
    setFile(chosen);
    choose(chosen);
  };

  const onOptions = (next: DataOptions) => {
    urlOptions.set(next);
    optionsRef.current = next;
    // how the file is read changed: read its preview again
    if (file && (next.delimiter !== options.delimiter || next.header !== options.header)) choose(file);
  };

  const convert: ConvertFunction = async (chosen, { signal, onProgress }) => {
    const source = formatOfName(chosen.name);
    const result = await xmlConverterClient.convert({ file: chosen, from: source, to, options }, { signal, onProgress });
    setLastResult({ result, to });
    return {
      blob: result.output,
      fileName: outputFileName(chosen.name, to),
      summary: `${FORMAT_LABELS[to]} file, ${formatFileSize(result.output.size)}.`,
    };
  };

  const sniffed = probe.kind === "ready" ? probe.result.facts.delimiter : undefined;
  const optionsPanel = (
    <div className="space-y-5">
      <ProbeStatus probe={probe} facts={(result) => factLines(from ?? "txt", result)} icon={Table2} testId="data-info" />
      <PresetsBar slug={slug} options={urlOptions} builtIn={DATA_PRESETS} />
      {probe.kind === "ready" ? <DataPreviewView preview={probe.result.preview} caption="Preview of the file" testId="data-input-preview" /> : null}
      <DataOptionsForm from={from} to={to} onTo={setTo} options={options} onOptions={onOptions} sniffed={sniffed} />
    </div>
  );

  return (
    <FileToolFrame
      accept={accept}
      convert={convert}
      options={optionsPanel}
      convertLabel={`Convert to ${FORMAT_LABELS[to]}`}
      busyLabel="Converting..."
      downloadLabel="Download"
      successTitle="Conversion successful"
      successDescription={`Data converted to ${FORMAT_LABELS[to]}`}
      failureDescription="Unable to convert file"
      onFileChange={onFileChange}
      unconvertible={unconvertible}
      renderPreview={() =>
        lastResult ? <DataPreviewView preview={lastResult.result.preview} caption={`Preview of the ${FORMAT_LABELS[lastResult.to]} output`} testId="data-output-preview" /> : null
      }
    />
  );
}
