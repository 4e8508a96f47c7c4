// PSB/PSD reader: the composite (merged) image of a Photoshop file as RGBA, with its resolution.
// RGB and Grayscale composites at 8 and 16 bits are read by ./composite.ts and un-matted from white
// only when Photoshop wrote them (./matte.ts); ag-psd decodes the rest (Indexed, Bitmap, 32-bit),
// reading neither layer pixels nor the thumbnail, and returning raw pixel arrays instead of
// canvases, so it runs in a Web Worker and in Node. Every failure is a PsbError.
import { initializeCanvas, readPsd, type Psd } from "ag-psd";
import type { RgbaImage } from "../image/rgba-image.ts";
import { unlimited, type WorkBudget } from "../common/work-budget.ts";
import { PsbError } from "./errors.ts";
import { decodeComposite, isPlainComposite } from "./composite.ts";
import { mattesWithWhite } from "./matte.ts";
import { ColorMode, colorModeName, readPsbStructure, type PsbStructure } from "./structure.ts";

export { PsbError, type PsbErrorCode } from "./errors.ts";
export { DEFAULT_DPI, MAX_DECODED_BYTES, MAX_SIDE, readPsbStructure, type PsbStructure } from "./structure.ts";

export interface PsbComposite extends RgbaImage {
  format: "PSB" | "PSD";
  /** pixels per inch, 72 when the file does not say */
  dpiX: number;
  dpiY: number;
  colorMode: string;
  bitsPerChannel: number;
}

// ag-psd makes its 8-bit RGBA buffer through a canvas unless told otherwise; a worker has none
initializeCanvas(
  () => {
    throw new PsbError("This Photoshop file needs a drawing canvas to be read, which this converter does not use.", "unsupported");
  },
  (width: number, height: number) => ({ width, height, data: new Uint8ClampedArray(width * height * 4), colorSpace: "srgb" }) as unknown as ImageData,
);

const SUPPORTED_MODES: readonly number[] = [ColorMode.Bitmap, ColorMode.Grayscale, ColorMode.Indexed, ColorMode.RGB];

/** Refuses what ag-psd cannot decode, naming it. */
function checkSupported(info: PsbStructure): void {
  const kind = info.format;
  if (!SUPPORTED_MODES.includes(info.colorMode)) {
    throw new PsbError(`This ${kind} file uses the ${colorModeName(info.colorMode)} colour mode; this tool converts RGB, Grayscale, Indexed and Bitmap files.`, "unsupported");
  }
  if (info.compression === 2 || info.compression === 3) {
    throw new PsbError(`This ${kind} file's composite image is ZIP-compressed, which this tool cannot decode.`, "unsupported");
  }
  if (info.colorMode === ColorMode.Indexed && info.compression === 0) {
    throw new PsbError(`This ${kind} file stores its indexed-colour image uncompressed, which this tool cannot decode.`, "unsupported");
  }
  if (info.colorMode === ColorMode.Bitmap && info.bitsPerChannel !== 1) throw new PsbError(`This ${kind} file is corrupt: a Bitmap image must have 1 bit per pixel.`, "corrupt");
  if (info.colorMode === ColorMode.Indexed && info.bitsPerChannel !== 8) throw new PsbError(`This ${kind} file is corrupt: an indexed-colour image must have 8 bits per pixel.`, "corrupt");
}

export interface DecodePsbOptions {
  /** counts the pixels decoded (channels × width × height); past its limit the file is refused ("too-much-work") */
  budget?: WorkBudget;
}

/** Decodes the composite image (limits and truncation checked first, by ./structure.ts). */
export function decodePsb(bytes: Uint8Array, options: DecodePsbOptions = {}): PsbComposite {
  const info = readPsbStructure(bytes);
  checkSupported(info);
  // work units: samples decoded, charged before anything is allocated
  const budget = options.budget ?? unlimited();
  budget.charge(info.channels * info.width * info.height, () => new PsbError(`This ${info.format} file needs more work than this tool allows for one file (over ${budget.limit} samples).`, "too-much-work"));
  const result = (data: Uint8Array): PsbComposite => ({
    format: info.format,
    width: info.width,
    height: info.height,
    data,
    dpiX: info.dpiX,
    dpiY: info.dpiY,
    colorMode: colorModeName(info.colorMode),
    bitsPerChannel: info.bitsPerChannel,
  });
  if (isPlainComposite(info)) {
    return result(decodeComposite(bytes, info, mattesWithWhite(info.writer)));
  }
  let psd: Psd;
  try {
    psd = readPsd(bytes, {
      skipLayerImageData: true,
      skipThumbnail: true,
      skipLinkedFilesData: true,
      useImageData: true,
      totalMemoryLimit: 2 * 1024 * 1024 * 1024,
    });
  } catch (error) {
    if (error instanceof PsbError) throw error;
    throw new PsbError(`This ${info.format} file is corrupt: ${describe(error)}.`, "corrupt");
  }
  const pixels = psd.imageData;
  if (!pixels || pixels.width !== info.width || pixels.height !== info.height) {
    throw new PsbError(`This ${info.format} file has no readable composite image (save it in Photoshop with "Maximize Compatibility" on).`, "corrupt");
  }
  return result(toRgba8(pixels.data, info.bitsPerChannel));
}

/** ag-psd's RGBA at the file's depth to 8-bit RGBA. */
function toRgba8(data: Uint8Array | Uint8ClampedArray | Uint16Array | Float32Array, bits: number): Uint8Array {
  if (data instanceof Uint8ClampedArray || data instanceof Uint8Array) return new Uint8Array(data.buffer, data.byteOffset, data.length);
  const out = new Uint8Array(data.length);
  if (data instanceof Uint16Array) {
    for (let i = 0; i < data.length; i++) {
      const v = (data[i] as number) + 128;
      out[i] = (v - (v >> 8)) >> 8;
    }
    return out;
  }
  // 32-bit documents hold linear light: encode colour channels for display (sRGB), alpha as is
  for (let i = 0; i < data.length; i++) {
    const v = Math.min(1, Math.max(0, data[i] as number));
    const encoded = (i & 3) === 3 || bits !== 32 ? v : v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055;
    out[i] = Math.round(encoded * 255);
  }
  return out;
}

function describe(error: unknown): string {
  // ag-psd's own refusals are plain Errors with short messages ("Invalid signature: ..."); a
  // TypeError or RangeError from a corrupt file carries a programmer's message: not shown
  if (error instanceof Error && error.constructor === Error && error.message) return error.message.replace(/\.$/, "").slice(0, 160);
  return "its data could not be read";
}
