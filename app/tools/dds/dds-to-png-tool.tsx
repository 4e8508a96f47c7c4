// DDS to PNG, the site's headline tool (issue 6). Choosing a file
// reads its layout in the worker and shows what it holds; the visitor picks a mip level, cube face
// and array element / depth slice (only those that exist), an exposure for HDR formats, and either
// that one image as PNG or every image in a zip. Decoding and PNG encoding (ours, never a canvas:
// a canvas premultiplies alpha) run in ./dds-to-png.worker.ts; a large image's preview is a reduced
// PNG made there too, so the page never has to hold a gigantic bitmap.
//
// Several files at once: the info and pickers are those of the first file in the list, and the
// choices apply to every file as they are (no silent fallback). Each other file is read first for
// its own layout (its download name says what it holds); a mip level, face or slice it does not
// have fails that file's row with the decoder's message ("mip level 3 does not exist ..."), and
// "All images" is refused the same way for a file too large to zip. In "Download all", each
// file's "All images" PNGs go in a folder named after the file.
import { CircleAlert, Info, LoaderCircle } from "lucide-react";
import { useState } from "react";
import { DdsError } from "#codecs/dds/errors.ts";
import { acceptOf } from "../shared/file-accept.ts";
import { formatFileSize } from "../shared/file-names.ts";
import { FileToolFrame, filesOfZip, outputFileName, type ConvertFunction, type ShownResult } from "../shared/file-tool-frame.tsx";
import { useFileProbe } from "../shared/use-file-probe.ts";
import { isAbortError } from "../shared/worker-bridge.ts";
import { PresetsBar } from "../shared/presets-bar.tsx";
import { useUrlOptions } from "../shared/use-url-options.ts";
import type { ToolComponentProps } from "../types.ts";
import { DDS_TO_PNG_OPTIONS, DDS_TO_PNG_PRESETS } from "./presets.ts";
import { checkerboardClass, ChoiceSelect, RadioCards, RangeField } from "../image-common/controls.tsx";
import { previewZoom } from "../image-common/preview-zoom.ts";
import {
  allImagesRefusal,
  EXPOSURE_MAX,
  EXPOSURE_MIN,
  EXPOSURE_STEP,
  fileInfoRows,
  parseExposure,
  type DdsConvertResult,
  type DdsFileInfo,
  type ToneMap,
} from "./dds-job.ts";
import { threadCap } from "../shared/thread-cap.ts";
import { ddsToPngClient } from "./dds-to-png-client.ts";
import {
  clampSelection,
  levelSize,
  singleImageFileName,
  sliceCount,
  surfaceCount,
  surfaceLabel,
  TOP_SURFACE,
  zipEntryNames,
  zipFileName,
  type SurfaceSelection,
} from "#codecs/dds/dds-surfaces.ts";

type OutputMode = "one" | "all";

/** What a shown result was made from, to list the zip's entries and notice later option changes. */
interface RunRecord {
  fileName: string;
  info: DdsFileInfo;
  selection: SurfaceSelection;
  all: boolean;
  exposure: number;
  tonemap: ToneMap;
  result: Pick<DdsConvertResult, "width" | "height" | "previewWidth" | "previewHeight" | "images">;
}

const TONEMAPS: readonly { value: ToneMap; label: string }[] = [
  { value: "default", label: "Filmic (Reinhard, sRGB)" },
  { value: "clamp", label: "Clamp (linear, no gamma)" },
];

const MAX_LISTED_ENTRIES = 200;

export default function DdsToPngTool({ slug, meta }: ToolComponentProps) {
  // what is known of the first file of the list (`probe.file`: the one probed)
  const { probe, choose, unconvertible } = useFileProbe<DdsFileInfo>((file, { signal }) => ddsToPngClient.probe({ file }, { signal }), "The file could not be read as a DDS texture.");
  const [selection, setSelection] = useState<SurfaceSelection>(TOP_SURFACE);
  const [mode, setMode] = useState<OutputMode>("one");
  // the HDR settings travel in the URL; an exposure being typed stays on screen until it is valid
  const urlOptions = useUrlOptions(DDS_TO_PNG_OPTIONS);
  const { tonemap } = urlOptions.values;
  const setTonemap = (value: ToneMap) => urlOptions.set({ tonemap: value });
  const [draft, setDraft] = useState<string | null>(null);
  const exposureText = draft !== null && [null, urlOptions.values.exposure].includes(parseExposure(draft)) ? draft : String(urlOptions.values.exposure);
  const setExposureText = (text: string) => {
    setDraft(text);
    const value = parseExposure(text);
    if (value !== null) urlOptions.set({ exposure: value });
  };
  const [lastRun, setLastRun] = useState<RunRecord | null>(null);

  const info = probe.kind === "ready" ? probe.result : null;
  const exposure = parseExposure(exposureText);
  const exposureInvalid = info?.hdr === true && exposure === null;
  const allRefusal = info ? allImagesRefusal(info) : null;
  const wantAll = mode === "all" && info !== null && allRefusal === null;

  const onFileChange = (file: File | null) => {
    setSelection(TOP_SURFACE);
    setMode("one");
    setLastRun(null);
    choose(file);
  };

  const convert: ConvertFunction = async (file, { signal, onProgress }) => {
    const baseName = outputFileName(file.name, "");
    // the worker reads the file again: the selection is checked there against the real layout
    const chosen = info ? clampSelection(info, selection) : TOP_SURFACE;
    const all = wantAll;
    const usedExposure = exposure ?? 0;
    const probed = probe.kind !== "none" && probe.file === file;
    // another file of the list: its own layout names its output; the choices stay as they are
    const ownInfo = probed ? info : await readLayout(file, signal);
    const ownRefusal = all && ownInfo && !probed ? allImagesRefusal(ownInfo) : null;
    if (ownRefusal) throw new DdsError(ownRefusal, "too-large");
    const result = await ddsToPngClient.convert({ file, selection: chosen, all, exposure: usedExposure, tonemap, baseName, threads: threadCap() }, { signal, onProgress });
    if (probed && info) setLastRun({ fileName: file.name, info, selection: chosen, all, exposure: usedExposure, tonemap, result });
    const what = ownInfo ? surfaceLabel(ownInfo, chosen) : `${result.width} × ${result.height}`;
    return {
      blob: result.output,
      fileName: all ? zipFileName(baseName) : ownInfo ? singleImageFileName(baseName, ownInfo, chosen) : `${baseName}.png`,
      ...(result.preview ? { previewUrl: URL.createObjectURL(result.preview) } : {}),
      summary: all ? `All ${result.images} images as PNG files in one ZIP (${formatFileSize(result.output.size)}).` : `${what} as PNG, ${result.width} × ${result.height} px.`,
      // "Download all" files every image in a folder named after the DDS, not the zip in the zip
      ...(all ? { files: () => filesOfZip(result.output) } : {}),
    };
  };

  const options = (
    <div className="space-y-5" data-testid="dds-options">
      {probe.kind === "reading" ? (
        <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" /> Reading the file…
        </p>
      ) : null}
      {/* a reason is said on the file's own line by the frame; only an unexplained failure is said here */}
      {probe.kind === "failed" && !probe.reason ? (
        <p role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-300" data-testid="dds-probe-error">
          <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>This file cannot be converted: {probe.message}</span>
        </p>
      ) : null}
      {info && probe.kind === "ready" ? <FileInfoPanel info={info} fileName={probe.file.name} /> : null}
      {info ? (
        <SurfacePicker info={info} selection={clampSelection(info, selection)} onChange={(next) => setSelection(clampSelection(info, next))} />
      ) : null}
      {/* the settings a link can hold are the HDR ones: the bar shows with them (or to explain a link's ignored parameters) */}
      {info?.hdr || urlOptions.ignored.length > 0 ? <PresetsBar slug={slug} options={urlOptions} builtIn={DDS_TO_PNG_PRESETS} /> : null}
      {info?.hdr ? (
        <div className="grid gap-4 sm:grid-cols-2" data-testid="hdr-options">
          <RangeField
            label="Exposure (stops)"
            text={exposureText}
            onTextChange={setExposureText}
            bounds={{ min: EXPOSURE_MIN, max: EXPOSURE_MAX, step: EXPOSURE_STEP }}
            slider={{ label: "Exposure slider", value: exposure ?? 0 }}
            invalid={exposureInvalid}
            invalidText={`Enter a number from ${EXPOSURE_MIN} to ${EXPOSURE_MAX}.`}
            hint="HDR colours are multiplied by 2^exposure before tone mapping: +1 is twice as bright."
          />
          <ChoiceSelect label="Tone mapping" value={tonemap} choices={TONEMAPS} onChange={setTonemap} hint="How HDR values above 1 become 8-bit colours." />
        </div>
      ) : null}
      {info && surfaceCount(info) > 1 ? (
        <RadioCards<OutputMode>
          legend="Download"
          name="dds-output"
          value={wantAll ? "all" : "one"}
          onChange={setMode}
          choices={[
            { value: "one", title: "Selected image", text: "The image picked above, as one PNG file." },
            {
              value: "all",
              title: `All ${surfaceCount(info).toLocaleString("en-US")} images (ZIP)`,
              text: allRefusal ?? "Every mip level, face and slice as PNG files in one ZIP, named by what they are.",
              disabled: allRefusal !== null,
            },
          ]}
        />
      ) : null}
    </div>
  );

  const renderPreview = (shown: ShownResult) => (
    <ResultPreview shown={shown} run={lastRun} current={info ? { selection: clampSelection(info, selection), all: wantAll, exposure: exposure ?? 0, tonemap } : null} />
  );

  return (
    <FileToolFrame
      accept={acceptOf(meta)}
      convert={convert}
      convertDisabled={exposureInvalid}
      onFileChange={onFileChange}
      unconvertible={unconvertible}
      options={probe.kind === "none" ? undefined : options}
      successTitle="Conversion Complete"
      successDescription="Your DDS file has been converted to PNG"
      failureTitle="Conversion Failed"
      failureDescription="There was an error converting your file. Please try again."
      renderPreview={renderPreview}
    />
  );
}

/** The layout of a file other than the probed one (null when it cannot be read: its conversion then says why). */
async function readLayout(file: File, signal: AbortSignal): Promise<DdsFileInfo | null> {
  try {
    return await ddsToPngClient.probe({ file }, { signal });
  } catch (error) {
    if (isAbortError(error)) throw error;
    return null;
  }
}

/** The facts of the file the options read (the first of a list): named, so a list's reader knows which (issue 31, finding 7). */
function FileInfoPanel({ info, fileName }: { info: DdsFileInfo; fileName: string }) {
  return (
    <section aria-label="DDS file information" className="rounded-lg border border-slate-200 p-3 sm:p-4 dark:border-slate-700" data-testid="dds-info">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <Info className="h-4 w-4 shrink-0 text-brand-600" aria-hidden="true" /> <span className="min-w-0 break-all">File information: {fileName}</span>
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        {fileInfoRows(info).map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-slate-500 dark:text-slate-400">{row.label}</dt>
            <dd className="font-medium break-words">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function SurfacePicker({ info, selection, onChange }: { info: DdsFileInfo; selection: SurfaceSelection; onChange: (next: SurfaceSelection) => void }) {
  const levels = Array.from({ length: info.mipCount }, (_, level) => {
    const { width, height } = levelSize(info, level);
    return { value: level, label: `${level} (${width} × ${height})` };
  });
  const faces = info.faceNames.map((name, face) => ({ value: face, label: name }));
  const slices = sliceCount(info, selection.level);
  const sliceChoices = Array.from({ length: slices }, (_, slice) => ({ value: slice, label: String(slice) }));
  if (levels.length <= 1 && faces.length <= 1 && slices <= 1) return null;
  return (
    <div className="grid gap-4 sm:grid-cols-3" data-testid="surface-picker">
      {levels.length > 1 ? <ChoiceSelect label="Mip level" value={selection.level} choices={levels} onChange={(level) => onChange({ ...selection, level })} /> : null}
      {info.isCubemap ? <ChoiceSelect label="Cube face" value={selection.face} choices={faces} onChange={(face) => onChange({ ...selection, face })} /> : null}
      {slices > 1 ? (
        <ChoiceSelect
          label={info.isVolume ? "Depth slice" : "Array element"}
          value={selection.slice}
          choices={sliceChoices}
          onChange={(slice) => onChange({ ...selection, slice })}
          hint={info.isVolume ? `${slices} slices at this mip level` : undefined}
        />
      ) : null}
    </div>
  );
}

function ResultPreview({
  shown,
  run,
  current,
}: {
  shown: ShownResult;
  run: RunRecord | null;
  current: Pick<RunRecord, "selection" | "all" | "exposure" | "tonemap"> | null;
}) {
  const src = shown.previewUrl ?? shown.url;
  const reduced = run !== null && (run.result.previewWidth !== run.result.width || run.result.previewHeight !== run.result.height);
  const stale =
    run !== null &&
    current !== null &&
    (current.all !== run.all ||
      current.selection.level !== run.selection.level ||
      current.selection.face !== run.selection.face ||
      current.selection.slice !== run.selection.slice ||
      (run.info.hdr && (current.exposure !== run.exposure || current.tonemap !== run.tonemap)));
  // small mips are drawn larger, pixel for pixel, so a 4 × 4 level is visible at all
  const zoom = run ? previewZoom(run.result.previewWidth, run.result.previewHeight, 32) : 1;
  const names = run?.all ? zipEntryNames(outputFileName(run.fileName, ""), run.info) : [];
  return (
    <div className="space-y-3">
      {stale ? (
        <p className="text-sm text-amber-700 dark:text-amber-300" data-testid="stale-result">
          The options have changed since this result: press Convert again to update it.
        </p>
      ) : null}
      <figure>
        <div className={`flex justify-center overflow-hidden rounded border border-slate-200 p-2 dark:border-slate-700 ${checkerboardClass}`}>
          <img
            src={src}
            alt="Preview of the converted image"
            decoding="async"
            data-testid="dds-preview"
            width={run ? run.result.previewWidth * zoom : undefined}
            height={run ? run.result.previewHeight * zoom : undefined}
            className={`h-auto max-h-[512px] max-w-full object-contain ${zoom > 1 ? "[image-rendering:pixelated]" : ""}`}
          />
        </div>
        {run ? (
          <figcaption className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            {surfaceLabel(run.info, run.selection)}
            {zoom > 1 ? ` — shown at ${zoom}×` : ""}
            {reduced ? ` — preview reduced to ${run.result.previewWidth} × ${run.result.previewHeight}; the download is full size` : ""}
          </figcaption>
        ) : null}
      </figure>
      {names.length > 0 ? (
        <details className="text-sm" data-testid="zip-entries">
          <summary className="cursor-pointer font-medium">Files in the ZIP ({names.length.toLocaleString("en-US")})</summary>
          <ul className="mt-2 max-h-60 overflow-auto font-mono text-xs break-all">
            {names.slice(0, MAX_LISTED_ENTRIES).map((name) => (
              <li key={name}>{name}</li>
            ))}
            {names.length > MAX_LISTED_ENTRIES ? <li>… and {(names.length - MAX_LISTED_ENTRIES).toLocaleString("en-US")} more</li> : null}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
