// PNG to DDS: the chosen PNG is shown (at most 400 px high),
// then written as a DDS texture: uncompressed RGBA by default (a 128-byte header and raw
// pixels), or BC1, BC3, BC7 with a quality choice, optionally with the full mip chain. The work runs
// in ./png-to-dds.worker.ts with the encoder's real progress; Cancel stops the worker. With several
// files the options apply to each; the preview and the expected size are the first file's.
import { useId, useState } from "react";
import type { DdsEncodeFormat, DdsEncodeQuality } from "#codecs/dds/index.ts";
import { ChoiceSelect, hintClass, RadioCards } from "../image-common/controls.tsx";
import { InputImagePreview, type InputImageState } from "../image-common/input-image-preview.tsx";
import { acceptOf } from "../shared/file-accept.ts";
import { FileToolFrame, outputFileName, type ConvertFunction } from "../shared/file-tool-frame.tsx";
import { PresetsBar } from "../shared/presets-bar.tsx";
import { useUrlOptions } from "../shared/use-url-options.ts";
import type { ToolComponentProps } from "../types.ts";
import {
  blockSizeNote,
  expectedOutput,
  FAILURE_DESCRIPTION,
  FAILURE_TITLE,
  FORMAT_CHOICES,
  levelCount,
  QUALITY_CHOICES,
  qualityHint,
  resultRows,
  SUCCESS_DESCRIPTION,
  SUCCESS_TITLE,
  type ResultRow,
} from "./png-to-dds-job.ts";
import { pngToDdsClient } from "./png-to-dds-client.ts";
import { PNG_TO_DDS_OPTIONS, PNG_TO_DDS_PRESETS } from "./presets.ts";

export default function PngToDdsTool({ slug, meta }: ToolComponentProps) {
  const [file, setFile] = useState<File | null>(null);
  const [input, setInput] = useState<InputImageState>({ kind: "loading" });
  const urlOptions = useUrlOptions(PNG_TO_DDS_OPTIONS);
  const { format, quality, mips: mipmaps } = urlOptions.values;
  const setFormat = (value: DdsEncodeFormat) => urlOptions.set({ format: value });
  const setQuality = (value: DdsEncodeQuality) => urlOptions.set({ quality: value });
  const setMipmaps = (value: boolean) => urlOptions.set({ mips: value });
  const [rows, setRows] = useState<ResultRow[]>([]);
  const ids = { mipmaps: useId(), mipmapsHint: useId() };
  const size = input.kind === "loaded" ? input : null;

  const convert: ConvertFunction = async (chosen, { signal, onProgress }) => {
    const result = await pngToDdsClient.convert({ file: chosen, format, quality, mipmaps }, { signal, onProgress });
    setRows(resultRows(result, result.dds.byteLength));
    return { blob: new Blob([result.dds], { type: "image/vnd-ms.dds" }), fileName: outputFileName(chosen.name, "dds") };
  };

  const options = (
    <div className="space-y-5" data-testid="dds-options">
      {file ? <InputImagePreview file={file} onState={setInput} maxHeightClass="max-h-[400px]" /> : null}
      <PresetsBar slug={slug} options={urlOptions} builtIn={PNG_TO_DDS_PRESETS} />
      <RadioCards<DdsEncodeFormat>
        legend="DDS format"
        name="dds-format"
        value={format}
        onChange={setFormat}
        choices={FORMAT_CHOICES}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <ChoiceSelect
          label="Compression quality"
          value={quality}
          choices={QUALITY_CHOICES}
          onChange={setQuality}
          disabled={format === "rgba8"}
          hint={qualityHint(format, quality)}
        />
        <div className="flex min-w-0 flex-col gap-1.5">
          <span className="text-sm font-medium text-slate-800 dark:text-slate-200">Mipmaps</span>
          <label htmlFor={ids.mipmaps} className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700">
            <input
              id={ids.mipmaps}
              type="checkbox"
              checked={mipmaps}
              onChange={(event) => setMipmaps(event.target.checked)}
              aria-describedby={ids.mipmapsHint}
              className="h-4 w-4 shrink-0"
            />
            Generate mipmaps
          </label>
          <p id={ids.mipmapsHint} className={hintClass}>
            {size
              ? `The full chain of smaller copies down to 1 × 1: ${levelCount(size.width, size.height, true)} levels for this image.`
              : "The full chain of smaller copies down to 1 × 1, for textures seen at a distance."}
          </p>
        </div>
      </div>
      {size ? (
        <div className="space-y-1 text-sm" data-testid="expected-output">
          <p className="font-medium">{expectedOutput(format, size.width, size.height, mipmaps)}</p>
          {blockSizeNote(format, size.width, size.height) ? <p className="text-amber-700 dark:text-amber-300">{blockSizeNote(format, size.width, size.height)}</p> : null}
        </div>
      ) : null}
    </div>
  );

  return (
    <FileToolFrame
      accept={acceptOf(meta)}
      convert={convert}
      convertDisabled={input.kind === "failed" && file !== null}
      onFileChange={(chosen) => {
        setFile(chosen);
        setInput({ kind: "loading" });
        setRows([]);
      }}
      options={options}
      successTitle={SUCCESS_TITLE}
      successDescription={SUCCESS_DESCRIPTION}
      failureTitle={FAILURE_TITLE}
      failureDescription={FAILURE_DESCRIPTION}
      renderPreview={() => <OutputSummary rows={rows} />}
    />
  );
}

function OutputSummary({ rows }: { rows: ResultRow[] }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm" data-testid="dds-summary" aria-label="The DDS file">
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className="text-slate-500 dark:text-slate-400">{row.label}</dt>
          <dd className="font-medium break-words">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
