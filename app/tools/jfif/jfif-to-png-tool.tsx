// JFIF to PNG: .jfif, .jpg and .jpeg in, a lossless PNG of the
// decoded pixels out. The chosen image is shown at once (an image the browser cannot load gets
// 'Failed to Load Image'); the conversion runs in ./jfif-to-png.worker.ts. With several files the
// preview is the first file's, and a first file the browser cannot show keeps Convert off until it
// is removed, as it does for one file.
import { useState } from "react";
import { InputImagePreview, type InputImageState } from "../image-common/input-image-preview.tsx";
import { startsLikeJpeg } from "../image-common/jpeg-size.ts";
import { checkerboardClass } from "../image-common/controls.tsx";
import { acceptOf } from "../shared/file-accept.ts";
import { FileToolFrame, outputFileName, type ConvertFunction } from "../shared/file-tool-frame.tsx";
import type { ToolComponentProps } from "../types.ts";
import { threadCap } from "../shared/thread-cap.ts";
import { jfifToPngClient } from "./jfif-to-png-client.ts";

// the work needs nothing from the page but the file
const convert: ConvertFunction = async (chosen, { signal, onProgress }) => {
  const result = await jfifToPngClient.convert({ file: chosen, threads: threadCap() }, { signal, onProgress });
  return {
    blob: new Blob([result.png], { type: "image/png" }),
    fileName: outputFileName(chosen.name, "png"),
    summary: `${result.width} × ${result.height} px PNG (lossless copy of the decoded JPEG pixels).`,
  };
};

export default function JfifToPngTool({ meta }: ToolComponentProps) {
  const [file, setFile] = useState<File | null>(null);
  const [input, setInput] = useState<InputImageState>({ kind: "loading" });

  return (
    <FileToolFrame
      accept={acceptOf(meta)}
      convert={convert}
      convertDisabled={input.kind === "failed"}
      onFileChange={(chosen) => {
        setFile(chosen);
        setInput({ kind: "loading" });
      }}
      options={file ? <InputImagePreview file={file} onState={setInput} convertsWithoutPreview={startsLikeJpeg} /> : undefined}
      successTitle="Conversion Complete"
      successDescription="Your JFIF file has been converted to PNG"
      failureTitle="Conversion Failed"
      failureDescription="There was an error converting your file. Please try again."
      renderPreview={(result) => (
        <div className={`flex justify-center overflow-hidden rounded border border-slate-200 p-2 dark:border-slate-700 ${checkerboardClass}`}>
          <img src={result.url} alt="Preview of the PNG" decoding="async" data-testid="png-preview" className="h-auto max-h-[400px] w-auto max-w-full object-contain" />
        </div>
      )}
    />
  );
}
