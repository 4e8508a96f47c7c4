// The DDS to PNG jobs: what the page asks the worker for and what comes back, the limits of
// "all images", and the file-information rows shown once a file is chosen. Pure and browser-safe.
import { formatFileSize } from "../shared/file-names.ts";
import { surfaceCount, totalPixels, type DdsLayout, type SurfaceSelection } from "#codecs/dds/dds-surfaces.ts";

export type ToneMap = "default" | "clamp";

/** What parseDds tells the page (plain data: it crosses the worker boundary). */
export interface DdsFileInfo extends DdsLayout {
  /** "BC1 (DXT1)", "DXGI_FORMAT_BC7_UNORM_SRGB"... */
  format: string;
  srgb: boolean;
  /** float data, tone-mapped to 8 bits (exposure applies) */
  hdr: boolean;
  /** has the DX10 extension header */
  dx10: boolean;
  fileSize: number;
}

export interface DdsProbeRequest {
  file: Blob;
}

export interface DdsConvertRequest {
  file: Blob;
  /** the image to download (and, for "all", the one previewed) */
  selection: SurfaceSelection;
  /** every image in a zip instead of the selected one */
  all: boolean;
  /** HDR only: stops, colour × 2^exposure */
  exposure: number;
  tonemap: ToneMap;
  /** the input's name without extension, for the names inside the zip */
  baseName: string;
  /** the most threads for the PNG output (../shared/thread-cap.ts; 1: this worker alone; unset: the device's cores) */
  threads?: number;
}

export interface DdsConvertResult {
  /** a PNG, or a zip of PNGs when `all` was asked */
  output: Blob;
  /** a PNG of the selected image, reduced when it is large (absent: `output` itself is the preview) */
  preview?: Blob;
  /** size of the selected image and of the preview */
  width: number;
  height: number;
  previewWidth: number;
  previewHeight: number;
  /** images written (1, or every image for the zip) */
  images: number;
}

/** Exposure picker range in stops (the codec accepts far more; this is what is useful to look at). */
export const EXPOSURE_MIN = -10;
export const EXPOSURE_MAX = 10;
export const EXPOSURE_STEP = 0.5;

/** "All images" limits: 2^28 pixels (1 GiB of RGBA8 worked through), and a zip without ZIP64 stays far below 4 GiB and 65,535 entries. */
export const ALL_IMAGES_MAX_PIXELS = 2 ** 28;
export const ALL_IMAGES_MAX_COUNT = 10_000;

/** Larger images get a reduced preview (an <img> of a 16384² PNG would cost the page a gigabyte). */
export const PREVIEW_MAX_SIDE = 2048;

/** Why "all images" is refused for this file, or null when it fits the limits. */
export function allImagesRefusal(layout: DdsLayout): string | null {
  const count = surfaceCount(layout);
  if (count > ALL_IMAGES_MAX_COUNT) {
    return `This file holds ${count.toLocaleString("en-US")} images; a zip of all of them is limited to ${ALL_IMAGES_MAX_COUNT.toLocaleString("en-US")}. Convert the images you need one at a time.`;
  }
  const pixels = totalPixels(layout);
  if (pixels > ALL_IMAGES_MAX_PIXELS) {
    const megapixels = Math.round(pixels / 1e6).toLocaleString("en-US");
    return `All images of this file together are ${megapixels} megapixels; a zip of all of them is limited to ${Math.round(ALL_IMAGES_MAX_PIXELS / 1e6)} megapixels. Convert the images you need one at a time.`;
  }
  return null;
}

/** The size of a preview that fits PREVIEW_MAX_SIDE, keeping the aspect ratio (never upscaled). */
export function previewSize(width: number, height: number, maxSide = PREVIEW_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Parses the exposure field: a finite number within the picker's range, else null. */
export function parseExposure(text: string): number | null {
  if (text.trim() === "") return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= EXPOSURE_MIN && value <= EXPOSURE_MAX ? value : null;
}

export interface InfoRow {
  label: string;
  value: string;
}

/** The rows of the file-information panel, only those that say something about this file. */
export function fileInfoRows(info: DdsFileInfo): InfoRow[] {
  const rows: InfoRow[] = [
    { label: "Format", value: info.format },
    { label: "Dimensions", value: info.isVolume ? `${info.width} × ${info.height} × ${info.depth}` : `${info.width} × ${info.height}` },
    { label: "Mip levels", value: String(info.mipCount) },
  ];
  if (info.isCubemap) {
    rows.push({ label: "Cubemap faces", value: info.faces === 6 ? `6 (${info.faceNames.join(", ")})` : `${info.faces} of 6 (${info.faceNames.join(", ")})` });
  }
  if (!info.isVolume && info.arraySize > 1) rows.push({ label: "Array size", value: String(info.arraySize) });
  if (info.isVolume) rows.push({ label: "Depth", value: `${info.depth} slices` });
  rows.push({ label: "Colour space", value: info.srgb ? "sRGB" : info.hdr ? "Linear HDR (tone-mapped to 8 bits)" : "Linear / unspecified" });
  rows.push({ label: "Header", value: info.dx10 ? "DX10 extended" : "Legacy" });
  rows.push({ label: "Images in file", value: surfaceCount(info).toLocaleString("en-US") });
  rows.push({ label: "File size", value: formatFileSize(info.fileSize) });
  return rows;
}
