// DDS to PNG, the work itself (run by ./dds-to-png.worker.ts, tested in Node): read the file's
// layout, decode the chosen image, or every image, and write PNGs with our own encoder (a canvas
// would premultiply alpha and lose the colour of nearly transparent pixels). Progress is counted in
// pixels actually decoded and encoded.
import { Zip, ZipPassThrough } from "fflate";
import { DdsError, decodeDds, parseDds, selectSurface, type DdsInfo } from "#codecs/dds/index.ts";
import type { RgbaImage } from "#codecs/image/rgba-image.ts";
import { resizeRgba } from "#codecs/image/resize.ts";
import { encodePng } from "#codecs/png/index.ts";
import { allImagesRefusal, previewSize, PREVIEW_MAX_SIDE, type DdsFileInfo, type ToneMap } from "./dds-job.ts";
import { allSurfaces, levelSize, zipEntryName, type DdsLayout, type SurfaceSelection } from "#codecs/dds/dds-surfaces.ts";

export interface ConvertOptions {
  selection: SurfaceSelection;
  exposure: number;
  tonemap: ToneMap;
}

export interface PngImage {
  png: Uint8Array;
  width: number;
  height: number;
}

/** A PNG of the selected image for the page when the image itself is too large to show (null: show the output). */
export interface Preview {
  png: Uint8Array | null;
  width: number;
  height: number;
}

/** Share of one image's work spent decoding (the rest is PNG encoding): block decoding runs several times faster than deflate. */
const DECODE_SHARE = 0.2;

/** The plain-data summary of parseDds for the page. Throws DdsError. */
export function probeDds(bytes: Uint8Array): DdsFileInfo {
  return fileInfo(parseDds(bytes), bytes.length);
}

export function fileInfo(info: DdsInfo, fileSize: number): DdsFileInfo {
  return {
    format: info.format,
    width: info.width,
    height: info.height,
    depth: info.depth,
    mipCount: info.mipCount,
    faces: info.faces,
    faceNames: [...info.faceNames],
    arraySize: info.arraySize,
    isCubemap: info.isCubemap,
    isVolume: info.isVolume,
    srgb: info.srgb,
    hdr: info.hdr,
    dx10: info.dx10,
    fileSize,
  };
}

function decodeSurface(bytes: Uint8Array, selection: SurfaceSelection, options: ConvertOptions): RgbaImage {
  return decodeDds(bytes, { ...selection, exposure: options.exposure, tonemap: options.tonemap });
}

/** Encodes one decoded image, reporting its share of the progress. */
function encode(image: RgbaImage, onProgress: (fraction: number) => void): Uint8Array {
  return encodePng(image, { onProgress });
}

/** A reduced PNG of a large image for the page, or null when the image is small enough to show as it is. */
export function previewOf(image: RgbaImage, maxSide = PREVIEW_MAX_SIDE): Preview {
  if (image.width <= maxSide && image.height <= maxSide) return { png: null, width: image.width, height: image.height };
  const size = previewSize(image.width, image.height, maxSide);
  const reduced = resizeRgba(image, size.width, size.height);
  return { png: encodePng(reduced), width: size.width, height: size.height };
}

/** The selected image as a PNG. Throws DdsError for bad files and selections. */
export function convertOne(bytes: Uint8Array, options: ConvertOptions, onProgress: (fraction: number) => void): PngImage & { preview: Preview } {
  const image = decodeSurface(bytes, options.selection, options);
  onProgress(DECODE_SHARE);
  const png = encode(image, (f) => onProgress(DECODE_SHARE + (1 - DECODE_SHARE) * 0.95 * f));
  const preview = previewOf(image);
  onProgress(1);
  return { png, width: image.width, height: image.height, preview };
}

export interface AllImages {
  images: number;
  /** the selected image, for the preview */
  selected: { width: number; height: number; png: Uint8Array; preview: Preview };
}

/**
 * Every image of the file, each as a PNG in one zip, streamed to `sink` chunk by chunk so a PNG
 * can be dropped once it is written (entries are stored, not deflated again: PNG is already
 * compressed). Entry names: zipEntryName. Throws DdsError ("too-large") above the limits of "all images",
 * DdsError for bad files.
 */
export function convertAll(
  bytes: Uint8Array,
  baseName: string,
  options: ConvertOptions,
  sink: (chunk: Uint8Array) => void,
  onProgress: (fraction: number) => void,
): AllImages {
  const info = parseDds(bytes);
  const wanted = options.selection;
  selectSurface(info, wanted); // a bad selection fails before any work
  const layout: DdsLayout = info;
  const refusal = allImagesRefusal(layout);
  if (refusal) throw new DdsError(refusal, "too-large");
  const surfaces = allSurfaces(layout);
  const pixelsOf = (s: SurfaceSelection) => {
    const { width, height } = levelSize(layout, s.level);
    return width * height;
  };
  const total = surfaces.reduce((sum, s) => sum + pixelsOf(s), 0);
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    sink(chunk);
  });
  let done = 0;
  let selected: AllImages["selected"] | undefined;
  for (const surface of surfaces) {
    const share = pixelsOf(surface) / total;
    const start = done;
    const image = decodeSurface(bytes, surface, options);
    onProgress(start + share * DECODE_SHARE);
    const png = encode(image, (f) => onProgress(start + share * (DECODE_SHARE + (1 - DECODE_SHARE) * f)));
    const entry = new ZipPassThrough(zipEntryName(baseName, layout, surface));
    zip.add(entry);
    entry.push(png, true);
    if (surface.level === wanted.level && surface.face === wanted.face && surface.slice === wanted.slice) {
      selected = { width: image.width, height: image.height, png, preview: previewOf(image) };
    }
    done += share;
    onProgress(done);
  }
  zip.end();
  if (!selected) throw new DdsError("The selected image is not in this DDS file.", "bad-selection");
  return { images: surfaces.length, selected };
}
