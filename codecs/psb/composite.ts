// The composite (merged) image of an RGB or Grayscale PSB/PSD at 8 or 16 bits, raw or RLE, read
// here rather than by ag-psd: ag-psd cannot read 16-bit RLE (its RLE reader assumes 8-bit samples),
// and it un-mattes every composite with transparency from white, which only Photoshop's need
// (./matte.ts). Each channel's rows are stored one after another, raw or PackBits-compressed, 16-bit
// samples big-endian; with RLE the row lengths come first, all channels' rows in one table.
import { decodePackBits } from "../common/packbits.ts";
import { PsbError } from "./errors.ts";
import { ColorMode, type PsbStructure } from "./structure.ts";

/** Whether decodeComposite reads this file (the rest goes to ag-psd). */
export function isPlainComposite(info: PsbStructure): boolean {
  const mode = info.colorMode === ColorMode.RGB || info.colorMode === ColorMode.Grayscale;
  return mode && (info.bitsPerChannel === 8 || info.bitsPerChannel === 16) && (info.compression === 0 || info.compression === 1);
}

/**
 * RGBA at the file's depth (Uint8Array for 8 bits, Uint16Array for 16), opaque when the file has no
 * channel after its colours. `info` comes from readPsbStructure, which has checked that every row
 * is in the file.
 */
export function decodeComposite(bytes: Uint8Array, info: PsbStructure): Uint8Array | Uint16Array {
  const { width, height, channels, imageDataOffset } = info;
  const wide = info.bitsPerChannel === 16;
  const colours = info.colorMode === ColorMode.RGB ? 3 : 1;
  // the channel after the colours is the composite's transparency, as ag-psd and ImageMagick read it
  const used = Math.min(channels, colours + 1);
  const large = info.format === "PSB";
  const rle = info.compression === 1;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const countSize = large ? 4 : 2;
  const rowBytes = width * (wide ? 2 : 1);
  let data = rle ? imageDataOffset + channels * height * countSize : imageDataOffset;
  const out = wide ? new Uint16Array(width * height * 4).fill(0xffff) : new Uint8Array(width * height * 4).fill(0xff);
  const row = new Uint8Array(rowBytes);
  for (let c = 0; c < used; c++) {
    for (let y = 0; y < height; y++) {
      const entry = imageDataOffset + (c * height + y) * countSize;
      const length = rle ? (large ? view.getUint32(entry) : view.getUint16(entry)) : rowBytes;
      if (data + length > bytes.byteLength) throw new PsbError(`This ${info.format} file is truncated inside its composite image.`, "truncated");
      if (rle) {
        row.fill(0); // a short row reads as zeros
        decodePackBits(bytes.subarray(data, data + length), row);
      } else {
        row.set(bytes.subarray(data, data + length));
      }
      data += length;
      let o = y * width * 4;
      for (let x = 0; x < width; x++, o += 4) {
        const value = wide ? ((row[x * 2] as number) << 8) | (row[x * 2 + 1] as number) : (row[x] as number);
        if (c === colours) out[o + 3] = value;
        else if (colours === 3) out[o + c] = value;
        else {
          out[o] = value;
          out[o + 1] = value;
          out[o + 2] = value;
        }
      }
    }
  }
  return out;
}
