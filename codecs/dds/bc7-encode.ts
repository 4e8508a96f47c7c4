/**
 * BC7 block encoder. Modes tried, by effort (0 fast, 1 balanced, 2 best):
 * - fast: mode 6 (one subset, RGBA 7777 + p-bit per endpoint, 4-bit indices).
 * - balanced: mode 6; opaque blocks that mode 6 fits poorly also try mode 1 (two subsets, 666 +
 *   shared p-bit, 3-bit indices) on the best partition shapes; blocks with varying alpha also try
 *   mode 5 (separate 2-bit colour and alpha indices, 8-bit alpha).
 * - best: more refinement and exhaustive indexing and p-bits; opaque blocks try modes 1 and 3
 *   (two subsets, 777 + p-bits, 2-bit indices) and modes 0 and 2 (three subsets), blocks with
 *   alpha try modes 5 and 4 with every channel rotation and mode 7 (two subsets, RGBA).
 * Partition search: every shape is scored by how tightly its subsets cluster (squared distance of
 * each pixel to its subset's mean); the best few shapes get a full fit (./bc7-fit.ts).
 * The error is the squared RGBA difference against the decoded block (what PSNR measures).
 */
import { BC7_ANCHOR_2, BC7_ANCHOR_3A, BC7_ANCHOR_3B, BC7_PARTITIONS_2, BC7_PARTITIONS_3 } from "./bc7.ts";
import { blockPixels, fitCodes, fitPbits, fitSubset, PBITS_NONE, PBITS_SHARED, PBITS_UNIQUE, setFitMode } from "./bc7-fit.ts";

// Mode layout (the BC7 format specification), per mode 0..7.
const SUBSETS = [3, 2, 3, 2, 1, 1, 1, 2];
const PARTITION_BITS = [4, 6, 6, 6, 0, 0, 0, 6];
const COLOR_BITS = [4, 6, 5, 7, 5, 7, 7, 5];
const ALPHA_BITS = [0, 0, 0, 0, 6, 8, 7, 5];
const PBIT_MODE = [
  PBITS_UNIQUE,
  PBITS_SHARED,
  PBITS_NONE,
  PBITS_UNIQUE,
  PBITS_NONE,
  PBITS_NONE,
  PBITS_UNIQUE,
  PBITS_UNIQUE,
];
const INDEX_BITS = [3, 3, 2, 2, 2, 2, 4, 2];
const INDEX2_BITS = [0, 0, 0, 0, 3, 2, 0, 0];

/** The block as loaded (RGBA, 16 x 4). */
const source = new Int32Array(64);
/** Indices by pixel: primary (colour, or colour and alpha) and secondary (modes 4/5). */
const index1 = new Uint8Array(16);
const index2 = new Uint8Array(16);
/** Pixel ids of each subset of the shape being tried. */
const subsetPixels = [new Uint8Array(16), new Uint8Array(16), new Uint8Array(16)];
const subsetCount = new Int32Array(3);
const ALL_PIXELS = Uint8Array.from({ length: 16 }, (_, i) => i);
/** Best encoding so far and its error. */
const bestBlock = new Uint8Array(16);
let bestError = 0;
/** Bit packing scratch. */
const words = new Int32Array(5);
let bitPos = 0;
/** Partition scoring scratch. */
const shapeScore = new Float64Array(64);
const topShapes = new Int32Array(16);
const sums = new Float64Array(18);

/** Every mode allowed (bit m allows mode m). */
export const BC7_ALL_MODES = 0xff;

/**
 * Encodes one 4x4 RGBA block (`px`, 64 bytes) as 16 bytes of BC7 at out[o]; returns its squared
 * RGBA error. `modes` restricts the modes tried (bit m = mode m; mode 6 is the fallback when none
 * of the allowed ones applies).
 */
export function encodeBc7Block(px: Uint8Array, out: Uint8Array, o: number, effort: number, modes = BC7_ALL_MODES): number {
  let alphaMin = 255;
  let alphaMax = 0;
  for (let i = 0; i < 64; i++) source[i] = px[i]!;
  for (let i = 3; i < 64; i += 4) {
    const a = source[i]!;
    if (a < alphaMin) alphaMin = a;
    if (a > alphaMax) alphaMax = a;
  }
  const opaque = alphaMin === 255;
  bestError = Infinity;
  const refinements = effort === 0 ? 1 : effort === 1 ? 2 : 4;
  const exhaustive = effort >= 2;
  const allowed = (mode: number) => (modes & (1 << mode)) !== 0;
  if (allowed(6)) tryJoint(6, 0, refinements, exhaustive);
  // A block mode 6 reproduces within about 2 levels per channel needs nothing else.
  const goodEnough = effort >= 2 || modes !== BC7_ALL_MODES ? -1 : 16 * 4 * 4;
  if (effort >= 1 && bestError > goodEnough) {
    if (opaque) {
      const shapes = effort >= 2 ? 8 : 2;
      if (allowed(1) || allowed(3)) rankShapes(2, 3, shapes);
      if (allowed(1)) for (let k = 0; k < shapes; k++) tryJoint(1, topShapes[k]!, refinements, exhaustive);
      if (effort >= 2) {
        if (allowed(3)) for (let k = 0; k < shapes; k++) tryJoint(3, topShapes[k]!, refinements, exhaustive);
        // Mode 0 has 4 partition bits: only the first 16 three-subset shapes.
        if (allowed(0)) {
          rankShapes(3, 3, 6, 16);
          for (let k = 0; k < 6; k++) tryJoint(0, topShapes[k]!, refinements, exhaustive);
        }
        if (allowed(2)) {
          rankShapes(3, 3, 6);
          for (let k = 0; k < 6; k++) tryJoint(2, topShapes[k]!, refinements, exhaustive);
        }
      }
    }
    if (!opaque || effort >= 2) {
      // Separate alpha indices: every rotation at best effort.
      const rotations = effort >= 2 ? 4 : 1;
      if (!opaque && alphaMin === alphaMax && effort < 2) {
        // Constant alpha below 255: mode 6 already carries it well.
      } else {
        for (let rotation = 0; rotation < rotations; rotation++) {
          if (allowed(5)) trySeparate(5, rotation, 0, refinements, exhaustive);
          if (effort >= 2 && allowed(4)) {
            trySeparate(4, rotation, 0, refinements, exhaustive);
            trySeparate(4, rotation, 1, refinements, exhaustive);
          }
        }
      }
      if (effort >= 2 && !opaque && allowed(7)) {
        rankShapes(2, 4, 8);
        for (let k = 0; k < 8; k++) tryJoint(7, topShapes[k]!, refinements, exhaustive);
      }
    }
  }
  if (bestError === Infinity) tryJoint(6, 0, refinements, exhaustive);
  out.set(bestBlock, o);
  return bestError;
}

/**
 * Scores the first `shapes` shapes of `subsets` subsets over `channels` channels; leaves the best
 * `count` in topShapes.
 */
function rankShapes(subsets: number, channels: number, count: number, shapes = 64): void {
  const table = subsets === 2 ? BC7_PARTITIONS_2 : BC7_PARTITIONS_3;
  const px = source;
  // Per subset: pixel count, channel sums (4), sum of squares.
  const stride = 6;
  shapeScore.fill(-1);
  for (let shape = 0; shape < shapes; shape++) {
    sums.fill(0);
    const base = shape * 16;
    for (let i = 0; i < 16; i++) {
      const s = table[base + i]! * stride;
      const p = i * 4;
      sums[s] = sums[s]! + 1;
      let sq = 0;
      for (let c = 0; c < channels; c++) {
        const v = px[p + c]!;
        sums[s + 1 + c] = sums[s + 1 + c]! + v;
        sq += v * v;
      }
      sums[s + 5] = sums[s + 5]! + sq;
    }
    let score = 0;
    for (let s = 0; s < subsets * stride; s += stride) {
      const n = sums[s]!;
      if (n === 0) continue;
      let m2 = 0;
      for (let c = 0; c < channels; c++) m2 += sums[s + 1 + c]! * sums[s + 1 + c]!;
      score += sums[s + 5]! - m2 / n;
    }
    shapeScore[shape] = score;
  }
  // Partial selection sort of the `count` lowest scores (used shapes are marked -1).
  for (let k = 0; k < count; k++) {
    let best = -1;
    for (let shape = 0; shape < shapes; shape++) {
      if (shapeScore[shape]! >= 0 && (best < 0 || shapeScore[shape]! < shapeScore[best]!)) best = shape;
    }
    topShapes[k] = best;
    shapeScore[best] = -1;
  }
}

/** Tries a mode with joint colour/alpha indices (0, 1, 2, 3, 6, 7) on a partition shape. */
function tryJoint(mode: number, shape: number, refinements: number, exhaustive: boolean): void {
  const subsets = SUBSETS[mode]!;
  const alphaBits = ALPHA_BITS[mode]!;
  blockPixels.set(source);
  setFitMode(COLOR_BITS[mode]!, alphaBits, PBIT_MODE[mode]!, INDEX_BITS[mode]!, 0, alphaBits ? 4 : 3);
  let err = 0;
  if (subsets === 1) {
    err = fitSubset(ALL_PIXELS, 16, 0, index1, refinements, exhaustive);
  } else {
    const table = subsets === 2 ? BC7_PARTITIONS_2 : BC7_PARTITIONS_3;
    subsetCount.fill(0);
    for (let i = 0; i < 16; i++) {
      const s = table[shape * 16 + i]!;
      subsetPixels[s]![subsetCount[s]!++] = i;
    }
    for (let s = 0; s < subsets; s++) {
      if (subsetCount[s] === 0) continue;
      err += fitSubset(subsetPixels[s]!, subsetCount[s]!, s, index1, refinements, exhaustive);
      if (err >= bestError) return;
    }
  }
  if (err >= bestError) return;
  bestError = err;
  // Anchor pixels must have the top index bit clear: swap that subset's endpoints otherwise.
  const ib = INDEX_BITS[mode]!;
  const top = (1 << ib) - 1;
  const half = 1 << (ib - 1);
  const anchors = [0, -1, -1];
  if (subsets === 2) anchors[1] = BC7_ANCHOR_2[shape]!;
  if (subsets === 3) {
    anchors[1] = BC7_ANCHOR_3A[shape]!;
    anchors[2] = BC7_ANCHOR_3B[shape]!;
  }
  const table = subsets === 2 ? BC7_PARTITIONS_2 : subsets === 3 ? BC7_PARTITIONS_3 : undefined;
  for (let s = 0; s < subsets; s++) {
    const anchor = anchors[s]!;
    if (index1[anchor]! < half) continue;
    swapEndpoints(s, 0, 4);
    const pb = fitPbits[s * 2]!;
    fitPbits[s * 2] = fitPbits[s * 2 + 1]!;
    fitPbits[s * 2 + 1] = pb;
    for (let i = 0; i < 16; i++) {
      if ((table ? table[shape * 16 + i]! : 0) === s) index1[i] = top - index1[i]!;
    }
  }
  // Pack: mode, partition, endpoints channel by channel, p-bits, indices.
  startBits();
  putBits(1 << mode, mode + 1);
  putBits(shape, PARTITION_BITS[mode]!);
  const cb = COLOR_BITS[mode]!;
  const endpoints = subsets * 2;
  for (let c = 0; c < 3; c++) for (let e = 0; e < endpoints; e++) putBits(fitCodes[e * 4 + c]!, cb);
  if (alphaBits) for (let e = 0; e < endpoints; e++) putBits(fitCodes[e * 4 + 3]!, alphaBits);
  if (PBIT_MODE[mode] === PBITS_UNIQUE) for (let e = 0; e < endpoints; e++) putBits(fitPbits[e]!, 1);
  else if (PBIT_MODE[mode] === PBITS_SHARED) for (let s = 0; s < subsets; s++) putBits(fitPbits[s * 2]!, 1);
  for (let i = 0; i < 16; i++) {
    putBits(index1[i]!, i === anchors[0] || i === anchors[1] || i === anchors[2] ? ib - 1 : ib);
  }
  finishBits();
}

/**
 * Tries mode 4 or 5 (one subset, separate colour and alpha indices) with a channel rotation
 * (1-3: R, G or B trades places with alpha) and, for mode 4, the index selection bit.
 */
function trySeparate(mode: number, rotation: number, indexSelection: number, refinements: number, exhaustive: boolean): void {
  blockPixels.set(source);
  if (rotation > 0) {
    const c = rotation - 1;
    for (let p = 0; p < 64; p += 4) {
      blockPixels[p + 3] = source[p + c]!;
      blockPixels[p + c] = source[p + 3]!;
    }
  }
  const primaryBits = INDEX_BITS[mode]!;
  const secondaryBits = INDEX2_BITS[mode]!;
  const colorIndexBits = indexSelection ? secondaryBits : primaryBits;
  const alphaIndexBits = indexSelection ? primaryBits : secondaryBits;
  const colorIdx = indexSelection ? index2 : index1;
  const alphaIdx = indexSelection ? index1 : index2;
  setFitMode(COLOR_BITS[mode]!, ALPHA_BITS[mode]!, PBITS_NONE, colorIndexBits, 0, 3);
  let err = fitSubset(ALL_PIXELS, 16, 0, colorIdx, refinements, exhaustive);
  if (err >= bestError) return;
  // Alpha endpoints go to subset slot 1 so the colour endpoints stay put.
  setFitMode(COLOR_BITS[mode]!, ALPHA_BITS[mode]!, PBITS_NONE, alphaIndexBits, 3, 4);
  err += fitSubset(ALL_PIXELS, 16, 1, alphaIdx, refinements, exhaustive);
  if (err >= bestError) return;
  bestError = err;
  if (colorIdx[0]! >= 1 << (colorIndexBits - 1)) {
    swapEndpoints(0, 0, 3);
    const top = (1 << colorIndexBits) - 1;
    for (let i = 0; i < 16; i++) colorIdx[i] = top - colorIdx[i]!;
  }
  if (alphaIdx[0]! >= 1 << (alphaIndexBits - 1)) {
    swapEndpoints(1, 3, 4);
    const top = (1 << alphaIndexBits) - 1;
    for (let i = 0; i < 16; i++) alphaIdx[i] = top - alphaIdx[i]!;
  }
  startBits();
  putBits(1 << mode, mode + 1);
  putBits(rotation, 2);
  if (mode === 4) putBits(indexSelection, 1);
  const cb = COLOR_BITS[mode]!;
  for (let c = 0; c < 3; c++) {
    putBits(fitCodes[c]!, cb);
    putBits(fitCodes[4 + c]!, cb);
  }
  const ab = ALPHA_BITS[mode]!;
  putBits(fitCodes[8 + 3]!, ab);
  putBits(fitCodes[12 + 3]!, ab);
  for (let i = 0; i < 16; i++) putBits(index1[i]!, i === 0 ? primaryBits - 1 : primaryBits);
  for (let i = 0; i < 16; i++) putBits(index2[i]!, i === 0 ? secondaryBits - 1 : secondaryBits);
  finishBits();
}

/** Swaps the two endpoints of subset slot s over channels [c0, c1). */
function swapEndpoints(s: number, c0: number, c1: number): void {
  for (let c = c0; c < c1; c++) {
    const a = (s * 2) * 4 + c;
    const b = (s * 2 + 1) * 4 + c;
    const t = fitCodes[a]!;
    fitCodes[a] = fitCodes[b]!;
    fitCodes[b] = t;
  }
}

function startBits(): void {
  words.fill(0);
  bitPos = 0;
}

/** Appends the n low bits of v (LSB first). */
function putBits(v: number, n: number): void {
  if (n === 0) return;
  const i = bitPos >> 5;
  const s = bitPos & 31;
  words[i] = words[i]! | (v << s);
  if (s + n > 32) words[i + 1] = words[i + 1]! | (v >>> (32 - s));
  bitPos += n;
}

/** Copies the packed 128 bits into bestBlock. */
function finishBits(): void {
  for (let w = 0; w < 4; w++) {
    const v = words[w]!;
    bestBlock[w * 4] = v & 255;
    bestBlock[w * 4 + 1] = (v >>> 8) & 255;
    bestBlock[w * 4 + 2] = (v >>> 16) & 255;
    bestBlock[w * 4 + 3] = v >>> 24;
  }
}
