/**
 * Deterministic "photo-like" test images for the encoder's tests and benchmark: smooth colour
 * gradients, two octaves of value-noise texture, and hard-edged shapes (discs, a bar, a ring),
 * optionally with an alpha channel. No randomness outside the seed, so results are repeatable.
 */
import type { RgbaImage } from "#codecs/image/rgba-image.ts";

export type SyntheticAlpha = "opaque" | "gradient" | "cutout";

/** Hash of integer lattice coordinates to [0, 1). */
function hash(x: number, y: number, seed: number): number {
  let h = (Math.imul(x, 374761393) + Math.imul(y, 668265263) + Math.imul(seed, 2147483647)) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** Smoothly interpolated lattice noise in [0, 1) at cell size `cell`. */
function valueNoise(x: number, y: number, cell: number, seed: number): number {
  const fx = x / cell;
  const fy = y / cell;
  const ix = Math.floor(fx);
  const iy = Math.floor(fy);
  const tx = fx - ix;
  const ty = fy - iy;
  const sx = tx * tx * (3 - 2 * tx);
  const sy = ty * ty * (3 - 2 * ty);
  const a = hash(ix, iy, seed);
  const b = hash(ix + 1, iy, seed);
  const c = hash(ix, iy + 1, seed);
  const d = hash(ix + 1, iy + 1, seed);
  return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy;
}

const clamp8 = (v: number) => (v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v));

/** A width x height photo-like RGBA image; shapes scale with the image. */
export function syntheticPhoto(width: number, height: number, alpha: SyntheticAlpha = "opaque", seed = 1): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  const s = Math.min(width, height);
  const discs = [
    { x: 0.3 * width, y: 0.35 * height, r: 0.18 * s, color: [220, 60, 40] },
    { x: 0.72 * width, y: 0.62 * height, r: 0.22 * s, color: [40, 90, 200] },
    { x: 0.55 * width, y: 0.2 * height, r: 0.08 * s, color: [250, 230, 80] },
  ];
  // Coarse texture and shapes scale with the image; the fine grain stays a few pixels wide, as
  // in a photo of any size.
  const scale = Math.max(1, s / 256);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = x / width;
      const v = y / height;
      const n1 = valueNoise(x, y, 24 * scale, seed) - 0.5;
      const n2 = valueNoise(x, y, 4, seed + 7) - 0.5;
      let r = 90 + 120 * u + 30 * Math.sin(6.3 * v) + 40 * n1 + 20 * n2;
      let g = 70 + 100 * v + 25 * Math.cos(5.1 * u + 1.3) + 40 * n1 + 20 * n2;
      let b = 150 - 80 * u + 40 * v + 35 * n1 + 20 * n2;
      for (const disc of discs) {
        const dx = x - disc.x;
        const dy = y - disc.y;
        const d = Math.sqrt(dx * dx + dy * dy);
        if (d < disc.r) {
          // Shaded disc: brighter towards its upper left.
          const shade = 0.75 + 0.35 * (1 - d / disc.r) - 0.15 * ((dx + dy) / disc.r);
          r = disc.color[0]! * shade + 10 * n2;
          g = disc.color[1]! * shade + 10 * n2;
          b = disc.color[2]! * shade + 10 * n2;
        }
      }
      // A dark diagonal bar and a thin bright ring: hard edges at every angle.
      const bar = Math.abs(x - y * (width / height) * 0.6 - 0.15 * width);
      if (bar < 0.025 * s) {
        r = 25 + 10 * n2;
        g = 30 + 10 * n2;
        b = 35 + 10 * n2;
      }
      const ring = Math.hypot(x - 0.75 * width, y - 0.25 * height);
      if (Math.abs(ring - 0.12 * s) < 0.012 * s) {
        r = 245;
        g = 245;
        b = 240;
      }
      const o = (y * width + x) * 4;
      data[o] = clamp8(r);
      data[o + 1] = clamp8(g);
      data[o + 2] = clamp8(b);
      data[o + 3] =
        alpha === "opaque"
          ? 255
          : alpha === "gradient"
            ? clamp8(255 * u * 0.8 + 40 * (valueNoise(x, y, 16 * scale, seed + 3) - 0.5) + 25)
            : Math.hypot(x - width / 2, y - height / 2) < 0.4 * s
              ? 255
              : 0;
    }
  }
  return { width, height, data };
}
