// Reverses PNG's row filters (PNG spec §9) for any bit depth: `bpp` is the bytes per complete
// pixel, at least 1. Uint8Array stores wrap, which is the filters' modulo-256 sum. Paeth, the
// costly one (ImageMagick and libpng pick it for most rows of a photo), looks its prediction up
// in a table rather than branching, which the CPU could not predict on photo data.
import { PngError } from "./errors.ts";

/**
 * Unfilters one row: `src[at]` is its filter type and the `rowBytes` filtered bytes follow;
 * the result goes to `dst[0..rowBytes)`. `prior` holds the previous row of the same (reduced)
 * image, unfiltered, or zeros for the first row.
 */
export function unfilterRow(src: Uint8Array, at: number, dst: Uint8Array, rowBytes: number, bpp: number, prior: Uint8Array): void {
  const filter = src[at]!;
  const s = at + 1;
  const first = Math.min(bpp, rowBytes);
  if (filter === 0) {
    dst.set(src.subarray(s, s + rowBytes));
  } else if (filter === 1) {
    for (let i = 0; i < first; i++) dst[i] = src[s + i]!;
    for (let i = first; i < rowBytes; i++) dst[i] = src[s + i]! + dst[i - bpp]!;
  } else if (filter === 2) {
    for (let i = 0; i < rowBytes; i++) dst[i] = src[s + i]! + prior[i]!;
  } else if (filter === 3) {
    for (let i = 0; i < first; i++) dst[i] = src[s + i]! + (prior[i]! >> 1);
    for (let i = first; i < rowBytes; i++) dst[i] = src[s + i]! + ((dst[i - bpp]! + prior[i]!) >> 1);
  } else if (filter === 4) {
    // no left or upper-left pixel at the start: the prediction is the byte above
    for (let i = 0; i < first; i++) dst[i] = src[s + i]! + prior[i]!;
    if (bpp === 3) unpaeth3(src, s, dst, rowBytes, prior);
    else if (bpp === 4) unpaeth4(src, s, dst, rowBytes, prior);
    else unpaeth(src, s, dst, rowBytes, bpp, prior);
  } else {
    throw new PngError(`This PNG file is damaged: a row of its image has an unknown filter type (${filter}).`, "corrupt");
  }
}

/**
 * Paeth's prediction, less the upper-left byte c, modulo 256, for every a - c and b - c (a: left,
 * b: above; the prediction is whichever of a, b, c is nearest a + b - c, preferring a, then b),
 * at (a - c + 255) * 512 + (b - c + 255). One lookup replaces the three distances and two
 * comparisons; photos keep a - c and b - c small, so the lookups stay in a small part of the
 * table. Built on first use (256 KB).
 */
let paethTable: Uint8Array | null = null;
const PAETH_ORIGIN = 255 * 512 + 255;

function buildPaethTable(): Uint8Array {
  const table = new Uint8Array(511 * 512);
  for (let d = -255; d <= 255; d++) {
    for (let e = -255; e <= 255; e++) {
      const pa = Math.abs(e);
      const pb = Math.abs(d);
      const pc = Math.abs(d + e);
      table[PAETH_ORIGIN + d * 512 + e] = pa <= pb && pa <= pc ? d : pb <= pc ? e : 0;
    }
  }
  return table;
}

function unpaeth(src: Uint8Array, s: number, dst: Uint8Array, rowBytes: number, bpp: number, prior: Uint8Array): void {
  const table = (paethTable ??= buildPaethTable());
  for (let i = bpp; i < rowBytes; i++) {
    const a = dst[i - bpp]!;
    const c = prior[i - bpp]!;
    dst[i] = src[s + i]! + c + table[PAETH_ORIGIN + ((a - c) << 9) + prior[i]! - c]!;
  }
}

/** Paeth for 3-byte pixels (8-bit RGB): the left and upper-left pixels stay in locals. */
function unpaeth3(src: Uint8Array, s: number, dst: Uint8Array, rowBytes: number, prior: Uint8Array): void {
  const table = (paethTable ??= buildPaethTable());
  let ar = dst[0]!;
  let ag = dst[1]!;
  let ab = dst[2]!;
  let cr = prior[0]!;
  let cg = prior[1]!;
  let cb = prior[2]!;
  for (let i = 3; i < rowBytes; i += 3) {
    const br = prior[i]!;
    const bg = prior[i + 1]!;
    const bb = prior[i + 2]!;
    ar = (src[s + i]! + cr + table[PAETH_ORIGIN + ((ar - cr) << 9) + br - cr]!) & 255;
    ag = (src[s + i + 1]! + cg + table[PAETH_ORIGIN + ((ag - cg) << 9) + bg - cg]!) & 255;
    ab = (src[s + i + 2]! + cb + table[PAETH_ORIGIN + ((ab - cb) << 9) + bb - cb]!) & 255;
    dst[i] = ar;
    dst[i + 1] = ag;
    dst[i + 2] = ab;
    cr = br;
    cg = bg;
    cb = bb;
  }
}

/** Paeth for 4-byte pixels (8-bit RGBA), as unpaeth3. */
function unpaeth4(src: Uint8Array, s: number, dst: Uint8Array, rowBytes: number, prior: Uint8Array): void {
  const table = (paethTable ??= buildPaethTable());
  let ar = dst[0]!;
  let ag = dst[1]!;
  let ab = dst[2]!;
  let aa = dst[3]!;
  let cr = prior[0]!;
  let cg = prior[1]!;
  let cb = prior[2]!;
  let ca = prior[3]!;
  for (let i = 4; i < rowBytes; i += 4) {
    const br = prior[i]!;
    const bg = prior[i + 1]!;
    const bb = prior[i + 2]!;
    const ba = prior[i + 3]!;
    ar = (src[s + i]! + cr + table[PAETH_ORIGIN + ((ar - cr) << 9) + br - cr]!) & 255;
    ag = (src[s + i + 1]! + cg + table[PAETH_ORIGIN + ((ag - cg) << 9) + bg - cg]!) & 255;
    ab = (src[s + i + 2]! + cb + table[PAETH_ORIGIN + ((ab - cb) << 9) + bb - cb]!) & 255;
    aa = (src[s + i + 3]! + ca + table[PAETH_ORIGIN + ((aa - ca) << 9) + ba - ca]!) & 255;
    dst[i] = ar;
    dst[i + 1] = ag;
    dst[i + 2] = ab;
    dst[i + 3] = aa;
    cr = br;
    cg = bg;
    cb = bb;
    ca = ba;
  }
}
