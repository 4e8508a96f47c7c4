// The composite (merged) image of an RGB or Grayscale PSB/PSD at 8 or 16 bits, raw or RLE, read
// here rather than by ag-psd: ag-psd cannot read 16-bit RLE (its RLE reader assumes 8-bit samples),
// and it un-mattes every composite with transparency from white, which only Photoshop's need
// (./matte.ts). Each channel's rows are stored one after another, raw or PackBits-compressed, 16-bit
// samples big-endian; with RLE the row lengths come first, all channels' rows in one table.
import { decodePackBits } from "../common/packbits.ts";
import { PsbError } from "./errors.ts";
import { unmatteFromWhite } from "./matte.ts";
import { ColorMode, type PsbStructure } from "./structure.ts";

/** Whether decodeComposite reads this file (the rest goes to ag-psd). */
export function isPlainComposite(info: PsbStructure): boolean {
  const mode = info.colorMode === ColorMode.RGB || info.colorMode === ColorMode.Grayscale;
  return mode && (info.bitsPerChannel === 8 || info.bitsPerChannel === 16) && (info.compression === 0 || info.compression === 1);
}

/**
 * The composite as 8-bit RGBA, opaque when the file has no channel after its colours; `unmatte`
 * undoes a white matte (at the file's depth). `info` comes from readPsbStructure, which has checked
 * that the row table and the rows are in the file.
 */
export function decodeComposite(bytes: Uint8Array, info: PsbStructure, unmatte: boolean): Uint8Array {
  const pixels = info.width * info.height * 4;
  if (info.bitsPerChannel === 16 && unmatte) {
    const samples = readChannels(bytes, info, new Uint16Array(pixels).fill(0xffff));
    unmatteFromWhite(samples, 0xffff);
    const out = new Uint8Array(pixels);
    for (let i = 0; i < pixels; i++) out[i] = to8(samples[i] as number);
    return out;
  }
  // 16-bit samples are reduced to 8 bits as they are placed: no 16-bit copy of the image
  const out = readChannels(bytes, info, new Uint8Array(pixels).fill(0xff));
  if (unmatte) unmatteFromWhite(out, 0xff);
  return out;
}

/** 16-bit to 8-bit as ImageMagick rounds it (ScaleQuantumToChar). */
function to8(value16: number): number {
  const v = value16 + 128;
  return (v - (v >> 8)) >> 8;
}

/** Fills `out` (RGBA, 8-bit or, for a 16-bit file, 16-bit samples) from the colour channels and the one after them. */
function readChannels<T extends Uint8Array | Uint16Array>(bytes: Uint8Array, info: PsbStructure, out: T): T {
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
  const row = new Uint8Array(rowBytes);
  const values = new Uint16Array(width);
  for (let c = 0; c < used; c++) {
    for (let y = 0; y < height; y++) {
      const entry = imageDataOffset + (c * height + y) * countSize;
      const length = rle ? (large ? view.getUint32(entry) : view.getUint16(entry)) : rowBytes;
      if (data + length > bytes.byteLength) throw new PsbError(`This ${info.format} file is truncated inside its composite image.`, "truncated");
      let source = bytes.subarray(data, data + length);
      if (rle) {
        row.fill(0); // a short row reads as zeros
        decodePackBits(source, row);
        source = row;
      }
      data += length;
      let samples: Uint8Array | Uint16Array = source;
      if (wide) {
        const reduce = !(out instanceof Uint16Array);
        for (let x = 0, i = 0; x < width; x++, i += 2) {
          const value = ((source[i] as number) << 8) | (source[i + 1] as number);
          values[x] = reduce ? to8(value) : value;
        }
        samples = values;
      }
      const start = y * width * 4;
      if (colours === 1 && c === 0) {
        for (let x = 0, o = start; x < width; x++, o += 4) {
          const value = samples[x] as number;
          out[o] = value;
          out[o + 1] = value;
          out[o + 2] = value;
        }
      } else {
        const slot = c === colours ? 3 : c;
        for (let x = 0, o = start + slot; x < width; x++, o += 4) out[o] = samples[x] as number;
      }
    }
  }
  return out;
}
