// ICO writer: a 6-byte ICONDIR, one 16-byte entry per image, then the images. 256-pixel images
// are stored PNG-compressed (Windows Vista and later; a 256 × 256 BMP would be 256 KB), always
// RGBA as the directory's 32 bits per pixel says; smaller ones as 32-bit BMP (BITMAPINFOHEADER with
// the height doubled, bottom-up BGRA rows, then the 1-bit AND mask, set where a pixel is fully
// transparent) which every Windows version and favicon reader understands. A side of 256 is written as 0 in the directory, as the format requires.
import { CodecFailure } from "../common/codec-failure.ts";
import type { RgbaImage } from "../image/rgba-image.ts";
import { encodePng } from "../png/index.ts";

/** Failure categories of the ICO writer ("no-sizes": the visitor chose no icon size). */
export type IcoErrorCode = "no-images" | "too-many-images" | "bad-size" | "no-sizes";

/** Every refusal of the ICO writer is an IcoError with a message meant for the visitor. */
export class IcoError extends CodecFailure<IcoErrorCode> {
  override readonly name = "IcoError";
}

/** Largest side an ICO entry can hold. */
export const MAX_ICO_SIDE = 256;
/** From this side on, entries are PNG-compressed. */
const PNG_FROM_SIDE = 256;

function bmpEntry(image: RgbaImage): Uint8Array {
  const { width, height, data } = image;
  const xorRow = width * 4;
  const andRow = Math.ceil(width / 32) * 4;
  const out = new Uint8Array(40 + xorRow * height + andRow * height);
  const view = new DataView(out.buffer);
  view.setUint32(0, 40, true); // biSize
  view.setInt32(4, width, true);
  view.setInt32(8, height * 2, true); // XOR bitmap + AND mask
  view.setUint16(12, 1, true); // planes
  view.setUint16(14, 32, true); // bits per pixel
  view.setUint32(16, 0, true); // BI_RGB
  view.setUint32(20, (xorRow + andRow) * height, true);
  const andStart = 40 + xorRow * height;
  for (let y = 0; y < height; y++) {
    const row = height - 1 - y; // bottom-up
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const o = 40 + row * xorRow + x * 4;
      out[o] = data[i + 2]!;
      out[o + 1] = data[i + 1]!;
      out[o + 2] = data[i]!;
      out[o + 3] = data[i + 3]!;
      if (data[i + 3] === 0) out[andStart + row * andRow + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return out;
}

/** An ICO file holding `images` in the given order (square or not, each side 1-256). Throws IcoError. */
export function encodeIco(images: readonly RgbaImage[]): Uint8Array {
  if (images.length === 0) throw new IcoError("An ICO file needs at least one image.", "no-images");
  if (images.length > 0xffff) throw new IcoError("An ICO file holds at most 65535 images.", "too-many-images");
  const entries = images.map((image) => {
    if (image.width < 1 || image.height < 1 || image.width > MAX_ICO_SIDE || image.height > MAX_ICO_SIDE) {
      throw new IcoError(`An icon image must be 1 to ${MAX_ICO_SIDE} pixels a side (got ${image.width} × ${image.height}).`, "bad-size");
    }
    const png = Math.max(image.width, image.height) >= PNG_FROM_SIDE;
    return { image, bytes: png ? encodePng(image, { level: 9, keepAlpha: true }) : bmpEntry(image) };
  });
  const directory = 6 + 16 * entries.length;
  const out = new Uint8Array(directory + entries.reduce((sum, e) => sum + e.bytes.length, 0));
  const view = new DataView(out.buffer);
  view.setUint16(2, 1, true); // type: icon
  view.setUint16(4, entries.length, true);
  let offset = directory;
  entries.forEach(({ image, bytes }, i) => {
    const at = 6 + 16 * i;
    out[at] = image.width === 256 ? 0 : image.width;
    out[at + 1] = image.height === 256 ? 0 : image.height;
    // colour count 0 and reserved 0
    view.setUint16(at + 4, 1, true); // planes
    view.setUint16(at + 6, 32, true); // bits per pixel
    view.setUint32(at + 8, bytes.length, true);
    view.setUint32(at + 12, offset, true);
    out.set(bytes, offset);
    offset += bytes.length;
  });
  return out;
}
