// Block smoothing for progressive files whose scans stopped short (ITU-T T.81 K.8, informative):
// while the first AC coefficients are still unknown or coarse, estimate them from the DC values of
// the 3×3 neighbouring blocks, so a file cut short shows smooth shading instead of flat 8×8
// squares. libjpeg does the same (with a larger neighbourhood since libjpeg-turbo 2.1).

/** Zigzag positions 1–5 (AC01, AC10, AC20, AC11, AC02) in natural order. */
const POSITIONS = [1, 8, 16, 9, 2];

/** Whether smoothing can change anything: a DC value known, one of the first five AC coefficients not exact. */
export function smoothingUseful(bits: Int8Array): boolean {
  if (bits[0]! < 0) return false;
  for (let k = 1; k <= 5; k++) if (bits[k] !== 0) return true;
  return false;
}

/**
 * Writes into `out` the block at (row, col) with its still-zero low AC coefficients estimated from
 * its neighbours' DC values (edges repeat). `bits[k]`: the precision still missing for zigzag
 * coefficient k (-1 none received, 0 exact); an estimate stays below what a later scan would add.
 */
export function smoothedBlock(
  coefficients: Int16Array,
  blocksPerLine: number,
  blocksWide: number,
  blocksHigh: number,
  row: number,
  col: number,
  quant: Int32Array,
  bits: Int8Array,
  out: Int16Array,
): void {
  const at = (row * blocksPerLine + col) * 64;
  out.set(coefficients.subarray(at, at + 64));
  const up = Math.max(row - 1, 0);
  const down = Math.min(row + 1, blocksHigh - 1);
  const left = Math.max(col - 1, 0);
  const right = Math.min(col + 1, blocksWide - 1);
  const dc = (r: number, c: number): number => coefficients[(r * blocksPerLine + c) * 64]!;
  const dc1 = dc(up, left);
  const dc2 = dc(up, col);
  const dc3 = dc(up, right);
  const dc4 = dc(row, left);
  const dc5 = dc(row, col);
  const dc6 = dc(row, right);
  const dc7 = dc(down, left);
  const dc8 = dc(down, col);
  const dc9 = dc(down, right);
  // T.81 K.8.2's weights (1.13885/8, 0.27881/8, 0.16213/8) in 1/256 units
  const sums = [36 * (dc4 - dc6), 36 * (dc2 - dc8), 9 * (dc2 + dc8 - 2 * dc5), 5 * (dc1 - dc3 - dc7 + dc9), 9 * (dc4 + dc6 - 2 * dc5)];
  const q00 = quant[0]!;
  for (let i = 0; i < 5; i++) {
    const al = bits[i + 1]!;
    const position = POSITIONS[i]!;
    if (al === 0 || out[position] !== 0) continue;
    const q = quant[position]!;
    if (q === 0) continue;
    const num = q00 * sums[i]!;
    let prediction = Math.floor((q * 128 + Math.abs(num)) / (q * 256));
    if (al > 0 && prediction >= 1 << al) prediction = (1 << al) - 1;
    out[position] = num < 0 ? -prediction : prediction;
  }
}
