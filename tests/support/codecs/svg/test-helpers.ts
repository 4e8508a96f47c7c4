/** Test helpers: sample images, PNG in and out (fast-png), an independent SVG renderer (librsvg) and pixel metrics. */
import { execFileSync } from "node:child_process";
import { decode, encode } from "fast-png";
import type { RgbaImage } from "#codecs/image/rgba-image.ts";
import { expectSameSize } from "#tests/support/pixel-difference.ts";
import { RSVG_CONVERT } from "#tests/support/reference-tools.ts";

export { HAVE_RSVG, RSVG_CONVERT } from "#tests/support/reference-tools.ts";
export { maxAbsDiff, meanAbsDiff } from "#tests/support/pixel-difference.ts";

/** Renders an SVG with librsvg at its own width/height; throws when librsvg rejects the document. */
export function renderSvg(svg: string): RgbaImage {
  const png = execFileSync(RSVG_CONVERT, ["--format", "png"], { input: svg, maxBuffer: 256 * 1024 * 1024, stdio: ["pipe", "pipe", "pipe"] });
  return decodePng(new Uint8Array(png));
}

export function encodePng(image: RgbaImage): Uint8Array {
  return encode({ width: image.width, height: image.height, data: new Uint8Array(image.data), channels: 4, depth: 8 });
}

/** Any 8-bit PNG as RGBA. */
export function decodePng(png: Uint8Array): RgbaImage {
  const decoded = decode(png);
  if (decoded.depth !== 8) throw new Error(`unexpected PNG depth ${decoded.depth}`);
  const pixels = decoded.width * decoded.height;
  const data = new Uint8ClampedArray(pixels * 4);
  const c = decoded.channels;
  for (let p = 0; p < pixels; p++) {
    const s = p * c;
    const gray = c <= 2;
    data[p * 4] = decoded.data[s]!;
    data[p * 4 + 1] = decoded.data[gray ? s : s + 1]!;
    data[p * 4 + 2] = decoded.data[gray ? s : s + 2]!;
    data[p * 4 + 3] = c === 4 ? decoded.data[s + 3]! : c === 2 ? decoded.data[s + 1]! : 255;
  }
  return { width: decoded.width, height: decoded.height, data };
}

type Color = readonly [number, number, number, number];

/** A filled image with `paint(x, y)` deciding each pixel. */
export function paintImage(width: number, height: number, paint: (x: number, y: number) => Color): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(paint(x, y), (y * width + x) * 4);
  return { width, height, data };
}

export const WHITE: Color = [255, 255, 255, 255];
export const RED: Color = [220, 30, 40, 255];
export const BLUE: Color = [20, 60, 200, 255];
export const GREEN: Color = [30, 170, 70, 255];
export const CLEAR: Color = [0, 0, 0, 0];

/** Three flat shapes (a square, a disc, a triangle) on `background`: where tracing should be near-perfect. */
export function threeShapes(width: number, height: number, background: Color = WHITE): RgbaImage {
  const s = Math.min(width, height);
  return paintImage(width, height, (x, y) => {
    if (x >= 0.08 * width && x < 0.4 * width && y >= 0.1 * height && y < 0.55 * height) return RED;
    const dx = x + 0.5 - 0.7 * width;
    const dy = y + 0.5 - 0.35 * height;
    if (dx * dx + dy * dy <= (0.2 * s) ** 2) return BLUE;
    // triangle: apex (0.5w, 0.6h), base at 0.95h from 0.2w to 0.8w
    const t = (y - 0.6 * height) / (0.35 * height);
    if (t >= 0 && t < 1 && Math.abs(x + 0.5 - 0.5 * width) <= t * 0.3 * width) return GREEN;
    return background;
  });
}

/** A smooth, photo-like image (gradients and waves, no noise). */
export function photoLike(width: number, height: number): RgbaImage {
  return paintImage(width, height, (x, y) => [
    Math.round((255 * x) / width),
    Math.round(128 + 100 * Math.sin(x / 13) * Math.cos(y / 17)),
    Math.round((255 * y) / height),
    255,
  ]);
}

/** PSNR in dB over the RGB channels of both images composited on white (Infinity when identical). */
export function psnrOnWhite(a: RgbaImage, b: RgbaImage): number {
  expectSameSize(a, b);
  let sum = 0;
  const pixels = a.width * a.height;
  for (let p = 0; p < pixels; p++) {
    const i = p * 4;
    for (let c = 0; c < 3; c++) {
      const va = a.data[i + c]! * (a.data[i + 3]! / 255) + 255 * (1 - a.data[i + 3]! / 255);
      const vb = b.data[i + c]! * (b.data[i + 3]! / 255) + 255 * (1 - b.data[i + 3]! / 255);
      sum += (va - vb) ** 2;
    }
  }
  const mse = sum / (pixels * 3);
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}

/** The share of pixels whose largest channel difference is more than `tolerance`. */
export function differingShare(a: RgbaImage, b: RgbaImage, tolerance: number): number {
  expectSameSize(a, b);
  let differing = 0;
  const pixels = a.width * a.height;
  for (let p = 0; p < pixels; p++) {
    for (let c = 0; c < 4; c++) {
      if (Math.abs(a.data[p * 4 + c]! - b.data[p * 4 + c]!) > tolerance) {
        differing++;
        break;
      }
    }
  }
  return differing / pixels;
}

/** The distinct fill colours of an SVG's elements. */
export function fillColors(svg: string): Set<string> {
  return new Set([...svg.matchAll(/\bfill="([^"]+)"/g)].map((m) => m[1]!.toLowerCase()));
}
