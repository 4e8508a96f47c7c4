// PNG to DDS: what the page asks the worker for and what comes back, the format and quality
// choices with their texts, and the size arithmetic the page shows before converting. Pure and
// browser-safe (page, worker, tests).
import type { DdsEncodeFormat, DdsEncodeQuality } from "#codecs/dds/index.ts";
import { mipLevelCount, mipLevelSize } from "#codecs/dds/mipmap.ts";
import { formatFileSize } from "../shared/file-names.ts";

export interface PngToDdsRequest {
  file: Blob;
  format: DdsEncodeFormat;
  quality: DdsEncodeQuality;
  mipmaps: boolean;
}

export interface PngToDdsResult {
  dds: Uint8Array<ArrayBuffer>;
  format: DdsEncodeFormat;
  width: number;
  height: number;
  /** levels in the file (1 without mipmaps) */
  mipCount: number;
  /** the top level read back from the DDS against the PNG: every byte equal (alpha included), and the PSNR of what is seen (codecs/image/psnr.ts psnrPremultiplied); null when the image was too large to check */
  check: { exact: boolean; psnr: number } | null;
}

// PNG to DDS has its own failure text (no "Please try again").
export const SUCCESS_TITLE = "Conversion Complete";
export const SUCCESS_DESCRIPTION = "Your PNG file has been converted to DDS";
export const FAILURE_TITLE = "Conversion Failed";
export const FAILURE_DESCRIPTION = "There was an error converting your file";

/** The default file: a 128-byte header and raw 32-bit RGBA pixels. */
export const DEFAULT_FORMAT: DdsEncodeFormat = "rgba8";
export const DEFAULT_QUALITY: DdsEncodeQuality = "balanced";

export interface FormatChoice {
  value: DdsEncodeFormat;
  title: string;
  text: string;
}

export const FORMAT_CHOICES: readonly FormatChoice[] = [
  { value: "rgba8", title: "Uncompressed RGBA", text: "Every pixel exactly as in the PNG, 4 bytes a pixel. Read by every DDS tool." },
  { value: "bc1", title: "BC1 (DXT1)", text: "Smallest: 8 bytes per 4 × 4 block. Colour with on/off transparency only." },
  { value: "bc3", title: "BC3 (DXT5)", text: "16 bytes per block: colour plus a smooth alpha channel." },
  { value: "bc7", title: "BC7", text: "16 bytes per block, the best quality for colour and alpha. DX10 header; needs DirectX 11-class hardware." },
];

export const QUALITY_CHOICES: readonly { value: DdsEncodeQuality; label: string }[] = [
  { value: "fast", label: "Fast" },
  { value: "balanced", label: "Balanced" },
  { value: "best", label: "Best (slower)" },
];

/** What the quality setting means for this format, for the hint under the picker. */
export function qualityHint(format: DdsEncodeFormat, quality: DdsEncodeQuality): string {
  if (format === "rgba8") return "Uncompressed RGBA is lossless: there is no quality to choose.";
  if (format === "bc7" && quality === "best") return "Best BC7 is slow: roughly 10 to 20 seconds per megapixel. You can cancel at any time.";
  if (quality === "best") return "Searches more block encodings: a little better colour, several times slower.";
  return "How hard the encoder searches for each 4 × 4 block's colours.";
}

export function formatTitle(format: DdsEncodeFormat): string {
  return FORMAT_CHOICES.find((c) => c.value === format)?.title ?? format;
}

/** Levels written: the full chain down to 1 × 1 with mipmaps, else 1. */
export function levelCount(width: number, height: number, mipmaps: boolean): number {
  return mipmaps ? mipLevelCount(width, height) : 1;
}

/** Exact size of the DDS file encodeDds writes: the header (DX10 adds 20 bytes for BC7) and every level. */
export function ddsFileSize(format: DdsEncodeFormat, width: number, height: number, mipmaps: boolean): number {
  let bytes = format === "bc7" ? 148 : 128;
  for (let level = 0; level < levelCount(width, height, mipmaps); level++) {
    const size = mipLevelSize(width, height, level);
    bytes += format === "rgba8" ? size.width * size.height * 4 : Math.ceil(size.width / 4) * Math.ceil(size.height / 4) * (format === "bc1" ? 8 : 16);
  }
  return bytes;
}

/** A note when a block format meets sides that are not multiples of 4 (the last blocks are padded; some engines refuse such textures). */
export function blockSizeNote(format: DdsEncodeFormat, width: number, height: number): string {
  if (format === "rgba8" || (width % 4 === 0 && height % 4 === 0)) return "";
  return `This image is ${width} × ${height}: block formats work on 4 × 4 blocks, and some engines only load textures whose sides are multiples of 4.`;
}

/** The line shown before converting (exact: the size is computed, not estimated): "Output: 512 × 512, 10 mip levels, 342 KB." */
export function expectedOutput(format: DdsEncodeFormat, width: number, height: number, mipmaps: boolean): string {
  const levels = levelCount(width, height, mipmaps);
  return `Output: ${width} × ${height}, ${levelsText(levels)}, ${formatFileSize(ddsFileSize(format, width, height, mipmaps))}.`;
}

function levelsText(levels: number): string {
  return levels === 1 ? "1 mip level" : `${levels} mip levels`;
}

export interface ResultRow {
  label: string;
  value: string;
}

/** The output summary under the result: format, size, mip levels, file size and the read-back check. */
export function resultRows(result: Pick<PngToDdsResult, "format" | "width" | "height" | "mipCount" | "check">, fileSize: number): ResultRow[] {
  const rows: ResultRow[] = [
    { label: "Format", value: result.format === "bc7" ? `${formatTitle(result.format)} (DX10 header)` : formatTitle(result.format) },
    { label: "Dimensions", value: `${result.width} × ${result.height}` },
    { label: "Mip levels", value: String(result.mipCount) },
    { label: "File size", value: formatFileSize(fileSize) },
  ];
  const { check } = result;
  if (check) rows.push({ label: "Read back", value: check.exact ? "Every pixel equals the PNG's, alpha included" : `PSNR ${formatPsnr(check.psnr)} against the PNG (colour weighted by alpha)` });
  return rows;
}

/** "38.2 dB", or "lossless" for identical colours. */
export function formatPsnr(db: number): string {
  return Number.isFinite(db) ? `${db.toFixed(1)} dB` : "lossless";
}
