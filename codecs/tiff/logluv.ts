// SGI LogLuv (compression 34676, Greg Ward's high-dynamic-range encoding): LogL (Photometric 32844,
// 16-bit log luminance) and LogLuv32 (Photometric 32845, log luminance plus 8-bit u′ and v′). Each
// row stores its values byte plane by byte plane (most significant first), each plane run-length
// coded. Shown the way libtiff's RGBA reader shows them (its 8-bit output): luminance Y to grey,
// Luv to XYZ to RGB with its primaries, each as 256·√value clamped. LogLuv24 (34677) needs
// libtiff's table of u′v′ cells and is not read.

/** Photometric values of the two LogLuv colour models. */
export const LOG_L = 32844;
export const LOG_LUV = 32845;

const UV_SCALE = 410;

/** The log-encoded luminance (15 bits and a sign) as linear Y. */
function logL16ToY(p16: number): number {
  const le = p16 & 0x7fff;
  if (le === 0) return 0;
  const y = Math.exp((Math.LN2 / 256) * (le + 0.5) - Math.LN2 * 64);
  return p16 & 0x8000 ? -y : y;
}

function to8(v: number): number {
  return v <= 0 ? 0 : v >= 1 ? 255 : Math.floor(256 * Math.sqrt(v));
}

/**
 * Decodes one strip or tile (`width` × `rows`) into 8-bit samples: grey for LogL, RGB for
 * LogLuv. Run-length data that ends early leaves the rest black; output is bounded by its size.
 */
export function decodeSgiLog(data: Uint8Array, width: number, rows: number, luv: boolean): Uint8Array {
  const bytesPerValue = luv ? 4 : 2;
  const values = new Uint32Array(width);
  const out = new Uint8Array(width * rows * (luv ? 3 : 1));
  let at = 0;
  for (let y = 0; y < rows; y++) {
    values.fill(0);
    // one byte plane at a time, most significant first
    for (let shift = (bytesPerValue - 1) * 8; shift >= 0; shift -= 8) {
      let i = 0;
      // every step reads at least one byte, so the loop ends with the data
      while (i < width && at < data.length) {
        let count = data[at++] as number;
        if (count >= 128) {
          // a run: the next byte, count − 126 times
          count -= 126;
          const byte = (data[at++] ?? 0) << shift;
          while (count-- > 0 && i < width) values[i] = ((values[i++] as number) | byte) >>> 0;
        } else {
          while (count-- > 0 && i < width && at < data.length) values[i] = ((values[i++] as number) | ((data[at++] as number) << shift)) >>> 0;
        }
      }
    }
    const row = y * width * (luv ? 3 : 1);
    for (let x = 0; x < width; x++) {
      const p = values[x] as number;
      if (!luv) {
        out[row + x] = to8(logL16ToY(p));
        continue;
      }
      const o = row + x * 3;
      const l = logL16ToY(p >>> 16);
      if (l <= 0) continue;
      const u = ((((p >>> 8) & 0xff) + 0.5) / UV_SCALE);
      const v = (((p & 0xff) + 0.5) / UV_SCALE);
      const s = 1 / (6 * u - 16 * v + 12);
      const cx = 9 * u * s;
      const cy = 4 * v * s;
      const bigX = (cx / cy) * l;
      const bigZ = ((1 - cx - cy) / cy) * l;
      out[o] = to8(2.69 * bigX - 1.276 * l - 0.414 * bigZ);
      out[o + 1] = to8(-1.022 * bigX + 1.978 * l + 0.044 * bigZ);
      out[o + 2] = to8(0.061 * bigX - 0.224 * l + 1.163 * bigZ);
    }
  }
  return out;
}
