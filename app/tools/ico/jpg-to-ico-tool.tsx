// JPG/PNG to ICO: size checkboxes 16-256 with 16, 32 and 48
// ticked; no size ticked refuses the run with 'No Sizes Selected'. A non-square image is centred
// on a transparent square (docs/decisions/008-image-tool-pages.md). The work runs in
// ./jpg-to-ico.worker.ts; the result shows every size at its real pixel size. With several files the
// ticked sizes apply to each, and the input preview is the first file's.
import { useEffect, useRef, useState } from "react";
import { ICO_SIZES } from "#codecs/ico/sizes.ts";
import { checkerboardClass, hintClass } from "../image-common/controls.tsx";
import { InputImagePreview, type InputImageState } from "../image-common/input-image-preview.tsx";
import { startsLikeJpeg } from "../image-common/jpeg-size.ts";
import { acceptOf } from "../shared/file-accept.ts";
import { FileToolFrame, outputFileName, type ConvertFunction, type ShownResult } from "../shared/file-tool-frame.tsx";
import { PresetsBar } from "../shared/presets-bar.tsx";
import { subsetMembers } from "../shared/tool-options-url.ts";
import { useUrlOptions } from "../shared/use-url-options.ts";
import type { ToolComponentProps } from "../types.ts";
import { icoSuccessDescription, NO_SIZES_SELECTED, paddingNote, toggleSize } from "./ico-job.ts";
import { jpgToIcoClient } from "./jpg-to-ico-client.ts";
import { ICO_OPTIONS, ICO_PRESETS } from "./presets.ts";

interface IconPreview {
  size: number;
  url: string;
}

export default function JpgToIcoTool({ slug, meta }: ToolComponentProps) {
  const [file, setFile] = useState<File | null>(null);
  const [input, setInput] = useState<InputImageState>({ kind: "loading" });
  const urlOptions = useUrlOptions(ICO_OPTIONS);
  const sizes = subsetMembers(urlOptions.values.sizes);
  const setSizes = (next: number[]) => urlOptions.set({ sizes: ICO_SIZES.filter((size) => next.includes(size)).join(",") });
  const [icons, setIcons] = useState<IconPreview[]>([]);
  const iconsRef = useRef<IconPreview[]>([]);
  const written = useRef(0);

  const replaceIcons = (next: IconPreview[]) => {
    for (const icon of iconsRef.current) URL.revokeObjectURL(icon.url);
    iconsRef.current = next;
    setIcons(next);
  };
  useEffect(() => () => iconsRef.current.forEach((icon) => URL.revokeObjectURL(icon.url)), [iconsRef]);

  const convert: ConvertFunction = async (chosen, { signal, onProgress }) => {
    const result = await jpgToIcoClient.convert({ file: chosen, sizes }, { signal, onProgress });
    written.current = result.sizes.length;
    replaceIcons(result.sizes.map((size, i) => ({ size, url: URL.createObjectURL(new Blob([result.previews[i]!], { type: "image/png" })) })));
    const note = paddingNote(result.sourceWidth, result.sourceHeight);
    return {
      blob: new Blob([result.ico], { type: "image/x-icon" }),
      fileName: outputFileName(chosen.name, "ico"),
      summary: `Sizes: ${result.sizes.map((s) => `${s} × ${s}`).join(", ")}.${note ? ` ${note}` : ""}`,
    };
  };

  const options = (
    <div className="space-y-5">
      {file ? <InputImagePreview file={file} onState={setInput} convertsWithoutPreview={startsLikeJpeg} /> : null}
      <PresetsBar slug={slug} options={urlOptions} builtIn={ICO_PRESETS} />
      <fieldset data-testid="ico-sizes">
        <legend className="text-sm font-semibold">Icon sizes (pixels)</legend>
        <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-7">
          {ICO_SIZES.map((size) => (
            <label
              key={size}
              className={`flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm tabular-nums transition-colors ${
                sizes.includes(size) ? "border-brand-500 bg-brand-50 dark:bg-slate-800" : "border-slate-300 hover:border-slate-400 dark:border-slate-700"
              }`}
            >
              <input type="checkbox" checked={sizes.includes(size)} onChange={(event) => setSizes(toggleSize(sizes, size, event.target.checked))} className="h-4 w-4" />
              {size}
            </label>
          ))}
        </div>
        <p className={`mt-2 ${hintClass}`}>16, 32 and 48 cover Windows lists and browser tabs; 256 is for large desktop icons. A non-square image is centred on a transparent square.</p>
      </fieldset>
    </div>
  );

  return (
    <FileToolFrame
      accept={acceptOf(meta)}
      convert={convert}
      convertDisabled={input.kind === "failed" && file !== null}
      beforeConvert={() => (sizes.length === 0 ? NO_SIZES_SELECTED : null)}
      onFileChange={(chosen) => {
        setFile(chosen);
        setInput({ kind: "loading" });
        replaceIcons([]);
      }}
      options={options}
      successTitle="Conversion Complete"
      successDescription={() => icoSuccessDescription(written.current)}
      failureTitle="Conversion Failed"
      failureDescription="There was an error converting your file. Please try again."
      renderPreview={(_shown: ShownResult) => <IconSizes icons={icons} />}
    />
  );
}

function IconSizes({ icons }: { icons: IconPreview[] }) {
  return (
    <ul className="flex flex-wrap items-end gap-4" data-testid="ico-preview" aria-label="The icon at each size">
      {icons.map((icon) => (
        <li key={icon.size} className="flex max-w-full flex-col items-center gap-1">
          <span className={`inline-flex max-w-full rounded border border-slate-200 p-1 dark:border-slate-700 ${checkerboardClass}`}>
            {/* real pixel size: an icon is judged at the size it is shown (only a screen narrower than 256 px shrinks it) */}
            <img src={icon.url} alt={`${icon.size} × ${icon.size} icon`} width={icon.size} height={icon.size} className="h-auto max-w-full" />
          </span>
          <span className="text-xs text-slate-600 tabular-nums dark:text-slate-400">{icon.size}</span>
        </li>
      ))}
    </ul>
  );
}
