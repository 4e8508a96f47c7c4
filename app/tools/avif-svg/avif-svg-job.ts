// The AVIF to SVG job: what the page asks the worker for and what comes back, plus the texts shown
// with a result. Pure and browser-safe (the page, the worker and the unit test share it).
import { DEFAULT_TRACE_COLORS, MAX_TRACE_COLORS, MIN_TRACE_COLORS, type TraceDetail } from "#codecs/svg/index.ts";
import { formatFileSize } from "../shared/file-names.ts";

export type SvgMode = "embed" | "trace";

export interface AvifSvgRequest {
  file: Blob;
  mode: SvgMode;
  /** trace mode: palette size */
  colors: number;
  /** trace mode: how closely paths follow the pixels */
  detail: TraceDetail;
}

export interface AvifSvgResult {
  /** the SVG document, UTF-8 */
  svg: Uint8Array<ArrayBuffer>;
  mode: SvgMode;
  /** the decoded image's size, which is the SVG's */
  width: number;
  height: number;
  /** embed: the embedded PNG's size in bytes */
  pngBytes?: number;
  /** trace: the size tracing ran at (smaller than width × height when the image was reduced) */
  tracedWidth?: number;
  tracedHeight?: number;
  colors?: number;
  paths?: number;
}

export const DEFAULT_MODE: SvgMode = "embed";
export { DEFAULT_TRACE_COLORS, MAX_TRACE_COLORS, MIN_TRACE_COLORS };
export const DEFAULT_DETAIL: TraceDetail = "medium";

export const DETAIL_OPTIONS: readonly { value: TraceDetail; label: string }[] = [
  { value: "low", label: "Low (smaller file, smoother shapes)" },
  { value: "medium", label: "Medium" },
  { value: "high", label: "High (follows every pixel step)" },
];

/** The colour count typed by the visitor, or null when it is not a whole number from 2 to 64. */
export function parseColorCount(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const value = Number(text);
  return value >= MIN_TRACE_COLORS && value <= MAX_TRACE_COLORS ? value : null;
}

/** One line about the result: its size and what the SVG holds. */
export function resultSummary(result: AvifSvgResult): string {
  const size = `${result.width} × ${result.height} px`;
  if (result.mode === "embed") {
    return `${size}, the image embedded as a ${formatFileSize(result.pngBytes ?? 0)} PNG (exact pixels).`;
  }
  const colors = result.colors ?? 0;
  const paths = result.paths ?? 0;
  const traced = `${size}, traced into ${paths} ${paths === 1 ? "path" : "paths"} in ${colors} ${colors === 1 ? "colour" : "colours"}`;
  const reduced = result.tracedWidth !== undefined && result.tracedHeight !== undefined && result.tracedWidth * result.tracedHeight < result.width * result.height;
  return reduced
    ? `${traced}. The image was reduced to ${result.tracedWidth} × ${result.tracedHeight} px for tracing to keep it fast; the SVG keeps the original size.`
    : `${traced}.`;
}
