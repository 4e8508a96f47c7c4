// AVIF to SVG (tool-catalogue.md §2, §5, §8): two modes. Embed wraps the decoded image, as PNG
// data, in an SVG (exact pixels); Trace turns it into real vector paths with a chosen number of
// colours. The work runs in ./avif-svg.worker.ts; the preview is an <img>, so nothing in an SVG
// could ever run as script on the page. With several files, the mode, colours and detail apply to each.
import { useId, useState } from "react";
import { SelectField } from "~/components/ui/select-field";
import { AVIF_ACCEPT } from "./meta";
import { FileToolFrame, outputFileName, type ConvertFunction } from "../shared/file-tool-frame";
import { createWorkerClient } from "../shared/worker-bridge";
import type { ToolComponentProps } from "../types";
import {
  DEFAULT_DETAIL,
  DEFAULT_MODE,
  DEFAULT_TRACE_COLORS,
  DETAIL_OPTIONS,
  MAX_TRACE_COLORS,
  MIN_TRACE_COLORS,
  parseColorCount,
  resultSummary,
  type AvifSvgRequest,
  type SvgMode,
} from "./avif-svg-job";
import type { api } from "./avif-svg.worker";
import type { TraceDetail } from "../../../codecs/svg/index.ts";

// one client per page load; the worker starts on the first conversion
const avifSvg = createWorkerClient<typeof api>(() => new Worker(new URL("./avif-svg.worker.ts", import.meta.url), { type: "module", name: "avif-svg" }));

const MODES: readonly { value: SvgMode; title: string; text: string }[] = [
  { value: "embed", title: "Embed", text: "The exact image inside an SVG, as PNG data. Same pixels, any SVG viewer." },
  { value: "trace", title: "Trace", text: "Real vector paths: shapes in a few colours that scale cleanly. Best for logos and flat artwork." },
];

export default function AvifToSvgTool(_props: ToolComponentProps) {
  const [mode, setMode] = useState<SvgMode>(DEFAULT_MODE);
  const [colorsText, setColorsText] = useState(String(DEFAULT_TRACE_COLORS));
  const [detail, setDetail] = useState<TraceDetail>(DEFAULT_DETAIL);
  const ids = { colors: useId(), colorsHint: useId() };
  const colors = parseColorCount(colorsText);
  const colorsInvalid = mode === "trace" && colors === null;

  const convert: ConvertFunction = async (file, { signal, onProgress }) => {
    const request: AvifSvgRequest = { file, mode, colors: colors ?? DEFAULT_TRACE_COLORS, detail };
    const result = await avifSvg.convert(request, { signal, onProgress });
    return {
      blob: new Blob([result.svg], { type: "image/svg+xml" }),
      fileName: outputFileName(file.name, "svg"),
      summary: resultSummary(result),
    };
  };

  const options = (
    <div className="space-y-5">
      <fieldset>
        <legend className="text-sm font-semibold">SVG output</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {MODES.map((m) => (
            <label
              key={m.value}
              className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm transition-colors ${
                mode === m.value ? "border-brand-500 bg-brand-50 dark:bg-slate-800" : "border-slate-300 hover:border-slate-400 dark:border-slate-700"
              }`}
            >
              <input type="radio" name="avif-svg-mode" value={m.value} checked={mode === m.value} onChange={() => setMode(m.value)} className="mt-0.5 h-4 w-4" />
              <span>
                <span className="block font-medium">{m.title}</span>
                <span className="text-slate-600 dark:text-slate-400">{m.text}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {mode === "trace" ? (
        <div className="grid gap-4 sm:grid-cols-2" data-testid="trace-options">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={ids.colors} className="text-sm font-medium text-slate-800 dark:text-slate-200">
              Colours
            </label>
            <input
              id={ids.colors}
              type="number"
              inputMode="numeric"
              min={MIN_TRACE_COLORS}
              max={MAX_TRACE_COLORS}
              step={1}
              value={colorsText}
              onChange={(event) => setColorsText(event.target.value)}
              aria-invalid={colorsInvalid || undefined}
              aria-describedby={ids.colorsHint}
              className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none aria-[invalid]:border-red-500 dark:border-slate-700 dark:bg-slate-950"
            />
            <p id={ids.colorsHint} className={`text-xs ${colorsInvalid ? "text-red-600" : "text-slate-500 dark:text-slate-400"}`}>
              {colorsInvalid
                ? `Enter a whole number from ${MIN_TRACE_COLORS} to ${MAX_TRACE_COLORS}.`
                : `${MIN_TRACE_COLORS} to ${MAX_TRACE_COLORS}; more colours follow the image more closely and take longer.`}
            </p>
          </div>
          <SelectField label="Detail" options={DETAIL_OPTIONS} value={detail} onChange={(event) => setDetail(event.target.value as TraceDetail)} />
        </div>
      ) : null}
    </div>
  );

  return (
    <FileToolFrame
      accept={AVIF_ACCEPT}
      convert={convert}
      convertDisabled={colorsInvalid}
      options={options}
      successTitle="Conversion successful"
      successDescription="AVIF converted to SVG"
      failureTitle="Conversion failed"
      failureDescription="Unable to convert AVIF file. Please try a different file."
      renderPreview={(result) => (
        <img
          src={result.url}
          alt="Preview of the SVG"
          data-testid="svg-preview"
          className="max-h-[400px] w-auto max-w-full rounded border border-slate-200 bg-[conic-gradient(#e2e8f0_25%,#fff_0_50%,#e2e8f0_0_75%,#fff_0)] bg-[length:16px_16px] dark:border-slate-700"
        />
      )}
    />
  );
}
