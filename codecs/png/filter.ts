// PNG row filters (PNG spec §9) for 8-bit samples. `bpp` is bytes per pixel (3 or 4 here).

export const FILTER_NONE = 0;
export const FILTER_SUB = 1;
export const FILTER_UP = 2;
export const FILTER_AVERAGE = 3;
export const FILTER_PAETH = 4;

/** Writes `row` filtered with `filter` (against `prior`, the previous raw row or null) into `out` at `at` (type byte first). */
export function filterRow(filter: number, row: Uint8Array, prior: Uint8Array | null, bpp: number, out: Uint8Array, at: number): void {
  const n = row.length;
  out[at] = filter;
  const o = at + 1;
  if (filter === FILTER_NONE) {
    out.set(row, o);
  } else if (filter === FILTER_SUB) {
    for (let i = 0; i < bpp; i++) out[o + i] = row[i]!;
    for (let i = bpp; i < n; i++) out[o + i] = row[i]! - row[i - bpp]!;
  } else if (filter === FILTER_UP) {
    if (!prior) out.set(row, o);
    else for (let i = 0; i < n; i++) out[o + i] = row[i]! - prior[i]!;
  } else if (filter === FILTER_AVERAGE) {
    for (let i = 0; i < n; i++) {
      const left = i >= bpp ? row[i - bpp]! : 0;
      const up = prior ? prior[i]! : 0;
      out[o + i] = row[i]! - ((left + up) >> 1);
    }
  } else {
    for (let i = 0; i < n; i++) {
      const a = i >= bpp ? row[i - bpp]! : 0;
      const b = prior ? prior[i]! : 0;
      const c = prior && i >= bpp ? prior[i - bpp]! : 0;
      const p = a + b - c;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - b);
      const pc = Math.abs(p - c);
      out[o + i] = row[i]! - (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
    }
  }
}

/** Where R, G, B and A sit in a pixel read as one 32-bit word (platform byte order). */
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;
const SHIFT_R = LITTLE_ENDIAN ? 0 : 24;
const SHIFT_G = LITTLE_ENDIAN ? 8 : 16;
const SHIFT_B = LITTLE_ENDIAN ? 16 : 8;
const SHIFT_A = LITTLE_ENDIAN ? 24 : 0;

/** The RGBA bytes as one 32-bit word a pixel (a view when aligned, else a copy). */
export function pixelWords(src: Uint8Array): Uint32Array {
  if (src.byteOffset % 4 === 0) return new Uint32Array(src.buffer, src.byteOffset, src.length >> 2);
  return new Uint32Array(src.slice().buffer);
}

/**
 * Writes row `y` of `pixels` (from pixelWords) Sub-filtered into `out` at `at` (type byte first),
 * as RGB when `bpp` is 3: one pass with no copy of the raw row, for the fast levels. Each pixel is
 * one load; a channel's difference is the low byte of the shifted words' difference.
 */
export function filterSubRgba(pixels: Uint32Array, width: number, y: number, bpp: number, out: Uint8Array, at: number): void {
  out[at] = FILTER_SUB;
  let previous = 0;
  let o = at + 1;
  for (let k = y * width, end = k + width; k < end; k++, o += bpp) {
    const p = pixels[k]!;
    out[o] = (p >>> SHIFT_R) - (previous >>> SHIFT_R);
    out[o + 1] = (p >>> SHIFT_G) - (previous >>> SHIFT_G);
    out[o + 2] = (p >>> SHIFT_B) - (previous >>> SHIFT_B);
    if (bpp === 4) out[o + 3] = (p >>> SHIFT_A) - (previous >>> SHIFT_A);
    previous = p;
  }
}

/** Sum of the filtered bytes read as signed values: the usual "minimum sum of absolute differences" heuristic. */
function cost(out: Uint8Array, at: number, n: number): number {
  let sum = 0;
  for (let i = at + 1; i <= at + n; i++) {
    const v = out[i]!;
    sum += v < 128 ? v : 256 - v;
  }
  return sum;
}

/** Filters `row` with whichever of the five filters scores lowest; `scratch` holds at least row.length + 1 bytes. */
export function filterRowAdaptive(row: Uint8Array, prior: Uint8Array | null, bpp: number, out: Uint8Array, at: number, scratch: Uint8Array): void {
  let best = FILTER_NONE;
  let bestCost = Infinity;
  for (let filter = FILTER_NONE; filter <= FILTER_PAETH; filter++) {
    filterRow(filter, row, prior, bpp, scratch, 0);
    const c = cost(scratch, 0, row.length);
    if (c < bestCost) {
      bestCost = c;
      best = filter;
    }
  }
  filterRow(best, row, prior, bpp, out, at);
}
