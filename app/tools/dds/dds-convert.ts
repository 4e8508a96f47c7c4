// DDS to PNG, the work itself (run by ./dds-to-png.worker.ts, tested in Node): read the file's
// layout, decode the chosen image, or every image, and write PNGs with our own encoder (a canvas
// would premultiply alpha and lose the colour of nearly transparent pixels). Progress is counted in
// pixels actually decoded and encoded. Given a pool of workers (../shared/png-pool.ts), a large
// BC1-BC5 image is decoded and compressed in chunks on them (#codecs/dds/png-chunks.ts) while this
// thread makes the preview: the same pixels as on one thread.
import { Zip, ZipPassThrough } from "fflate";
import { DdsError, decodeDds, parseDds, selectSurface, type DdsInfo } from "#codecs/dds/index.ts";
import type { RgbaImage } from "#codecs/image/rgba-image.ts";
import { resizeRgba } from "#codecs/image/resize.ts";
import { planDdsPng } from "#codecs/dds/png-chunks.ts";
import { encodePng } from "#codecs/png/index.ts";
import type { PngPlan } from "#codecs/png/parallel-deflate.ts";
import { allImagesRefusal, previewSize, PREVIEW_MAX_SIDE, type DdsFileInfo, type ToneMap } from "./dds-job.ts";
import { allSurfaces, levelSize, zipEntryName, type DdsLayout, type SurfaceSelection } from "#codecs/dds/dds-surfaces.ts";
import type { PngPoolJob } from "../shared/png-chunks.ts";

export interface ConvertOptions {
  selection: SurfaceSelection;
  exposure: number;
  tonemap: ToneMap;
}

export interface PngImage {
  /** the PNG file in pieces (a Blob takes them as they are) */
  png: Uint8Array[];
  width: number;
  height: number;
}

/** Worker threads for the PNG encoding (../shared/png-pool.ts's PngPool); without them all runs here. */
export interface PngThreads {
  /** whether a plan of this many chunks is worth the workers */
  worth(chunks: number): boolean;
  run(plan: PngPlan<PngPoolJob>, options: { onProgress: (fraction: number) => void }): Promise<Uint8Array[]>;
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

/**
 * One surface as a PNG, with its preview when `withPreview`: on `threads` when it is BC1-BC5 and
 * large enough (this thread decodes the image for a reduced preview meanwhile, when the page needs
 * one), else decoded and encoded here. `onProgress` gets the fraction of this surface's work.
 */
async function surfaceToPng(
  bytes: Uint8Array,
  selection: SurfaceSelection,
  options: ConvertOptions,
  onProgress: (fraction: number) => void,
  threads: PngThreads | undefined,
  withPreview: boolean,
): Promise<PngImage & { preview: Preview }> {
  const plan = threads ? planDdsPng(bytes, { ...selection, exposure: options.exposure, tonemap: options.tonemap }) : null;
  if (threads && plan && threads.worth(plan.ranges.length)) {
    const { width, height } = plan.layout;
    // the workers get their jobs at once; this thread is free for the preview meanwhile
    const running = threads.run(plan, { onProgress: (f) => onProgress(0.95 * f) });
    let preview: Preview = { png: null, width, height };
    try {
      if (withPreview && (width > PREVIEW_MAX_SIDE || height > PREVIEW_MAX_SIDE)) preview = previewOf(decodeSurface(bytes, selection, options));
    } catch (error) {
      running.catch(() => {}); // its outcome no longer matters
      throw error;
    }
    return { png: await running, width, height, preview };
  }
  const image = decodeSurface(bytes, selection, options);
  onProgress(DECODE_SHARE);
  const png = encode(image, (f) => onProgress(DECODE_SHARE + (1 - DECODE_SHARE) * 0.95 * f));
  return { png: [png], width: image.width, height: image.height, preview: withPreview ? previewOf(image) : { png: null, width: image.width, height: image.height } };
}

/** The selected image as a PNG, on `threads` when it is worth it. Throws DdsError for bad files and selections. */
export async function convertOne(bytes: Uint8Array, options: ConvertOptions, onProgress: (fraction: number) => void, threads?: PngThreads): Promise<PngImage & { preview: Preview }> {
  const one = await surfaceToPng(bytes, options.selection, options, onProgress, threads, true);
  onProgress(1);
  return one;
}

export interface AllImages {
  images: number;
  /** the selected image, for the preview */
  selected: { width: number; height: number; png: Uint8Array[]; preview: Preview };
}

/**
 * Every image of the file, each as a PNG in one zip, streamed to `sink` chunk by chunk so a PNG
 * can be dropped once it is written (entries are stored, not deflated again: PNG is already
 * compressed). Entry names: zipEntryName. Throws DdsError ("too-large") above the limits of "all images",
 * DdsError for bad files.
 */
export async function convertAll(
  bytes: Uint8Array,
  baseName: string,
  options: ConvertOptions,
  sink: (chunk: Uint8Array) => void,
  onProgress: (fraction: number) => void,
  threads?: PngThreads,
): Promise<AllImages> {
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
    const isSelected = surface.level === wanted.level && surface.face === wanted.face && surface.slice === wanted.slice;
    // only the selected image's preview is shown
    const image = await surfaceToPng(bytes, surface, options, (f) => onProgress(start + share * f), threads, isSelected);
    const entry = new ZipPassThrough(zipEntryName(baseName, layout, surface));
    zip.add(entry);
    image.png.forEach((part, i) => entry.push(part, i === image.png.length - 1));
    if (isSelected) selected = { width: image.width, height: image.height, png: image.png, preview: image.preview };
    done += share;
    onProgress(done);
  }
  zip.end();
  if (!selected) throw new DdsError("The selected image is not in this DDS file.", "bad-selection");
  return { images: surfaces.length, selected };
}
