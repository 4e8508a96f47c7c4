// AVIF to SVG: two modes. Embed wraps the decoded image, as PNG
// data, in an SVG (exact pixels); Trace turns it into real vector paths with a chosen number of
// colours. The work runs in ./avif-svg.worker.ts; the preview is an <img>, so nothing in an SVG
// could ever run as script on the page. With several files, the mode, colours and detail apply to each.
import { useState } from "react";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { RadioCards, RangeField } from "../image-common/controls.tsx";
import { acceptOf } from "../shared/file-accept.ts";
import { FileToolFrame, outputFileName, type ConvertFunction } from "../shared/file-tool-frame.tsx";
import { PresetsBar } from "../shared/presets-bar.tsx";
import { useUrlOptions } from "../shared/use-url-options.ts";
import type { ToolComponentProps } from "../types.ts";
import {
  DEFAULT_TRACE_COLORS,
  DETAIL_OPTIONS,
  MAX_TRACE_COLORS,
  MIN_TRACE_COLORS,
  parseColorCount,
  resultSummary,
  type AvifSvgRequest,
  type SvgMode,
} from "./avif-svg-job.ts";
import { avifSvgClient } from "./avif-svg-client.ts";
import type { TraceDetail } from "#codecs/svg/index.ts";
import { AVIF_SVG_OPTIONS, AVIF_SVG_PRESETS } from "./presets.ts";

const MODES: readonly { value: SvgMode; title: string; text: string }[] = [
  { value: "embed", title: "Embed", text: "The exact image inside an SVG, as PNG data. Same pixels, any SVG viewer." },
  { value: "trace", title: "Trace", text: "Real vector paths: shapes in a few colours that scale cleanly. Best for logos and flat artwork." },
];

export default function AvifToSvgTool({ slug, meta }: ToolComponentProps) {
  const urlOptions = useUrlOptions(AVIF_SVG_OPTIONS);
  const { mode, detail } = urlOptions.values;
  const setMode = (value: SvgMode) => urlOptions.set({ mode: value });
  const setDetail = (value: TraceDetail) => urlOptions.set({ detail: value });
  // the text being typed stays on screen while it is not a valid count; a valid one goes to the URL
  const [draft, setDraft] = useState<string | null>(null);
  const colorsText = draft !== null && parseColorCount(draft) === null ? draft : String(urlOptions.values.colors);
  const setColorsText = (text: string) => {
    setDraft(text);
    const count = parseColorCount(text);
    if (count !== null) urlOptions.set({ colors: count });
  };
  const colors = parseColorCount(colorsText);
  const colorsInvalid = mode === "trace" && colors === null;

  const convert: ConvertFunction = async (file, { signal, onProgress }) => {
    const request: AvifSvgRequest = { file, mode, colors: colors ?? DEFAULT_TRACE_COLORS, detail };
    const result = await avifSvgClient.convert(request, { signal, onProgress });
    return {
      blob: new Blob([result.svg], { type: "image/svg+xml" }),
      fileName: outputFileName(file.name, "svg"),
      summary: resultSummary(result),
    };
  };

  const options = (
    <div className="space-y-5">
      <PresetsBar slug={slug} options={urlOptions} builtIn={AVIF_SVG_PRESETS} />
      <RadioCards<SvgMode> legend="SVG output" name="avif-svg-mode" value={mode} choices={MODES} onChange={setMode} />
      {mode === "trace" ? (
        <div className="grid gap-4 sm:grid-cols-2" data-testid="trace-options">
          <RangeField
            label="Colours"
            text={colorsText}
            onTextChange={setColorsText}
            bounds={{ min: MIN_TRACE_COLORS, max: MAX_TRACE_COLORS, step: 1 }}
            inputMode="numeric"
            invalid={colorsInvalid}
            invalidText={`Enter a whole number from ${MIN_TRACE_COLORS} to ${MAX_TRACE_COLORS}.`}
            hint={`${MIN_TRACE_COLORS} to ${MAX_TRACE_COLORS}; more colours follow the image more closely and take longer.`}
          />
          <SelectField label="Detail" options={DETAIL_OPTIONS} value={detail} onChange={(event) => setDetail(event.target.value as TraceDetail)} />
        </div>
      ) : null}
    </div>
  );

  return (
    <FileToolFrame
      accept={acceptOf(meta)}
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
