// Trace mode: real vector paths. The image is reduced to a palette of `colors` colours and each
// colour's areas are traced into straight lines and quadratic curves by imagetracerjs; we write the
// SVG ourselves: one <path> per shape, stacked largest first with the holes that smaller shapes
// cover filled in (./fill-holes.ts), other holes as reversed sub-paths, and width/height at the
// source's size with the viewBox in traced pixels.
import type { RgbaImage } from "../image/rgba-image.ts";
import { downscaleToFit } from "./downscale.ts";
import { SvgError } from "./errors.ts";
import { imageTracer, traceLayer, type IndexedImage, type TracedPath, type TracedSegment, type TracerColor } from "./imagetracer.ts";
import { createHoleFiller, fillLayerMask } from "./fill-holes.ts";
import { choosePalette } from "./palette.ts";

export type TraceDetail = "low" | "medium" | "high";

export const TRACE_DETAILS: readonly TraceDetail[] = ["low", "medium", "high"];
export const MIN_TRACE_COLORS = 2;
export const MAX_TRACE_COLORS = 64;
export const DEFAULT_TRACE_COLORS = 16;
/**
 * Above this many pixels the image is reduced before tracing. Measured (bench/svg-trace.ts): a
 * 1 MP photo-like image takes ~4-5 s with 16 colours and ~7 s with 64 on this 2-core machine.
 */
export const TRACE_MAX_PIXELS = 1_000_000;

export interface TraceOptions {
  /** palette size, 2-64 */
  colors: number;
  detail?: TraceDetail;
  /** reduce larger images to this many pixels before tracing (default TRACE_MAX_PIXELS) */
  maxPixels?: number;
  /** the SVG's width and height (default: the image's own size, e.g. when the image was reduced by the caller) */
  outputWidth?: number;
  outputHeight?: number;
  /** real progress in [0, 1]: palette, quantization, then one step per colour layer */
  onProgress?: (fraction: number) => void;
}

export interface TracedSvg {
  svg: string;
  /** the SVG's width and height */
  width: number;
  height: number;
  /** the size the tracing ran at (smaller than the input when it was reduced) */
  tracedWidth: number;
  tracedHeight: number;
  /** fill colours in the SVG (transparent areas are left out) */
  colors: number;
  paths: number;
}

interface DetailPreset {
  /** straight-line and curve error thresholds (squared pixels) */
  ltres: number;
  qtres: number;
  /** outlines shorter than this many edge points are dropped (specks) */
  pathomit: number;
  /** decimals of the coordinates */
  decimals: number;
}

const PRESETS: Record<TraceDetail, DetailPreset> = {
  low: { ltres: 2, qtres: 2, pathomit: 16, decimals: 1 },
  medium: { ltres: 1, qtres: 1, pathomit: 8, decimals: 1 },
  high: { ltres: 0.5, qtres: 0.5, pathomit: 0, decimals: 2 },
};

/** Traces `image` into an SVG string (see traceSvg for the details). */
export function traceToSvg(image: RgbaImage, options: TraceOptions): string {
  return traceSvg(image, options).svg;
}

export function traceSvg(image: RgbaImage, options: TraceOptions): TracedSvg {
  const { colors, detail = "medium", maxPixels = TRACE_MAX_PIXELS, onProgress } = options;
  checkImage(image);
  if (!Number.isInteger(colors) || colors < MIN_TRACE_COLORS || colors > MAX_TRACE_COLORS) {
    throw new SvgError(`The number of colours must be a whole number from ${MIN_TRACE_COLORS} to ${MAX_TRACE_COLORS}.`, "bad-option");
  }
  const preset = PRESETS[detail];
  if (!preset) throw new SvgError(`Unknown detail level "${String(detail)}" (use low, medium or high).`, "bad-option");
  const width = options.outputWidth ?? image.width;
  const height = options.outputHeight ?? image.height;
  if (!(width > 0 && height > 0 && Number.isFinite(width) && Number.isFinite(height))) {
    throw new SvgError(`The output size ${width} × ${height} is not a positive size.`, "bad-option");
  }
  const report = onProgress ?? (() => {});

  const source = withClearTransparency(downscaleToFit(image, Math.max(1, Math.floor(maxPixels))));
  report(0.02);
  const tracerOptions = imageTracer.checkoptions({
    ltres: preset.ltres,
    qtres: preset.qtres,
    pathomit: preset.pathomit,
    rightangleenhance: true,
    colorquantcycles: 3,
    mincolorratio: 0, // never let the library re-seed a colour at random
    blurradius: 0,
    pal: choosePalette(source, colors),
  });
  report(0.08);
  const indexed = imageTracer.colorquantization(source, tracerOptions);
  report(0.3);

  const areas = colorAreas(indexed);
  const visible = indexed.palette
    .map((color, index) => ({ color, index, area: areas[index] ?? 0 }))
    .filter((layer) => layer.area > 0 && layer.color.a > 0);
  const opaque = Uint8Array.from(indexed.palette, (color) => (color.a >= 255 ? 1 : 0));
  const filler = createHoleFiller(indexed);
  const mask = indexed.array.map((row) => row.slice());
  const shapes: Shape[] = [];
  const drawnLater = new Uint8Array(indexed.palette.length);
  visible.forEach((layer, done) => {
    // colours of smaller total area mostly give smaller shapes, drawn later
    for (const other of visible) drawnLater[other.index] = opaque[other.index] === 1 && (other.area < layer.area || (other.area === layer.area && other.index > layer.index)) ? 1 : 0;
    fillLayerMask(mask, layer.index, opaque, drawnLater, filler);
    const traced = traceLayer({ array: mask, palette: indexed.palette }, 1, tracerOptions);
    for (const path of traced) {
      if (path.isholepath || path.segments.length === 0) continue;
      shapes.push({ color: layer.color, area: Math.abs(signedArea(path.segments)), d: pathData(path, traced, preset.decimals) });
    }
    report(0.3 + (0.68 * (done + 1)) / visible.length);
  });
  // largest first: a shape is drawn over the one that encloses it (stable sort keeps colour order on ties)
  shapes.sort((a, b) => b.area - a.area);

  const svg =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${formatNumber(width, 3)}" height="${formatNumber(height, 3)}" ` +
    `viewBox="0 0 ${source.width} ${source.height}">\n` +
    shapes.map((shape) => `<path fill="${hexColor(shape.color)}"${opacityAttribute(shape.color)} d="${shape.d}"/>\n`).join("") +
    "</svg>\n";
  report(1);
  const colorsUsed = new Set(shapes.map((shape) => shape.color));
  return { svg, width, height, tracedWidth: source.width, tracedHeight: source.height, colors: colorsUsed.size, paths: shapes.length };
}

interface Shape {
  color: TracerColor;
  area: number;
  d: string;
}

function checkImage(image: RgbaImage): void {
  const { width, height, data } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new SvgError(`The image size ${width} × ${height} is not a positive whole number of pixels.`, "bad-image");
  }
  if (data.length < width * height * 4) {
    throw new SvgError(`The image data holds ${data.length} bytes, fewer than the ${width * height * 4} of ${width} × ${height} RGBA pixels.`, "bad-image");
  }
}

/** A copy in which every fully transparent pixel is (0,0,0,0), so they all fall into one colour. */
function withClearTransparency(image: RgbaImage): RgbaImage {
  const pixels = image.width * image.height;
  const data = new Uint8ClampedArray(pixels * 4);
  data.set(image.data.subarray(0, pixels * 4));
  for (let i = 3; i < data.length; i += 4) {
    if (data[i] === 0) data[i - 3] = data[i - 2] = data[i - 1] = 0;
  }
  return { width: image.width, height: image.height, data };
}

function colorAreas(indexed: IndexedImage): number[] {
  const areas = Array.from({ length: indexed.palette.length }, () => 0);
  for (let y = 1; y < indexed.array.length - 1; y++) {
    const row = indexed.array[y]!;
    for (let x = 1; x < row.length - 1; x++) {
      const index = row[x]!;
      if (index >= 0) areas[index]!++;
    }
  }
  return areas;
}

function hexColor(color: TracerColor): string {
  return `#${[color.r, color.g, color.b].map((v) => clampByte(v).toString(16).padStart(2, "0")).join("")}`;
}

function opacityAttribute(color: TracerColor): string {
  return color.a >= 255 ? "" : ` fill-opacity="${formatNumber(clampByte(color.a) / 255, 3)}"`;
}

/** The shoelace area of the polygon through the segments' end points (enough to order shapes). */
function signedArea(segments: TracedSegment[]): number {
  let sum = 0;
  for (const s of segments) {
    const x2 = s.type === "Q" ? s.x3 : s.x2;
    const y2 = s.type === "Q" ? s.y3 : s.y2;
    sum += s.x1 * y2 - x2 * s.y1;
  }
  return sum / 2;
}

/** The outline followed by its holes, each hole walked backwards (so the nonzero rule cuts it out). */
function pathData(path: TracedPath, layer: TracedPath[], decimals: number): string {
  const parts = [outline(path.segments, decimals)];
  for (const holeIndex of path.holechildren) {
    const hole = layer[holeIndex];
    if (hole && hole.segments.length > 0) parts.push(outline(reversed(hole.segments), decimals));
  }
  return parts.join(" ");
}

function outline(segments: TracedSegment[], decimals: number): string {
  const n = (v: number) => formatNumber(v, decimals);
  const first = segments[0];
  if (!first) return "";
  let d = `M${n(first.x1)} ${n(first.y1)}`;
  for (const s of segments) {
    // the fitter can divide by zero on a degenerate run: fall back to a straight line
    if (s.type === "Q" && Number.isFinite(s.x2) && Number.isFinite(s.y2)) d += `Q${n(s.x2)} ${n(s.y2)} ${n(s.x3)} ${n(s.y3)}`;
    else if (s.type === "Q") d += `L${n(s.x3)} ${n(s.y3)}`;
    else d += `L${n(s.x2)} ${n(s.y2)}`;
  }
  return `${d}Z`;
}

function reversed(segments: TracedSegment[]): TracedSegment[] {
  return segments
    .map((s): TracedSegment => {
      if (s.type === "Q") return { type: "Q", x1: s.x3, y1: s.y3, x2: s.x2, y2: s.y2, x3: s.x1, y3: s.y1 };
      return { type: "L", x1: s.x2, y1: s.y2, x2: s.x1, y2: s.y1 };
    })
    .toReversed();
}

function clampByte(value: number): number {
  return Math.min(255, Math.max(0, Math.round(value)));
}

/** Shortest decimal text for `value` rounded to `decimals` places ("12", "3.5", "-0" never appears). */
function formatNumber(value: number, decimals: number): string {
  const rounded = Number(value.toFixed(decimals));
  return String(rounded === 0 ? 0 : rounded);
}
