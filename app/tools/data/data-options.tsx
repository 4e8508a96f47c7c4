// The data converter's options: the output format, then what applies to it and to the input (CSV
// delimiter with the one sniffed, header row, quote style, pretty or compact, a CSV's numbers and
// booleans typed in JSON).
import { useId } from "react";
import { DATA_FORMATS, type CsvDelimiter, type DataFormat, type DataOptions } from "#codecs/data/data-model.ts";
import { ChoiceSelect, hintClass, labelClass, type Choice } from "../image-common/controls.tsx";
import { FORMAT_LABELS } from "./xml-converter-job.ts";

const DELIMITER_LABELS: Readonly<Record<CsvDelimiter, string>> = { ",": "Comma (,)", ";": "Semicolon (;)", "\t": "Tab", "|": "Pipe (|)" };

export interface DataOptionsProps {
  from: DataFormat | null;
  to: DataFormat;
  onTo: (to: DataFormat) => void;
  options: DataOptions;
  onOptions: (options: DataOptions) => void;
  /** the delimiter found in the chosen file, shown in the "Auto" choice */
  sniffed?: CsvDelimiter;
}

export function DataOptionsForm({ from, to, onTo, options, onOptions, sniffed }: DataOptionsProps) {
  const set = <K extends keyof DataOptions>(key: K, value: DataOptions[K]) => onOptions({ ...options, [key]: value });
  const headerId = useId();
  const typesId = useId();
  const typesHintId = useId();
  const csvIn = from === "csv" || from === "txt";
  const delimiterChoices: Choice<CsvDelimiter | "auto">[] = [
    { value: "auto", label: sniffed ? `Auto (found: ${DELIMITER_LABELS[sniffed]})` : "Auto (detect)" },
    ...(Object.keys(DELIMITER_LABELS) as CsvDelimiter[]).map((d) => ({ value: d, label: DELIMITER_LABELS[d] })),
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-2" data-testid="data-options">
      <ChoiceSelect label="Output format" testId="data-target" value={to} choices={DATA_FORMATS.map((f) => ({ value: f, label: FORMAT_LABELS[f] }))} onChange={onTo} />
      {csvIn || to === "csv" ? (
        <ChoiceSelect
          label="CSV delimiter"
          testId="data-delimiter"
          value={options.delimiter}
          choices={delimiterChoices}
          onChange={(v) => set("delimiter", v)}
          hint={csvIn ? "Used to read the file; a CSV output uses it too." : "Used to write the CSV."}
        />
      ) : null}
      {to === "csv" ? (
        <ChoiceSelect
          label="Quote style"
          testId="data-quote"
          value={options.quote}
          choices={[
            { value: "minimal" as const, label: "Only when needed" },
            { value: "all" as const, label: "Every field" },
          ]}
          onChange={(v) => set("quote", v)}
        />
      ) : null}
      {to === "json" || to === "xml" || to === "html" ? (
        <ChoiceSelect
          label="Layout"
          testId="data-layout"
          value={options.pretty ? "pretty" : "compact"}
          choices={[
            { value: "pretty", label: "Pretty (indented)" },
            { value: "compact", label: "Compact (smallest)" },
          ]}
          onChange={(v) => set("pretty", v === "pretty")}
        />
      ) : null}
      {csvIn || to === "csv" ? (
        <div className="flex items-center gap-2 sm:col-span-2">
          <input id={headerId} type="checkbox" className="h-4 w-4" checked={options.header} onChange={(e) => set("header", e.target.checked)} />
          <label htmlFor={headerId} className={labelClass}>
            The first row holds the column names
          </label>
        </div>
      ) : null}
      {csvIn && to === "json" ? (
        <div className="flex items-start gap-2 sm:col-span-2">
          <input
            id={typesId}
            type="checkbox"
            className="mt-0.5 h-4 w-4"
            checked={options.keepTypes}
            aria-describedby={typesHintId}
            onChange={(e) => set("keepTypes", e.target.checked)}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor={typesId} className={labelClass}>
              Keep numbers and booleans
            </label>
            <p id={typesHintId} className={hintClass}>
              Numbers and true/false become JSON numbers and booleans. Values with leading zeros, like 007 or ZIP codes, stay text.
            </p>
          </div>
        </div>
      ) : null}
    </div>
  );
}
