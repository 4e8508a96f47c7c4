// What a file tool gives the frame (./file-tool-frame.tsx) and what the frame gives it back.
import type { OutputFile } from "./file-tool-zip.ts";

export interface FileToolResult {
  blob: Blob;
  /** the download's name, usually `outputFileName(file.name, "png")` */
  fileName: string;
  /** a URL to preview the output; a blob: URL is revoked by the frame with the result */
  previewUrl?: string;
  /** one line shown with the result ("512 × 512, 3 mipmaps") */
  summary?: string;
  /**
   * Several outputs of one input (DDS "all images"): "Download all" files these in a folder named
   * after the input instead of `blob`. A function is only called when the zip is made, so a tool
   * can unpack its own zip lazily (see `filesOfZip`).
   */
  files?: readonly OutputFile[] | (() => Promise<readonly OutputFile[]>);
}

/** A result on screen: `url` is the object URL of `blob` (the download link), valid while it is shown. */
export type ShownResult = FileToolResult & { url: string };

export interface ConvertContext {
  signal: AbortSignal;
  /** real progress, a fraction in [0, 1]; never call it from a timer */
  onProgress: (fraction: number) => void;
}

/** Converts one file; with several files it is called once per file, with the same page options. */
export type ConvertFunction = (file: File, ctx: ConvertContext) => Promise<FileToolResult>;

/** Makes ONE result of several files, in the order the visitor put them (several images → one PDF). */
export type CombineFunction = (files: File[], ctx: ConvertContext) => Promise<FileToolResult>;

/** A tool's offer to combine the chosen files: the frame shows a checkbox with `label` when it applies. */
export interface CombineOption {
  /** the checkbox's text, e.g. "Put all images in one PDF, in this order" */
  label: string;
  convert: CombineFunction;
  /** whether these accepted files (two or more, in list order) can be combined; default: yes */
  available?: (files: File[]) => boolean;
}

export const DEFAULT_FAILURE_TITLE = "Conversion failed";
export const DEFAULT_FAILURE_DESCRIPTION = "Unable to convert file. Please try again.";
export const CANCELLED_MESSAGE = "Conversion cancelled";
