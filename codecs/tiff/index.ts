// TIFF reader: every page of a TIFF file as upright RGBA (Orientation tag applied) with its resolution. Pure TypeScript (our own
// JPEG decoder from ../jpeg/, fflate, the rest our own), runs in Node and in a Web Worker. Every failure is a TiffError.
import { checkTiffPage, decodeTiffPage, type TiffPage } from "./decode.ts";
import { applyOrientation, swapsAxes, type Orientation } from "../image/orient.ts";
import type { WorkBudget } from "../common/work-budget.ts";
import { TiffError } from "./errors.ts";
import { readTiffStructure, type TiffPageInfo, type TiffStructure } from "./ifd.ts";

export { checkTiffPage, compressionName, MAX_DECODED_BYTES, MAX_SIDE, type TiffPage } from "./decode.ts";
export { TiffError, type TiffErrorCode } from "./errors.ts";
export { DEFAULT_DPI, type TiffPageInfo, type TiffStructure } from "./ifd.ts";

/** Reads the file's pages (sizes, compression, resolution) without decoding pixels. */
export function readTiff(bytes: Uint8Array): TiffStructure {
  return guard(() => readTiffStructure(bytes));
}

export interface DecodeTiffOptions {
  /** the fraction of the whole file decoded so far */
  onProgress?: (fraction: number) => void;
  /** counts the bytes of samples decoded across all pages; past its limit the file is refused ("too-much-work") */
  budget?: WorkBudget;
}

/**
 * Decodes the pages one at a time, so a caller that consumes each page before asking for the
 * next holds one page in memory. Every page is checked against the limits before any is decoded.
 */
export function* decodeTiffPages(bytes: Uint8Array, structure: TiffStructure = readTiff(bytes), options: DecodeTiffOptions = {}): Generator<TiffPage, void, undefined> {
  const { pages, littleEndian } = structure;
  guard(() => pages.forEach((page: TiffPageInfo, i: number) => checkTiffPage(page, i + 1)));
  for (let i = 0; i < pages.length; i++) {
    const page = pages[i] as TiffPageInfo;
    const stored = guard(() => decodeTiffPage(bytes, page, i + 1, littleEndian, (f) => options.onProgress?.((i + f) / pages.length), options.budget));
    yield upright(stored, page.orientation);
  }
}

/** The page turned as its Orientation tag says, its resolution swapped with its axes. */
function upright(page: TiffPage, orientation: Orientation): TiffPage {
  if (orientation === 1) return page;
  const image = applyOrientation(page, orientation);
  const swap = swapsAxes(orientation);
  return { ...image, dpiX: swap ? page.dpiY : page.dpiX, dpiY: swap ? page.dpiX : page.dpiY };
}

/** Every page at once (tests, small files). */
export function decodeTiff(bytes: Uint8Array, options: DecodeTiffOptions = {}): TiffPage[] {
  return [...decodeTiffPages(bytes, readTiff(bytes), options)];
}

/** Turns anything but a TiffError (a decoder's RangeError on a corrupt file...) into one. */
function guard<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof TiffError) throw error;
    throw new TiffError("The TIFF file is corrupt and could not be read.", "corrupt");
  }
}
