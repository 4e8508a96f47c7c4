// 16-bit RLE composite images (RGB or Grayscale), which Photoshop and ImageMagick write and ag-psd
// cannot read (its RLE reader assumes 8-bit samples). Each channel's rows are PackBits-compressed
// big-endian 16-bit samples; the row lengths come first, all channels' rows in one table.
import { PsbError } from "./errors.ts";
import { ColorMode, type PsbStructure } from "./structure.ts";
import { decodePackBits } from "../common/packbits.ts";

export function decodeRle16(bytes: Uint8Array, info: PsbStructure): Uint8Array {
  const { width, height, channels, imageDataOffset } = info;
  const colours = info.colorMode === ColorMode.RGB ? 3 : 1;
  // the channel after the colours is the composite's transparency, as ag-psd and ImageMagick read it
  const used = Math.min(channels, colours + 1);
  const large = info.format === "PSB";
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rows = channels * height;
  const countSize = large ? 4 : 2;
  let data = imageDataOffset + rows * countSize;
  const out = new Uint8Array(width * height * 4).fill(255);
  const row = new Uint8Array(width * 2);
  for (let c = 0; c < used; c++) {
    for (let y = 0; y < height; y++) {
      const entry = imageDataOffset + (c * height + y) * countSize;
      const length = large ? view.getUint32(entry) : view.getUint16(entry);
      if (data + length > bytes.byteLength) throw new PsbError(`This ${info.format} file is truncated inside its composite image.`, "truncated");
      row.fill(0); // a short row reads as zeros
      decodePackBits(bytes.subarray(data, data + length), row);
      data += length;
      let o = y * width * 4;
      for (let x = 0; x < width; x++, o += 4) {
        const v = (((row[x * 2] as number) << 8) | (row[x * 2 + 1] as number)) + 128;
        const value = (v - (v >> 8)) >> 8;
        if (c < colours) {
          if (colours === 1) {
            out[o] = value;
            out[o + 1] = value;
            out[o + 2] = value;
          } else out[o + c] = value;
        } else out[o + 3] = value;
      }
    }
  }
  return out;
}
