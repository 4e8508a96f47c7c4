// Image resizing for previews and icon sizes: separable resampling with a triangle filter
// widened by the reduction factor (bilinear when enlarging, an area-weighted average when
// reducing, so no pixel is skipped), on premultiplied alpha so transparent pixels lend no colour.
import type { RgbaImage } from "./rgba-image.ts";

interface Weights {
  /** first source index of each output index */
  start: Int32Array;
  /** number of taps of each output index */
  count: Int32Array;
  /** taps, `maxTaps` per output index */
  weight: Float32Array;
  maxTaps: number;
}

function weights(source: number, target: number): Weights {
  const scale = target / source;
  const support = scale < 1 ? 1 / scale : 1; // filter radius in source pixels
  const maxTaps = Math.ceil(support) * 2 + 1;
  const start = new Int32Array(target);
  const count = new Int32Array(target);
  const weight = new Float32Array(target * maxTaps);
  for (let i = 0; i < target; i++) {
    const center = (i + 0.5) / scale - 0.5;
    const first = Math.max(0, Math.ceil(center - support));
    const last = Math.min(source - 1, Math.floor(center + support));
    let total = 0;
    let n = 0;
    for (let s = first; s <= last && n < maxTaps; s++, n++) {
      const w = Math.max(0, 1 - Math.abs(s - center) / support);
      weight[i * maxTaps + n] = w;
      total += w;
    }
    if (total === 0) {
      // a single tap when the filter falls between pixels
      const nearest = Math.min(source - 1, Math.max(0, Math.round(center)));
      start[i] = nearest;
      count[i] = 1;
      weight[i * maxTaps] = 1;
      continue;
    }
    for (let k = 0; k < n; k++) weight[i * maxTaps + k]! /= total;
    start[i] = first;
    count[i] = n;
  }
  return { start, count, weight, maxTaps };
}

/** `image` resampled to `width` × `height` (both at least 1). */
export function resizeRgba(image: RgbaImage, width: number, height: number): RgbaImage {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`Cannot resize to ${width} × ${height}`);
  }
  const { width: sw, height: sh, data } = image;
  const h = weights(sw, width);
  const v = weights(sh, height);
  // Rows are made as the vertical pass needs them: a source row premultiplied into `pre`, then
  // filtered horizontally into a ring of v.maxTaps rows (an output row's taps are at most that
  // many consecutive source rows, and later outputs never need rows before this one's first). A
  // whole float copy of a 4096² image would be 256 MB: its page faults cost more than the arithmetic.
  const pre = new Float32Array(sw * 4);
  const stride = width * 4;
  const ring = new Float32Array(v.maxTaps * stride);
  let made = 0; // source rows filtered so far
  const makeRow = (y: number) => {
    const row = y * sw * 4;
    for (let i = 0; i < pre.length; i += 4) {
      const a = data[row + i + 3]! / 255;
      pre[i] = data[row + i]! * a;
      pre[i + 1] = data[row + i + 1]! * a;
      pre[i + 2] = data[row + i + 2]! * a;
      pre[i + 3] = data[row + i + 3]!;
    }
    const o0 = (y % v.maxTaps) * stride;
    for (let x = 0; x < width; x++) {
      let r = 0, g = 0, b = 0, a = 0;
      const base = x * h.maxTaps;
      for (let k = 0, s = h.start[x]! * 4; k < h.count[x]!; k++, s += 4) {
        const w = h.weight[base + k]!;
        r += pre[s]! * w;
        g += pre[s + 1]! * w;
        b += pre[s + 2]! * w;
        a += pre[s + 3]! * w;
      }
      const o = o0 + x * 4;
      ring[o] = r;
      ring[o + 1] = g;
      ring[o + 2] = b;
      ring[o + 3] = a;
    }
  };
  // vertical pass: sh -> height, then un-premultiply
  const out = new Uint8Array(width * height * 4);
  const tapRow = new Int32Array(v.maxTaps); // where each tap's row is in the ring
  for (let y = 0; y < height; y++) {
    const first = v.start[y]!;
    const taps = v.count[y]!;
    for (made = Math.max(made, first); made < first + taps; made++) makeRow(made);
    const base = y * v.maxTaps;
    for (let k = 0; k < taps; k++) tapRow[k] = ((first + k) % v.maxTaps) * stride;
    for (let x = 0; x < width; x++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let k = 0; k < taps; k++) {
        const s = tapRow[k]! + x * 4;
        const w = v.weight[base + k]!;
        r += ring[s]! * w;
        g += ring[s + 1]! * w;
        b += ring[s + 2]! * w;
        a += ring[s + 3]! * w;
      }
      const o = (y * width + x) * 4;
      if (a < 0.5) continue; // fully transparent: colour 0
      const k = 255 / a;
      out[o] = Math.min(255, Math.round(r * k));
      out[o + 1] = Math.min(255, Math.round(g * k));
      out[o + 2] = Math.min(255, Math.round(b * k));
      out[o + 3] = Math.min(255, Math.round(a));
    }
  }
  return { width, height, data: out };
}
