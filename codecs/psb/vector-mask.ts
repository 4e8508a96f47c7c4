// A layer's vector mask ("vmsk"/"vsms" block), the shape of shape layers and fill layers: path
// records of 26 bytes (Photoshop File Formats, "Path resource format"). Closed subpaths of cubic
// Bézier knots, coordinates as 8.24 fixed-point fractions of the document's height and width, each
// subpath combined with the ones before it (combine, subtract, intersect, exclude). Rasterised here
// to a coverage plane with 4 × 4 samples a pixel; open subpaths enclose nothing and are skipped.
import { PsbError } from "./errors.ts";

export interface VectorMask {
  /** the mask is switched off in Photoshop */
  disabled: boolean;
  inverted: boolean;
  /** the area starts full ("initial fill rule" record = 1) rather than empty */
  startsFull: boolean;
  subpaths: Subpath[];
}

interface Subpath {
  /** 0 exclude (xor), 1 combine (union), 2 subtract, 3 intersect; other values combine */
  operation: number;
  /** anchors and control points in document fractions: [before, anchor, after] per knot, each {x, y} */
  knots: { before: Point; anchor: Point; after: Point }[];
}

interface Point {
  x: number;
  y: number;
}

const RECORD = 26;

/** Reads a vmsk/vsms block's path records; null when it has none. */
export function readVectorMask(bytes: Uint8Array, start: number, length: number): VectorMask | null {
  if (length < 8 + RECORD) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const flags = view.getUint32(start + 4);
  const mask: VectorMask = { inverted: (flags & 1) !== 0, disabled: (flags & 4) !== 0, startsFull: false, subpaths: [] };
  let current: Subpath | null = null;
  let remaining = 0;
  const point = (at: number): Point => ({ y: view.getInt32(at) / 2 ** 24, x: view.getInt32(at + 4) / 2 ** 24 });
  // bounded by the block's length: one record each turn
  for (let at = start + 8; at + RECORD <= start + length; at += RECORD) {
    const selector = view.getUint16(at);
    if (selector === 0 || selector === 3) {
      current = selector === 0 ? { operation: view.getInt16(at + 4), knots: [] } : null;
      if (current) mask.subpaths.push(current);
      remaining = view.getUint16(at + 2);
    } else if ((selector === 1 || selector === 2) && current && remaining > 0) {
      current.knots.push({ before: point(at + 2), anchor: point(at + 10), after: point(at + 18) });
      remaining--;
    } else if (selector === 8) {
      mask.startsFull = view.getUint16(at + 2) === 1;
    }
  }
  return mask.subpaths.length > 0 || mask.startsFull ? mask : null;
}

/** Coverage (0..1) of the mask over the document, row after row. */
export function rasterizeVectorMask(mask: VectorMask, width: number, height: number): Float32Array {
  if (width * height > 1 << 28) throw new PsbError("A vector mask of this Photoshop file is too large to draw.", "too-large");
  const coverage = new Float32Array(width * height).fill(mask.startsFull ? 1 : 0);
  let first = !mask.startsFull;
  for (const subpath of mask.subpaths) {
    if (subpath.knots.length < 2) continue;
    const shape = fillPolygon(flatten(subpath, width, height), width, height);
    const op = first ? 1 : subpath.operation;
    first = false;
    // the hot loop: one pass over the document per subpath
    for (let i = 0; i < coverage.length; i++) {
      const a = coverage[i]!;
      const b = shape[i]!;
      coverage[i] = op === 2 ? a * (1 - b) : op === 3 ? a * b : op === 0 ? a + b - 2 * a * b : a + b - a * b;
    }
  }
  if (mask.inverted) for (let i = 0; i < coverage.length; i++) coverage[i] = 1 - coverage[i]!;
  return coverage;
}

/** The closed subpath as a polygon in pixels, each Bézier segment cut into 16 lines. */
function flatten(subpath: Subpath, width: number, height: number): number[] {
  const out: number[] = [];
  const { knots } = subpath;
  for (let k = 0; k < knots.length; k++) {
    const from = knots[k]!;
    const to = knots[(k + 1) % knots.length]!;
    const p0 = from.anchor;
    const p1 = from.after;
    const p2 = to.before;
    const p3 = to.anchor;
    for (let s = 0; s < 16; s++) {
      const t = s / 16;
      const u = 1 - t;
      const x = u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x;
      const y = u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y;
      out.push(x * width, y * height);
    }
  }
  return out;
}

/** Non-zero fill of a polygon (flat x, y list), 4 sub-rows a pixel, horizontal ends covered in part. */
function fillPolygon(points: number[], width: number, height: number): Float32Array {
  const out = new Float32Array(width * height);
  const n = points.length / 2;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 1; i < points.length; i += 2) {
    minY = Math.min(minY, points[i]!);
    maxY = Math.max(maxY, points[i]!);
  }
  const firstRow = Math.max(0, Math.floor(minY));
  const lastRow = Math.min(height - 1, Math.ceil(maxY));
  const crossings: { x: number; winding: number }[] = [];
  for (let row = firstRow; row <= lastRow; row++) {
    for (let sub = 0; sub < 4; sub++) {
      const y = row + (sub + 0.5) / 4;
      crossings.length = 0;
      for (let i = 0; i < n; i++) {
        const x0 = points[i * 2]!;
        const y0 = points[i * 2 + 1]!;
        const x1 = points[((i + 1) % n) * 2]!;
        const y1 = points[((i + 1) % n) * 2 + 1]!;
        if ((y0 <= y && y1 > y) || (y1 <= y && y0 > y)) crossings.push({ x: x0 + ((y - y0) / (y1 - y0)) * (x1 - x0), winding: y1 > y0 ? 1 : -1 });
      }
      crossings.sort((a, b) => a.x - b.x);
      let winding = 0;
      for (let c = 0; c < crossings.length - 1; c++) {
        winding += crossings[c]!.winding;
        if (winding !== 0) addSpan(out, row * width, width, crossings[c]!.x, crossings[c + 1]!.x);
      }
    }
  }
  return out;
}

/** Adds a quarter of the span [a, b) to the row (one of four sub-rows), ends in part. */
function addSpan(out: Float32Array, rowStart: number, width: number, a: number, b: number): void {
  const left = Math.max(0, a);
  const right = Math.min(width, b);
  if (right <= left) return;
  const first = Math.floor(left);
  const last = Math.min(width - 1, Math.floor(right - 1e-9));
  if (first === last) {
    out[rowStart + first]! += (right - left) / 4;
    return;
  }
  out[rowStart + first]! += (first + 1 - left) / 4;
  for (let x = first + 1; x < last; x++) out[rowStart + x]! += 0.25;
  out[rowStart + last]! += (right - last) / 4;
}
