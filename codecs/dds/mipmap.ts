/**
 * Mip chain generation for the DDS encoder.
 *
 * Each level is made from the one before it (8-bit RGBA in, 8-bit RGBA out), Direct3D's size rule:
 * next = max(1, floor(size / 2)) on each axis, down to 1x1.
 *
 * Filter: a box (area) filter. Destination pixel j of an axis going from n to m pixels covers the
 * source interval [j*n/m, (j+1)*n/m) and every source pixel is weighted by the length it overlaps,
 * so odd sizes (13 -> 6 covers 2.17 pixels each) lose no row or column and shift nothing. Colour is
 * averaged in linear light (the pixels are taken as sRGB, as PNG pixels are) and weighted by alpha,
 * so a transparent pixel's hidden colour does not bleed into its neighbours; alpha itself is
 * averaged plainly. A fully transparent area keeps the plain average of its colours.
 */
import type { RgbaImage } from "../image/rgba-image.ts";

/** Number of levels in a full chain down to 1x1: floor(log2(max side)) + 1. */
export function mipLevelCount(width: number, height: number): number {
  return 32 - Math.clz32(Math.max(width, height, 1));
}

/** Size of level `level` of a chain whose top is width x height. */
export function mipLevelSize(width: number, height: number, level: number): { width: number; height: number } {
  return { width: Math.max(1, width >> level), height: Math.max(1, height >> level) };
}

/** sRGB transfer function, decoding: 8-bit value -> linear [0, 1]. */
export function srgbToLinear(value8: number): number {
  const c = value8 / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** sRGB transfer function, encoding: linear [0, 1] -> sRGB [0, 1]. */
export function linearToSrgb(linear: number): number {
  return linear <= 0.0031308 ? linear * 12.92 : 1.055 * linear ** (1 / 2.4) - 0.055;
}

const TO_LINEAR = new Float64Array(256);
for (let v = 0; v < 256; v++) TO_LINEAR[v] = srgbToLinear(v);

/** Linear value sampled at k / LINEAR_STEPS -> 8-bit sRGB (steps fine enough for the dark end). */
const LINEAR_STEPS = 65535;
const TO_SRGB8 = new Uint8Array(LINEAR_STEPS + 1);
for (let k = 0; k <= LINEAR_STEPS; k++) TO_SRGB8[k] = Math.round(linearToSrgb(k / LINEAR_STEPS) * 255);

/** Source taps of one axis: for destination j, `count[j]` pixels from `first[j]` with `weight[j*4 + t]`. */
interface AxisTaps {
  first: Int32Array;
  count: Uint8Array;
  weight: Float64Array;
}

/** Box-filter taps from n source pixels to m destination pixels (n / m is at most 3 here). */
function axisTaps(n: number, m: number): AxisTaps {
  const first = new Int32Array(m);
  const count = new Uint8Array(m);
  const weight = new Float64Array(m * 4);
  const scale = n / m;
  for (let j = 0; j < m; j++) {
    const start = j * scale;
    const end = (j + 1) * scale;
    const lo = Math.floor(start);
    const hi = Math.min(n, Math.ceil(end));
    first[j] = lo;
    count[j] = hi - lo;
    for (let i = lo; i < hi; i++) {
      weight[j * 4 + (i - lo)] = (Math.min(end, i + 1) - Math.max(start, i)) / scale;
    }
  }
  return { first, count, weight };
}

/** The next level of a mip chain (see the filter above). */
export function downsampleMip(image: RgbaImage): RgbaImage {
  const { width, height, data } = image;
  const dw = Math.max(1, width >> 1);
  const dh = Math.max(1, height >> 1);
  const out = new Uint8Array(dw * dh * 4);
  const xs = axisTaps(width, dw);
  const ys = axisTaps(height, dh);
  const lin = TO_LINEAR;
  let d = 0;
  for (let y = 0; y < dh; y++) {
    const y0 = ys.first[y]!;
    const ny = ys.count[y]!;
    for (let x = 0; x < dw; x++, d += 4) {
      const x0 = xs.first[x]!;
      const nx = xs.count[x]!;
      // Alpha-weighted (a*) and plain (p*) sums of linear colour, and the alpha sum.
      let ar = 0;
      let ag = 0;
      let ab = 0;
      let pr = 0;
      let pg = 0;
      let pb = 0;
      let sa = 0;
      for (let ty = 0; ty < ny; ty++) {
        const wy = ys.weight[y * 4 + ty]!;
        let s = ((y0 + ty) * width + x0) * 4;
        for (let tx = 0; tx < nx; tx++, s += 4) {
          const w = wy * xs.weight[x * 4 + tx]!;
          const r = lin[data[s]!]!;
          const g = lin[data[s + 1]!]!;
          const b = lin[data[s + 2]!]!;
          const wa = w * data[s + 3]!;
          pr += w * r;
          pg += w * g;
          pb += w * b;
          ar += wa * r;
          ag += wa * g;
          ab += wa * b;
          sa += wa;
        }
      }
      if (sa > 0) {
        pr = ar / sa;
        pg = ag / sa;
        pb = ab / sa;
      }
      out[d] = TO_SRGB8[Math.round(Math.min(1, pr) * LINEAR_STEPS)]!;
      out[d + 1] = TO_SRGB8[Math.round(Math.min(1, pg) * LINEAR_STEPS)]!;
      out[d + 2] = TO_SRGB8[Math.round(Math.min(1, pb) * LINEAR_STEPS)]!;
      out[d + 3] = Math.round(sa);
    }
  }
  return { width: dw, height: dh, data: out };
}
