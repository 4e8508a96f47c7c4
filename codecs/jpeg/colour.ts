// From decoded component planes to RGBA rows: upsampling of subsampled components (libjpeg's
// "fancy" triangle filters for 2×1, 1×2 and 2×2, plain replication for other ratios) and colour
// conversion (YCbCr, RGB, grey, and Adobe's inverted CMYK and YCCK) with libjpeg's fixed-point tables.
import type { Frame, FrameComponent } from "./frame.ts";

export type ColourSpace = "grey" | "ycbcr" | "rgb" | "cmyk" | "ycck";

// YCbCr to RGB in 16-bit fixed point (JFIF / ITU-R BT.601 full range), tabled for each Cb and Cr.
const CR_R = new Int32Array(256);
const CB_B = new Int32Array(256);
const CR_G = new Int32Array(256);
const CB_G = new Int32Array(256);
for (let i = 0; i < 256; i++) {
  const x = i - 128;
  CR_R[i] = (Math.round(1.402 * 65536) * x + 32768) >> 16;
  CB_B[i] = (Math.round(1.772 * 65536) * x + 32768) >> 16;
  CR_G[i] = -Math.round(0.71414 * 65536) * x;
  CB_G[i] = -Math.round(0.34414 * 65536) * x + 32768;
}

/** Fills one output row of a component at full resolution into `out` (or returns the plane's row itself). */
function componentRow<Samples extends Uint8Array | Uint16Array>(frame: Frame, component: FrameComponent, y: number, out: Samples, replicate = false): Samples {
  const { width: cw, height: ch } = component;
  const plane = component.plane as Samples;
  const stride = component.blocksPerLine * 8;
  const width = frame.width;
  const hRatio = frame.hMax / component.h;
  const vRatio = frame.vMax / component.v;
  if (hRatio === 1 && vRatio === 1) return plane.subarray(y * stride, y * stride + width) as Samples;
  // libjpeg filters 2× horizontally only when the component is more than 2 samples wide
  const fancyHorizontal = hRatio === 2 && cw > 2 && !replicate;
  if (vRatio === 2 && !replicate && (hRatio === 1 || fancyHorizontal)) {
    // triangle filter: 3/4 of the nearer row, 1/4 of the next one up or down (the edge row repeats)
    const cy = y >> 1;
    const near = cy * stride;
    const far = (y & 1 ? Math.min(cy + 1, ch - 1) : Math.max(cy - 1, 0)) * stride;
    if (hRatio === 1) {
      const bias = y & 1 ? 2 : 1;
      for (let x = 0; x < width; x++) out[x] = (3 * plane[near + x]! + plane[far + x]! + bias) >> 2;
      return out;
    }
    // 2×2: the same vertically, then 3/4 and 1/4 horizontally on the column sums
    let last = 3 * plane[near]! + plane[far]!;
    let current = last;
    let next = 3 * plane[near + 1]! + plane[far + 1]!;
    out[0] = (current * 4 + 8) >> 4;
    out[1] = (current * 3 + next + 7) >> 4;
    for (let i = 1; i < cw - 1; i++) {
      last = current;
      current = next;
      next = 3 * plane[near + i + 1]! + plane[far + i + 1]!;
      out[2 * i] = (current * 3 + last + 8) >> 4;
      out[2 * i + 1] = (current * 3 + next + 7) >> 4;
    }
    out[2 * cw - 2] = (next * 3 + current + 8) >> 4;
    out[2 * cw - 1] = (next * 4 + 7) >> 4;
    return out;
  }
  if (fancyHorizontal && vRatio === 1) {
    const row = y * stride;
    out[0] = plane[row]!;
    out[1] = (plane[row]! * 3 + plane[row + 1]! + 2) >> 2;
    for (let i = 1; i < cw - 1; i++) {
      const v = plane[row + i]! * 3;
      out[2 * i] = (v + plane[row + i - 1]! + 1) >> 2;
      out[2 * i + 1] = (v + plane[row + i + 1]! + 2) >> 2;
    }
    const end = row + cw - 1;
    out[2 * cw - 2] = (plane[end]! * 3 + plane[end - 1]! + 1) >> 2;
    out[2 * cw - 1] = plane[end]!;
    return out;
  }
  // other ratios (4:1:1, 3×, odd factors): each sample repeated over the pixels it covers
  const row = Math.min(Math.floor((y * component.v) / frame.vMax), ch - 1) * stride;
  for (let x = 0; x < width; x++) out[x] = plane[row + Math.floor((x * component.h) / frame.hMax)]!;
  return out;
}

// Hot path: one output row at a time, each component upsampled into its row buffer, then converted.
export function toRgba(frame: Frame, space: ColourSpace): Uint8Array {
  if (frame.precision !== 8 || frame.lossless) return toRgbaWide(frame, space);
  const { width, height, components } = frame;
  const rgba = new Uint8Array(width * height * 4);
  const buffers = components.map(() => new Uint8Array(width + 32));
  for (let y = 0; y < height; y++) {
    const rows = components.map((component, i) => componentRow(frame, component, y, buffers[i]!));
    let o = y * width * 4;
    if (space === "grey") {
      const g = rows[0]!;
      for (let x = 0; x < width; x++, o += 4) {
        rgba[o] = rgba[o + 1] = rgba[o + 2] = g[x]!;
        rgba[o + 3] = 255;
      }
    } else if (space === "rgb") {
      const [r, g, b] = rows as [Uint8Array, Uint8Array, Uint8Array];
      for (let x = 0; x < width; x++, o += 4) {
        rgba[o] = r[x]!;
        rgba[o + 1] = g[x]!;
        rgba[o + 2] = b[x]!;
        rgba[o + 3] = 255;
      }
    } else if (space === "ycbcr") {
      const [yy, cb, cr] = rows as [Uint8Array, Uint8Array, Uint8Array];
      for (let x = 0; x < width; x++, o += 4) {
        const luma = yy[x]!;
        const blue = cb[x]!;
        const red = cr[x]!;
        rgba[o] = clamp(luma + CR_R[red]!);
        rgba[o + 1] = clamp(luma + ((CB_G[blue]! + CR_G[red]!) >> 16));
        rgba[o + 2] = clamp(luma + CB_B[blue]!);
        rgba[o + 3] = 255;
      }
    } else {
      // Adobe CMYK is stored inverted (255 = no ink), as Photoshop writes it and Pillow and browsers read
      // it: each channel is (255 - C)(255 - K) / 255 = stored C × stored K / 255. YCCK is YCbCr of the
      // inverted C, M, Y (so 255 - R of the YCbCr conversion gives stored C) with K alongside.
      const ycck = space === "ycck";
      const [c0, c1, c2, k] = rows as [Uint8Array, Uint8Array, Uint8Array, Uint8Array];
      for (let x = 0; x < width; x++, o += 4) {
        let c = c0[x]!;
        let m = c1[x]!;
        let ye = c2[x]!;
        if (ycck) {
          const luma = c;
          c = 255 - clamp(luma + CR_R[ye]!);
          m = 255 - clamp(luma + ((CB_G[m]! + CR_G[ye]!) >> 16));
          ye = 255 - clamp(luma + CB_B[c1[x]!]!);
        }
        const black = k[x]!;
        rgba[o] = div255(c * black);
        rgba[o + 1] = div255(m * black);
        rgba[o + 2] = div255(ye * black);
        rgba[o + 3] = 255;
      }
    }
  }
  return rgba;
}

/**
 * Samples wider than 8 bits (12-bit JPEG, lossless JPEG of 2–16 bits, kept in 16-bit words) to 8-bit
 * RGBA: the same conversions at the samples' own precision, then rounded to 8 bits.
 */
function toRgbaWide(frame: Frame, space: ColourSpace): Uint8Array {
  const { width, height, components } = frame;
  const max = 2 ** frame.precision - 1;
  const centre = (max + 1) / 2;
  const rgba = new Uint8Array(width * height * 4);
  const buffers = components.map(() => new Uint16Array(width + 32));
  const to8 = Uint8Array.from({ length: max + 1 }, (_, v) => Math.round((v * 255) / max));
  const clampWide = (value: number): number => (value < 0 ? 0 : value > max ? max : value);
  for (let y = 0; y < height; y++) {
    const rows = components.map((component, i) => componentRow(frame, component, y, buffers[i]!));
    let o = y * width * 4;
    for (let x = 0; x < width; x++, o += 4) {
      let r: number;
      let g: number;
      let b: number;
      if (space === "grey") {
        r = g = b = clampWide(rows[0]![x]!);
      } else if (space === "rgb" || space === "cmyk") {
        r = clampWide(rows[0]![x]!);
        g = clampWide(rows[1]![x]!);
        b = clampWide(rows[2]![x]!);
      } else {
        const luma = rows[0]![x]!;
        const cb = rows[1]![x]! - centre;
        const cr = rows[2]![x]! - centre;
        r = clampWide(Math.round(luma + 1.402 * cr));
        g = clampWide(Math.round(luma - 0.34414 * cb - 0.71414 * cr));
        b = clampWide(Math.round(luma + 1.772 * cb));
      }
      if (space === "cmyk" || space === "ycck") {
        // Adobe's inverted CMYK, as in toRgba: stored C × stored K (YCCK: max - R is stored C)
        const k = clampWide(rows[3]![x]!);
        const flip = space === "ycck";
        r = Math.round(((flip ? max - r : r) * k) / max);
        g = Math.round(((flip ? max - g : g) * k) / max);
        b = Math.round(((flip ? max - b : b) * k) / max);
      }
      rgba[o] = to8[r]!;
      rgba[o + 1] = to8[g]!;
      rgba[o + 2] = to8[b]!;
      rgba[o + 3] = 255;
    }
  }
  return rgba;
}

function clamp(value: number): number {
  return value < 0 ? 0 : value > 255 ? 255 : value;
}

/** x / 255 rounded, for x up to 255² */
function div255(x: number): number {
  const t = x + 128;
  return (t + (t >> 8)) >> 8;
}

/** What `toSamples` does to the colours: nothing (the components as stored), or YCbCr to RGB. */
export type SampleTransform = "none" | "ycbcr-to-rgb";

/**
 * The components interleaved at full resolution, one sample a component (Uint8Array for 8-bit JPEG,
 * Uint16Array at the frame's own precision otherwise), for containers that say themselves what the
 * colours are (TIFF's Photometric): no Adobe inversion, no guess from markers. `replicate` repeats
 * each subsampled sample over the pixels it covers instead of libjpeg's smoothing filters (what
 * libtiff's old-style JPEG reader gets from libjpeg's raw output).
 */
export function toSamples(frame: Frame, transform: SampleTransform, replicate: boolean): Uint8Array | Uint16Array {
  const { width, height, components } = frame;
  const count = components.length;
  const wide = frame.precision !== 8 || frame.lossless;
  const max = 2 ** frame.precision - 1;
  const centre = (max + 1) / 2;
  const out = wide ? new Uint16Array(width * height * count) : new Uint8Array(width * height * count);
  const buffers = components.map(() => (wide ? new Uint16Array(width + 32) : new Uint8Array(width + 32)));
  const convert = transform === "ycbcr-to-rgb" && count === 3;
  const clampWide = (value: number): number => (value < 0 ? 0 : value > max ? max : value);
  // hot loop: one row at a time, each component upsampled into its row buffer, then interleaved
  for (let y = 0; y < height; y++) {
    const rows = components.map((component, i) => componentRow(frame, component, y, buffers[i]!, replicate));
    let o = y * width * count;
    if (convert && !wide) {
      const [yy, cb, cr] = rows as [Uint8Array, Uint8Array, Uint8Array];
      for (let x = 0; x < width; x++, o += 3) {
        const luma = yy[x]!;
        const blue = cb[x]!;
        const red = cr[x]!;
        out[o] = clamp(luma + CR_R[red]!);
        out[o + 1] = clamp(luma + ((CB_G[blue]! + CR_G[red]!) >> 16));
        out[o + 2] = clamp(luma + CB_B[blue]!);
      }
    } else if (convert) {
      const [yy, cb, cr] = rows as [Uint16Array, Uint16Array, Uint16Array];
      for (let x = 0; x < width; x++, o += 3) {
        const luma = yy[x]!;
        const blue = cb[x]! - centre;
        const red = cr[x]! - centre;
        out[o] = clampWide(Math.round(luma + 1.402 * red));
        out[o + 1] = clampWide(Math.round(luma - 0.34414 * blue - 0.71414 * red));
        out[o + 2] = clampWide(Math.round(luma + 1.772 * blue));
      }
    } else {
      for (let x = 0; x < width; x++) {
        for (let c = 0; c < count; c++, o++) out[o] = wide ? clampWide(rows[c]![x]!) : rows[c]![x]!;
      }
    }
  }
  return out;
}
