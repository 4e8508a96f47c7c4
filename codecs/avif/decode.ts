// Decoding an AVIF when the first decoder refuses it. Decoders are strict in different ways
// (Chromium refuses grids with repeated tiles, gain-map variants, non-essential transforms, 4:2:2;
// libavif refuses a missing 'ispe' or 'pixi'), so the file's primary image is first rebuilt as a
// clean AVIF (rebuild.ts), which the decoder given may then accept; libavif in WebAssembly is the
// last resort, with the transforms it only reports applied here.
import { unlimited, type WorkBudget } from "../common/work-budget.ts";
import type { RgbaImage } from "../image/rgba-image.ts";
import { AvifError } from "./errors.ts";
import { readHeif, type HeifFile } from "./heif.ts";
import { gridTiles, rebuildPrimary, type RebuiltAvif } from "./rebuild.ts";
import { firstFrameAsHeif } from "./sequence.ts";
import { applyTransforms } from "./transforms.ts";

/**
 * The image to convert, as still items: an image sequence's first frame (as libavif and the
 * browsers show an 'avis' file: its still item, when it has one, may lack the alpha track), else
 * the primary item.
 */
function stillImage(bytes: Uint8Array, budget: WorkBudget): HeifFile | undefined {
  const sequence = bytes.length >= 12 && String.fromCharCode(...bytes.subarray(8, 12)) === "avis";
  try {
    return (sequence ? firstFrameAsHeif(bytes, budget) : undefined) ?? readHeif(bytes, budget) ?? firstFrameAsHeif(bytes, budget);
  } catch (error) {
    // a field read past the end of a box that claimed to hold it
    if (error instanceof RangeError) throw new AvifError("This AVIF file is corrupt: one of its boxes is shorter than its contents need.", "corrupt");
    throw error;
  }
}

/** A decoder of AVIF bytes to 8-bit RGBA (libavif in WebAssembly): throws or returns undefined when it cannot. */
export type AvifPixelDecoder = (avif: Uint8Array<ArrayBuffer>) => Promise<RgbaImage | undefined>;

/** The primary image as a clean AVIF with its transforms kept (for a decoder that applies them, like the browser's). */
export function rebuiltAvif(bytes: Uint8Array, budget: WorkBudget = unlimited()): RebuiltAvif | undefined {
  const file = stillImage(bytes, budget);
  return file ? rebuildPrimary(file) : undefined;
}

/** What the browser is given: the colour image as a clean AVIF, and its alpha plane as a grey image of its own. */
export interface BrowserParts {
  /** transforms kept (the browser applies irot and imir) when there is no alpha and no 'clap' */
  color: RebuiltAvif;
  /** the alpha plane as a grey image (the browser misreads the range of some alpha planes) */
  alpha?: Uint8Array<ArrayBuffer>;
  /** to apply by hand to the joined pixels; empty when the browser applies them */
  transforms: RebuiltAvif["transforms"];
}

/**
 * The parts for a browser decoder. Chromium ignores 'clap', applies a gain map, and reads some
 * full-range alpha planes as limited range, so a file with any of these is decoded in parts and
 * joined here; the common file is one clean AVIF.
 */
export function browserParts(bytes: Uint8Array, budget: WorkBudget = unlimited()): BrowserParts | undefined {
  const file = stillImage(bytes, budget);
  if (!file) return undefined;
  const whole = rebuildPrimary(file, { part: "color" });
  if (!whole) return undefined;
  const byHand = whole.hasAlpha || whole.transforms.some((t) => t.type === "clap");
  if (!byHand) return { color: whole, transforms: [] };
  const color = rebuildPrimary(file, { part: "color", keepTransforms: false })!;
  const alpha = whole.hasAlpha ? rebuildPrimary(file, { part: "alpha" })?.bytes : undefined;
  return { color, alpha, transforms: color.transforms };
}

/** The colour pixels with the grey alpha image's values as their alpha, then the transforms (both decoded untransformed). */
export function joinParts(color: RgbaImage, alpha: RgbaImage | undefined, transforms: RebuiltAvif["transforms"]): RgbaImage {
  if (alpha && alpha.width === color.width && alpha.height === color.height) {
    for (let i = 3; i < color.data.length; i += 4) color.data[i] = alpha.data[i - 3]!;
  }
  return applyTransforms(color, transforms);
}

/**
 * Decodes with `wasm`: the rebuilt primary image first (transforms applied here), then the file as
 * it is (an image sequence with no still item: its first frame). Throws an AvifError naming the
 * problem when neither decodes.
 */
export async function decodeAvifPixels(bytes: Uint8Array, wasm: AvifPixelDecoder, budget: WorkBudget = unlimited()): Promise<RgbaImage> {
  let structureProblem: AvifError | undefined;
  try {
    const file = stillImage(bytes, budget);
    // colour and alpha decoded apart: libavif 1.0 drops an alpha plane whose layout differs from the colour's (a grid and a single item)
    const color = file ? rebuildPrimary(file, { keepTransforms: false, part: "color" }) : undefined;
    const image = color ? await attempt(wasm, color.bytes) : undefined;
    if (color && image) {
      const alphaFile = color.hasAlpha ? rebuildPrimary(file!, { keepTransforms: false, part: "alpha" }) : undefined;
      // the grey decode's red channel is the alpha value (its range already expanded by libavif)
      const alpha = alphaFile ? await attempt(wasm, alphaFile.bytes) : undefined;
      return joinParts(image, alpha, color.transforms);
    }
    // a grid libavif refuses as a whole (tiles of different kinds): tile by tile
    const tiled = file ? await decodeGrid(file, "color", wasm) : undefined;
    if (tiled) {
      const alpha = await decodeGrid(file!, "alpha", wasm).catch(() => undefined);
      return joinParts(tiled, alpha, gridTiles(file!, "color")!.transforms);
    }
  } catch (error) {
    if (!(error instanceof AvifError)) throw error;
    structureProblem = error;
  }
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  const image = await attempt(wasm, copy);
  if (image) return image;
  throw structureProblem ?? new AvifError("This AVIF file could not be decoded: its AV1 image data is damaged or uses features no decoder here supports.", "undecodable");
}

/** A grid decoded tile by tile and assembled (tiles left to right, top to bottom; the right and bottom edges cropped to the grid's size). */
async function decodeGrid(file: HeifFile, part: "color" | "alpha", wasm: AvifPixelDecoder): Promise<RgbaImage | undefined> {
  const grid = gridTiles(file, part);
  if (!grid) return undefined;
  const out = new Uint8ClampedArray(grid.width * grid.height * 4);
  let tileWidth = 0;
  let tileHeight = 0;
  for (const [index, tileFile] of grid.tiles.entries()) {
    const tile = await attempt(wasm, tileFile);
    if (!tile) return undefined;
    if (index === 0) {
      tileWidth = tile.width;
      tileHeight = tile.height;
    }
    const left = (index % grid.columns) * tileWidth;
    const top = Math.floor(index / grid.columns) * tileHeight;
    // copy the tile's rows that fall inside the grid's canvas
    for (let y = 0; y < tile.height && top + y < grid.height; y++) {
      const span = Math.min(tile.width, grid.width - left);
      if (span <= 0) break;
      const from = y * tile.width * 4;
      out.set(tile.data.subarray(from, from + span * 4), ((top + y) * grid.width + left) * 4);
    }
  }
  return { width: grid.width, height: grid.height, data: out };
}

async function attempt(wasm: AvifPixelDecoder, bytes: Uint8Array<ArrayBuffer>): Promise<RgbaImage | undefined> {
  try {
    return await wasm(bytes);
  } catch {
    return undefined;
  }
}
