// JPEG and PNG files → DocModel (issue 15): one picture a page, page breaks between, each at the
// size its file gives (pixels over the density in its JFIF or pHYs header, else 96 pixels to the
// inch; the writers scale pictures down to fit the page). Files are checked without decoding: a
// PNG's chunks and checksums, a JPEG's frame header; their bytes are kept as they are, except a
// JPEG whose EXIF orientation turns or mirrors it (phone photos), which DOCX and PDF would show as
// stored: it is decoded, turned upright and encoded again (quality 92, seconds for a 12 MP photo).
import { type Orientation, swapsAxes } from "../image/orient.ts";
import type { RgbaImage } from "../image/rgba-image.ts";
import { decodeJpegPixels } from "../jpeg/decode.ts";
import { encodeJpeg } from "../jpeg/encode.ts";
import { jpegOrientation } from "../jpeg/exif-orientation.ts";
import { jpegDensity, jpegHasEnd, jpegSize } from "../jpeg/jpeg-size.ts";
import { sniffImage } from "../image/image-sniff.ts";
import { readChunks } from "../png/chunks.ts";
import { pngDensity } from "../png/density.ts";
import { PngError, readPngHeader } from "../png/index.ts";
import { DocumentError } from "./document-error.ts";
import { DEFAULT_PAGE, type Block, type DocModel, type ImageBlock, type PageSetup } from "./model.ts";
import { titleFromFileName } from "./read-txt.ts";

/** More pictures than this in one document is refused. */
export const MAX_IMAGES = 500;
/** Largest width or height, as the image codecs (16384² pixels). */
export const MAX_IMAGE_SIDE = 16384;
/** Densities outside this range (pixels per inch) are mistakes in the file and are ignored. */
const MIN_DENSITY = 10;
const MAX_DENSITY = 10_000;

export interface ImageFile {
  bytes: Uint8Array;
  name: string;
}

export function readImages(images: readonly ImageFile[]): DocModel {
  if (images.length === 0) throw new DocumentError("Choose at least one JPEG or PNG image.", "unsupported");
  if (images.length > MAX_IMAGES) {
    throw new DocumentError(`${images.length} images were given; one document holds at most ${MAX_IMAGES}.`, "too-much-work");
  }
  const notes: string[] = [];
  const blocks: Block[] = [];
  const pictures = images.map((image) => readImage(image, notes));
  pictures.forEach((picture, i) => {
    if (i > 0) blocks.push({ kind: "page-break" });
    blocks.push(picture);
  });
  const title = images.length === 1 ? titleFromFileName(images[0]!.name) : "";
  return { title: title === "" ? undefined : title, page: pageFor(pictures), blocks, notes };
}

/** A4 turned on its side when every picture is wider than tall, so landscape photos fill their pages. */
function pageFor(pictures: readonly ImageBlock[]): PageSetup {
  const landscape = pictures.every((picture) => picture.width > picture.height);
  return landscape ? { ...DEFAULT_PAGE, widthPt: DEFAULT_PAGE.heightPt, heightPt: DEFAULT_PAGE.widthPt } : DEFAULT_PAGE;
}

function readImage({ bytes, name }: ImageFile, notes: string[]): ImageBlock {
  const alt = titleFromFileName(name);
  const kind = sniffImage(bytes);
  if (kind === null) throw new DocumentError(`“${name}” is not a JPEG or PNG image (its first bytes are neither), or it is damaged.`, "damaged");
  if (kind === "png") {
    const { width, height } = checkPng(bytes, name);
    return withDensity({ kind: "image", data: bytes, mime: "image/png", width, height, alt }, pngDensity(bytes));
  }
  const size = jpegSize(bytes);
  if (size === null) throw new DocumentError(`The JPEG “${name}” is damaged: its image size could not be read.`, "damaged");
  const { width, height } = size;
  if (width === 0 || height === 0) throw new DocumentError(`The JPEG “${name}” declares an empty image (${width} × ${height}).`, "damaged");
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    throw new DocumentError(`The JPEG “${name}” is ${width} × ${height} pixels; the limit is ${MAX_IMAGE_SIDE} pixels a side.`, "too-large");
  }
  if (!jpegHasEnd(bytes)) notes.push(`The JPEG “${name}” is cut short: part of the picture may be missing or grey.`);
  const density = jpegDensity(bytes);
  const orientation = jpegOrientation(bytes);
  if (orientation !== 1 && width * height <= MAX_UPRIGHT_PIXELS) return uprightJpeg(bytes, name, orientation, density, alt);
  if (orientation !== 1) notes.push(`The JPEG “${name}” is too large to turn upright here (${width} × ${height} pixels); it is shown as stored, turned or mirrored.`);
  return withDensity({ kind: "image", data: bytes, mime: "image/jpeg", width, height, alt }, density);
}

/** Photos up to this many pixels (a 50-megapixel camera's) are turned upright: 200 MB of RGBA at most. */
const MAX_UPRIGHT_PIXELS = 50_000_000;
/** Upright quality of a re-encoded photo: visually lossless for a photo already JPEG-compressed. */
const UPRIGHT_QUALITY = 92;

function uprightJpeg(bytes: Uint8Array, name: string, orientation: Orientation, density: { x: number; y: number } | null, alt: string): ImageBlock {
  let upright: RgbaImage;
  try {
    upright = decodeJpegPixels(bytes);
  } catch (error) {
    throw new DocumentError(`The JPEG “${name}” is damaged or of a kind that cannot be read (${error instanceof Error ? error.message : String(error)}).`, "damaged", { cause: error });
  }
  const turned = density !== null && swapsAxes(orientation) ? { x: density.y, y: density.x } : density;
  const data = encodeJpeg(upright, { quality: UPRIGHT_QUALITY, density: turned ?? undefined });
  return withDensity({ kind: "image", data, mime: "image/jpeg", width: upright.width, height: upright.height, alt }, turned);
}

/** The PNG's size after walking its chunks (lengths, checksums, IEND), without inflating the pixels. */
function checkPng(bytes: Uint8Array, name: string): { width: number; height: number } {
  try {
    const header = readPngHeader(bytes);
    readChunks(bytes, header, 0);
    return header;
  } catch (error) {
    if (!(error instanceof PngError)) throw error;
    throw new DocumentError(`“${name}”: ${error.message}`, error.code === "too-large" ? "too-large" : "damaged", { cause: error });
  }
}

function withDensity(image: ImageBlock, density: { x: number; y: number } | null): ImageBlock {
  if (density === null || !plausible(density.x) || !plausible(density.y)) return image;
  return { ...image, displayWidthPt: (image.width / density.x) * 72, displayHeightPt: (image.height / density.y) * 72 };
}

function plausible(density: number): boolean {
  return density >= MIN_DENSITY && density <= MAX_DENSITY;
}
