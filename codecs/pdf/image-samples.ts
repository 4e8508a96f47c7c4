// The pixel work behind an image page (codecs/pdf/image-pdf.ts): which colour model a picture
// needs, its samples in that model, the PNG "Up" row filter and the zlib deflate of the result.
import { zlibSync } from "fflate";

export type PdfColour = "rgb" | "grey" | "bilevel";

/**
 * zlib-wrapped deflate (what FlateDecode reads). CompressionStream is the platform's own zlib, in
 * browsers, workers and Node alike, about twice as fast as fflate here; fflate is the fallback.
 */
export async function deflate(data: Uint8Array): Promise<Uint8Array> {
  if (typeof CompressionStream === "function") {
    const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream("deflate"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }
  return zlibSync(data, { level: 6 });
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Is every pixel grey (R = G = B)? black or white only? fully opaque? */
export function analyse(data: Uint8Array | Uint8ClampedArray, pixels: number): { colour: PdfColour; alpha: boolean } {
  let grey = true;
  let bilevel = true;
  let alpha = false;
  if (LITTLE_ENDIAN && data.byteOffset % 4 === 0) {
    // one 32-bit read a pixel: 0xAABBGGRR
    const words = new Uint32Array(data.buffer, data.byteOffset, pixels);
    for (let i = 0; i < pixels; i++) {
      const p = words[i] as number;
      if (p >>> 24 !== 255) alpha = true;
      const colour = p & 0xffffff;
      if (colour === 0 || colour === 0xffffff) continue; // black or white
      bilevel = false;
      const r = p & 0xff;
      if (((p >>> 8) & 0xff) !== r || ((p >>> 16) & 0xff) !== r) {
        grey = false;
        if (alpha) break;
      }
    }
  } else {
    for (let i = 0, o = 0; i < pixels; i++, o += 4) {
      const r = data[o] as number;
      if (data[o + 3] !== 255) alpha = true;
      if (r !== data[o + 1] || r !== data[o + 2]) {
        grey = false;
        bilevel = false;
        if (alpha) break;
      } else if (r !== 0 && r !== 255) {
        bilevel = false;
      }
    }
  }
  return { colour: grey ? (bilevel ? "bilevel" : "grey") : "rgb", alpha };
}

export function rgb(data: Uint8Array | Uint8ClampedArray, pixels: number): Uint8Array {
  const out = new Uint8Array(pixels * 3);
  for (let i = 0, o = 0, p = 0; i < pixels; i++, o += 4, p += 3) {
    out[p] = data[o] as number;
    out[p + 1] = data[o + 1] as number;
    out[p + 2] = data[o + 2] as number;
  }
  return out;
}

export function channel(data: Uint8Array | Uint8ClampedArray, pixels: number, index: number): Uint8Array {
  const out = new Uint8Array(pixels);
  for (let i = 0, o = index; i < pixels; i++, o += 4) out[i] = data[o] as number;
  return out;
}

/** 1 bit a pixel, rows padded to a byte; in DeviceGray a 1 bit is white. */
export function bits(data: Uint8Array | Uint8ClampedArray, width: number, height: number): Uint8Array {
  const rowBytes = Math.ceil(width / 8);
  const out = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y++) {
    let from = y * width * 4;
    let to = y * rowBytes;
    for (let x = 0; x < width; x += 8, to++) {
      let byte = 0;
      const end = Math.min(8, width - x);
      for (let k = 0; k < end; k++, from += 4) if (data[from] === 255) byte |= 0x80 >> k;
      out[to] = byte;
    }
  }
  return out;
}

/** PNG "Up" filter (PDF predictor 12): each row as the difference from the row above, after a filter-type byte. */
export function upFilter(samples: Uint8Array, rowBytes: number, height: number): Uint8Array {
  const out = new Uint8Array((rowBytes + 1) * height);
  for (let y = 0; y < height; y++) {
    const from = y * rowBytes;
    const to = y * (rowBytes + 1);
    out[to] = 2;
    if (y === 0) {
      out.set(samples.subarray(0, rowBytes), to + 1);
      continue;
    }
    for (let i = 0; i < rowBytes; i++) out[to + 1 + i] = ((samples[from + i] as number) - (samples[from - rowBytes + i] as number)) & 0xff;
  }
  return out;
}
