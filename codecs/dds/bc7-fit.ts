/**
 * Endpoint fitting for the BC7 encoder: one subset of a block, one set of channels, one mode's
 * precision. Works on module-level scratch (no allocation per block); the caller (./bc7-encode.ts)
 * sets the mode parameters with `setFitMode` and reads the results from the exported arrays.
 *
 * Method: principal axis of the subset's pixels (power iteration on the covariance), endpoints
 * at the extreme projections, quantization to the mode's precision choosing p-bits, indexing,
 * then least-squares refinement of the endpoints for the chosen indices (quantize, re-index, keep
 * the better) a given number of times. Interpolation and bit expansion are the decoder's
 * ((64 - w) * e0 + w * e1 + 32) >> 6 on bit-replicated endpoints, so errors are exact.
 */

/** Interpolation weights by index bit count (2, 3, 4). */
export const BC7_WEIGHTS: readonly Uint8Array[] = [
  new Uint8Array(0),
  new Uint8Array(0),
  new Uint8Array([0, 21, 43, 64]),
  new Uint8Array([0, 9, 18, 27, 37, 46, 55, 64]),
  new Uint8Array([0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64]),
];

/** The block's pixels, RGBA, 16 x 4 values (set by the caller; may be channel-rotated). */
export const blockPixels = new Int32Array(64);

/** P-bit layouts. */
export const PBITS_NONE = 0;
export const PBITS_UNIQUE = 1;
export const PBITS_SHARED = 2;

// Mode parameters (setFitMode).
let colorBits = 0;
let alphaBits = 0;
let pbitMode = PBITS_NONE;
let indexBits = 2;
let firstChannel = 0;
let endChannel = 4;

/** Sets the precision and channels of the next fits: channels [first, end) of RGBA. */
export function setFitMode(cBits: number, aBits: number, pbits: number, iBits: number, first: number, end: number): void {
  colorBits = cBits;
  alphaBits = aBits;
  pbitMode = pbits;
  indexBits = iBits;
  firstChannel = first;
  endChannel = end;
}

// Results of fitSubset, by subset s: endpoint codes (without p-bit) at ((s * 2 + e) * 4 + c),
// p-bits at (s * 2 + e) (the same for both endpoints in shared mode).
export const fitCodes = new Int32Array(24);
export const fitPbits = new Int32Array(6);

// Quantization tables: for (total bits, p-bit) the best code for each 8-bit target and its value.
const quantCode: Uint8Array[] = [];
const quantValue: Uint8Array[] = [];

/** Expands an n-bit value (n <= 8) to 8 bits by bit replication. */
export function expandBits(v: number, n: number): number {
  v <<= 8 - n;
  return (v | (v >> n)) & 255;
}

/** Table key: total bits 1..8, p-bit -1 (none), 0 or 1. */
function quantTable(bits: number, pbit: number): number {
  const key = bits * 3 + pbit + 1;
  if (quantCode[key] === undefined) {
    const codes = new Uint8Array(256);
    const vals = new Uint8Array(256);
    const free = pbit < 0 ? bits : bits - 1;
    for (let v = 0; v < 256; v++) {
      let bestD = 1e9;
      for (let q = 0; q < 1 << free; q++) {
        const value = expandBits(pbit < 0 ? q : (q << 1) | pbit, bits);
        const d = Math.abs(value - v);
        if (d < bestD) {
          bestD = d;
          codes[v] = q;
          vals[v] = value;
        }
      }
    }
    quantCode[key] = codes;
    quantValue[key] = vals;
  }
  return key;
}

// Per-fit scratch.
const members = new Int32Array(16);
let memberCount = 0;
/** Target endpoints (real values) per endpoint e at e * 4 + c. */
const target = new Float64Array(8);
/** Quantized endpoint values (8-bit) and codes, trial and best. */
const trialValue = new Int32Array(8);
const trialCode = new Int32Array(8);
const trialPbit = new Int32Array(2);
const bestValue = new Int32Array(8);
const bestCode = new Int32Array(8);
const bestPbit = new Int32Array(2);
/** Indices by pixel position: trial and best of the current fit. */
const trialIndex = new Uint8Array(16);
const bestIndex = new Uint8Array(16);
let bestError = 0;
/** Palette of the current endpoints, entry k at k * 4 + c. */
const palette = new Int32Array(64);
const cov = new Float64Array(16);
const mean = new Float64Array(4);
const axis = new Float64Array(4);
const next = new Float64Array(4);

/**
 * Fits the pixels `pixelIds[0..count)` of the block (subset `subset`), writes their indices into
 * `indexOut` (by pixel position) and the endpoints into fitCodes/fitPbits; returns the squared error
 * over the fitted channels. `refinements` least-squares passes; `exhaustive` indexes against every
 * palette entry (instead of projecting) and tries every p-bit choice.
 */
export function fitSubset(
  pixelIds: Uint8Array,
  count: number,
  subset: number,
  indexOut: Uint8Array,
  refinements: number,
  exhaustive: boolean,
): number {
  const c0 = firstChannel;
  const c1 = endChannel;
  const px = blockPixels;
  memberCount = count;
  for (let i = 0; i < count; i++) members[i] = pixelIds[i]!;
  // Mean and covariance of the fitted channels.
  for (let c = c0; c < c1; c++) mean[c] = 0;
  for (let i = 0; i < count; i++) {
    const p = members[i]! * 4;
    for (let c = c0; c < c1; c++) mean[c] = mean[c]! + px[p + c]!;
  }
  for (let c = c0; c < c1; c++) mean[c] = mean[c]! / count;
  cov.fill(0);
  for (let i = 0; i < count; i++) {
    const p = members[i]! * 4;
    for (let a = c0; a < c1; a++) {
      const da = px[p + a]! - mean[a]!;
      for (let b = a; b < c1; b++) cov[a * 4 + b] = cov[a * 4 + b]! + da * (px[p + b]! - mean[b]!);
    }
  }
  for (let a = c0; a < c1; a++) for (let b = a + 1; b < c1; b++) cov[b * 4 + a] = cov[a * 4 + b]!;
  // Power iteration from the covariance row of the widest channel.
  let widest = c0;
  for (let c = c0 + 1; c < c1; c++) if (cov[c * 5]! > cov[widest * 5]!) widest = c;
  for (let c = c0; c < c1; c++) axis[c] = cov[widest * 4 + c]!;
  for (let k = 0; k < 4; k++) {
    let m = 0;
    for (let a = c0; a < c1; a++) {
      let s = 0;
      for (let b = c0; b < c1; b++) s += cov[a * 4 + b]! * axis[b]!;
      next[a] = s;
      if (Math.abs(s) > m) m = Math.abs(s);
    }
    if (m === 0) break;
    for (let c = c0; c < c1; c++) axis[c] = next[c]! / m;
  }
  // Extreme projections along the axis.
  let tMin = Infinity;
  let tMax = -Infinity;
  let norm = 0;
  for (let c = c0; c < c1; c++) norm += axis[c]! * axis[c]!;
  for (let i = 0; i < count; i++) {
    const p = members[i]! * 4;
    let t = 0;
    for (let c = c0; c < c1; c++) t += (px[p + c]! - mean[c]!) * axis[c]!;
    if (t < tMin) tMin = t;
    if (t > tMax) tMax = t;
  }
  if (norm > 0) {
    tMin /= norm;
    tMax /= norm;
  } else {
    tMin = tMax = 0;
  }
  for (let c = c0; c < c1; c++) {
    target[c] = mean[c]! + tMin * axis[c]!;
    target[4 + c] = mean[c]! + tMax * axis[c]!;
  }
  bestError = Infinity;
  quantizeTargets(exhaustive);
  for (let k = 0; k < refinements; k++) {
    if (!leastSquares()) break;
    if (!quantizeTargets(exhaustive)) break;
  }
  // Results.
  for (let e = 0; e < 2; e++) {
    for (let c = c0; c < c1; c++) fitCodes[(subset * 2 + e) * 4 + c] = bestCode[e * 4 + c]!;
    fitPbits[subset * 2 + e] = bestPbit[e]!;
  }
  for (let i = 0; i < count; i++) indexOut[members[i]!] = bestIndex[members[i]!]!;
  return bestError;
}

/** Quantizes `target` (choosing p-bits), indexes, keeps the result if better; true if kept. */
function quantizeTargets(exhaustive: boolean): boolean {
  if (pbitMode === PBITS_NONE) {
    quantizeEndpoint(0, -1);
    quantizeEndpoint(1, -1);
    return evaluateTrial(exhaustive);
  }
  if (exhaustive) {
    let kept = false;
    for (let combo = 0; combo < 4; combo++) {
      const p0 = combo & 1;
      const p1 = combo >> 1;
      if (pbitMode === PBITS_SHARED && p0 !== p1) continue;
      quantizeEndpoint(0, p0);
      quantizeEndpoint(1, p1);
      if (evaluateTrial(true)) kept = true;
    }
    return kept;
  }
  if (pbitMode === PBITS_UNIQUE) {
    quantizeEndpoint(0, endpointPbit(0));
    quantizeEndpoint(1, endpointPbit(1));
  } else {
    const p = quantError(0, 0) + quantError(1, 0) <= quantError(0, 1) + quantError(1, 1) ? 0 : 1;
    quantizeEndpoint(0, p);
    quantizeEndpoint(1, p);
  }
  return evaluateTrial(false);
}

function clamp8(v: number): number {
  return v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
}

/** Squared quantization error of endpoint e with p-bit p. */
function quantError(e: number, p: number): number {
  let err = 0;
  for (let c = firstChannel; c < endChannel; c++) {
    const bits = (c === 3 ? alphaBits : colorBits) + 1;
    const v = clamp8(target[e * 4 + c]!);
    const d = quantValue[quantTable(bits, p)]![v]! - v;
    err += d * d;
  }
  return err;
}

/** The p-bit giving endpoint e the smaller quantization error. */
function endpointPbit(e: number): number {
  return quantError(e, 0) <= quantError(e, 1) ? 0 : 1;
}

/** Quantizes endpoint e of `target` into trialCode/trialValue with p-bit p (-1: none). */
function quantizeEndpoint(e: number, p: number): void {
  const extra = p < 0 ? 0 : 1;
  for (let c = firstChannel; c < endChannel; c++) {
    const key = quantTable((c === 3 ? alphaBits : colorBits) + extra, p);
    const v = clamp8(target[e * 4 + c]!);
    trialCode[e * 4 + c] = quantCode[key]![v]!;
    trialValue[e * 4 + c] = quantValue[key]![v]!;
  }
  trialPbit[e] = p < 0 ? 0 : p;
}

/** Nearest weight index for a projection 0..64 (scaled), per index bit count. */
const NEAREST: readonly Uint8Array[] = BC7_WEIGHTS.map((w) => {
  const table = new Uint8Array(65);
  if (w.length === 0) return table;
  for (let t = 0; t <= 64; t++) {
    let best = 0;
    for (let k = 1; k < w.length; k++) if (Math.abs(w[k]! - t) < Math.abs(w[best]! - t)) best = k;
    table[t] = best;
  }
  return table;
});

/** Indexes the members against the trial endpoints; keeps them if better. True if kept. */
function evaluateTrial(exhaustive: boolean): boolean {
  const c0 = firstChannel;
  const c1 = endChannel;
  const weights = BC7_WEIGHTS[indexBits]!;
  const entries = weights.length;
  for (let k = 0; k < entries; k++) {
    const w = weights[k]!;
    for (let c = c0; c < c1; c++) {
      palette[k * 4 + c] = ((64 - w) * trialValue[c]! + w * trialValue[4 + c]! + 32) >> 6;
    }
  }
  const px = blockPixels;
  let err = 0;
  let dd = 0;
  for (let c = c0; c < c1; c++) {
    const d = trialValue[4 + c]! - trialValue[c]!;
    dd += d * d;
  }
  const nearest = NEAREST[indexBits]!;
  const scale = dd > 0 ? 64 / dd : 0;
  const last = entries - 1;
  for (let i = 0; i < memberCount; i++) {
    const pos = members[i]!;
    const p = pos * 4;
    let lo = 0;
    let hi = last;
    if (!exhaustive) {
      // Palette entries lie on the endpoint line: the projection finds the nearest, give or take one.
      let t = 0;
      for (let c = c0; c < c1; c++) t += (px[p + c]! - trialValue[c]!) * (trialValue[4 + c]! - trialValue[c]!);
      const s = Math.round(t * scale);
      const k = nearest[s <= 0 ? 0 : s >= 64 ? 64 : s]!;
      lo = k > 0 ? k - 1 : 0;
      hi = k < last ? k + 1 : last;
    }
    let best = lo;
    let bestD = 1e9;
    for (let k = lo; k <= hi; k++) {
      let d = 0;
      for (let c = c0; c < c1; c++) {
        const x = px[p + c]! - palette[k * 4 + c]!;
        d += x * x;
      }
      if (d < bestD) {
        bestD = d;
        best = k;
      }
    }
    trialIndex[pos] = best;
    err += bestD;
    if (err >= bestError) return false;
  }
  bestError = err;
  for (let i = 0; i < memberCount; i++) bestIndex[members[i]!] = trialIndex[members[i]!]!;
  for (let k = 0; k < 8; k++) {
    bestValue[k] = trialValue[k]!;
    bestCode[k] = trialCode[k]!;
  }
  bestPbit[0] = trialPbit[0]!;
  bestPbit[1] = trialPbit[1]!;
  return true;
}

/** Least-squares endpoints for the best indices, into `target`; false if degenerate. */
function leastSquares(): boolean {
  const weights = BC7_WEIGHTS[indexBits]!;
  const c0 = firstChannel;
  const c1 = endChannel;
  let a = 0;
  let b = 0;
  let c = 0;
  for (let ch = c0; ch < c1; ch++) {
    next[ch] = 0; // sum of s * x
    mean[ch] = 0; // sum of t * x (reusing scratch)
  }
  const px = blockPixels;
  for (let i = 0; i < memberCount; i++) {
    const pos = members[i]!;
    const t = weights[bestIndex[pos]!]! / 64;
    const s = 1 - t;
    a += s * s;
    b += s * t;
    c += t * t;
    for (let ch = c0; ch < c1; ch++) {
      const x = px[pos * 4 + ch]!;
      next[ch] = next[ch]! + s * x;
      mean[ch] = mean[ch]! + t * x;
    }
  }
  const det = a * c - b * b;
  if (Math.abs(det) < 1e-9) return false;
  const inv = 1 / det;
  for (let ch = c0; ch < c1; ch++) {
    target[ch] = (c * next[ch]! - b * mean[ch]!) * inv;
    target[4 + ch] = (a * mean[ch]! - b * next[ch]!) * inv;
  }
  return true;
}
