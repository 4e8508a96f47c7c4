/**
 * BC4-style single-channel block encoder: the alpha half of BC3 (DXT5). Palettes follow the
 * Direct3D rounding of ./bc1-5.ts: a0 > a1 gives 8 values (6 interpolated, /7), a0 <= a1 gives
 * 6 values (4 interpolated, /5) plus exact 0 and 255.
 *
 * Search, by effort (0 fast, 1 balanced, 2 best): a block of one value is exact; otherwise the
 * 8-value mode spans min..max and the 6-value mode spans the values other than 0 and 255 (tried
 * when such extremes are present); balanced adds a least-squares refinement of the endpoints,
 * best an exhaustive search of endpoints within 4 steps of the extremes in both modes.
 */

const values = new Int32Array(16);
const palette = new Int32Array(8);
const trial = new Uint8Array(16);
const bestIdx = new Uint8Array(16);
let bestA0 = 0;
let bestA1 = 0;
let bestErr = 0;

/**
 * Encodes channel `channel` (3 = alpha) of a 4x4 RGBA block (`px`, 64 bytes) as 8 bytes at out[o].
 */
export function encodeBc4Block(px: Uint8Array, channel: number, out: Uint8Array, o: number, effort: number): void {
  let min = 255;
  let max = 0;
  let innerMin = 255;
  let innerMax = 0;
  for (let i = 0; i < 16; i++) {
    const v = px[i * 4 + channel]!;
    values[i] = v;
    if (v < min) min = v;
    if (v > max) max = v;
    if (v !== 0 && v !== 255) {
      if (v < innerMin) innerMin = v;
      if (v > innerMax) innerMax = v;
    }
  }
  if (min === max) {
    // a0 == a1: 6-value mode, index 0 is the value itself.
    write(out, o, min, min, bestIdx.fill(0));
    return;
  }
  bestErr = Infinity;
  tryPair(max, min);
  const hasExtremes = min === 0 || max === 255;
  if (hasExtremes) {
    if (innerMin > innerMax) tryPair(0, 0); // only 0 and 255: both are exact in 6-value mode
    else tryPair(innerMin, innerMax);
  }
  if (effort === 1) {
    refine();
  } else if (effort >= 2) {
    searchAround(max, min, true);
    if (hasExtremes && innerMin <= innerMax) searchAround(innerMin, innerMax, false);
    refine();
  }
  write(out, o, bestA0, bestA1, bestIdx);
}

/** Tries endpoint pairs within 4 steps of (a0, a1), keeping each pair's mode (a0 > a1 or not). */
function searchAround(a0: number, a1: number, eight: boolean): void {
  for (let d0 = -4; d0 <= 4; d0++) {
    const x = a0 + d0;
    if (x < 0 || x > 255) continue;
    for (let d1 = -4; d1 <= 4; d1++) {
      const y = a1 + d1;
      if (y < 0 || y > 255 || (eight ? x <= y : x > y)) continue;
      tryPair(x, y);
    }
  }
}

/** Least-squares endpoints for the best indices (interpolated entries only), one pass. */
function refine(): void {
  const eight = bestA0 > bestA1;
  const steps = eight ? 7 : 5;
  let a = 0;
  let b = 0;
  let c = 0;
  let x0 = 0;
  let x1 = 0;
  for (let i = 0; i < 16; i++) {
    const k = bestIdx[i]!;
    if (!eight && k >= 6) continue; // exact 0 / 255
    const t = k === 0 ? 0 : k === 1 ? 1 : (k - 1) / steps;
    const s = 1 - t;
    a += s * s;
    b += s * t;
    c += t * t;
    x0 += s * values[i]!;
    x1 += t * values[i]!;
  }
  const det = a * c - b * b;
  if (Math.abs(det) < 1e-6) return;
  const e0 = Math.round(Math.min(255, Math.max(0, (c * x0 - b * x1) / det)));
  const e1 = Math.round(Math.min(255, Math.max(0, (a * x1 - b * x0) / det)));
  if (eight ? e0 > e1 : e0 <= e1) tryPair(e0, e1);
  else if (e0 !== e1) tryPair(e1, e0); // reversed, the pair switches mode: still a valid candidate
}

/** Indexes the block against the palette of (a0, a1); keeps the pair if it is the best so far. */
function tryPair(a0: number, a1: number): void {
  const p = palette;
  p[0] = a0;
  p[1] = a1;
  if (a0 > a1) {
    for (let k = 2; k < 8; k++) p[k] = (((8 - k) * a0 + (k - 1) * a1 + 3) / 7) | 0;
  } else {
    for (let k = 2; k < 6; k++) p[k] = (((6 - k) * a0 + (k - 1) * a1 + 2) / 5) | 0;
    p[6] = 0;
    p[7] = 255;
  }
  let err = 0;
  for (let i = 0; i < 16; i++) {
    const v = values[i]!;
    let best = 0;
    let bestD = 1e9;
    for (let k = 0; k < 8; k++) {
      const d = (v - p[k]!) * (v - p[k]!);
      if (d < bestD) {
        bestD = d;
        best = k;
      }
    }
    trial[i] = best;
    err += bestD;
    if (err >= bestErr) return;
  }
  bestErr = err;
  bestA0 = a0;
  bestA1 = a1;
  bestIdx.set(trial);
}

function write(out: Uint8Array, o: number, a0: number, a1: number, idx: Uint8Array): void {
  out[o] = a0;
  out[o + 1] = a1;
  // 16 indices of 3 bits, pixel 0 in the lowest bits: two 24-bit halves.
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < 8; i++) {
    lo |= idx[i]! << (3 * i);
    hi |= idx[i + 8]! << (3 * i);
  }
  out[o + 2] = lo & 255;
  out[o + 3] = (lo >> 8) & 255;
  out[o + 4] = (lo >> 16) & 255;
  out[o + 5] = hi & 255;
  out[o + 6] = (hi >> 8) & 255;
  out[o + 7] = (hi >> 16) & 255;
}
