// The pictures a PDF page paints (issue 15), for the document model: the page's operator list is
// walked with its transformation matrix (save/restore, cm, form XObjects) to find where each image
// XObject or inline image lands, its decoded pixels are taken from pdf.js's object store (raw
// grey/RGB/RGBA rows: we open documents with isOffscreenCanvasSupported false, so no ImageBitmap)
// and encoded as PNG. The same walk collects the straight horizontal and vertical strokes the page
// draws: the borders of its tables (pdf-rulings.ts).
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import { encodePng } from "../png/index.ts";
import type { ImageBlock } from "./model.ts";
import type { Rule } from "./pdf-rulings.ts";

/** The operator numbers we follow (pdf.js's OPS, taken from the platform's module). */
export interface PdfOps {
  save: number;
  restore: number;
  transform: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
  paintImageXObject: number;
  paintInlineImageXObject: number;
  constructPath: number;
  /** the painting operators a path can end with (not endPath, which only clips) */
  stroke: number;
  closeStroke: number;
  fill: number;
  eoFill: number;
  fillStroke: number;
  eoFillStroke: number;
  closeFillStroke: number;
  closeEOFillStroke: number;
}

export const PDF_OPS_USED: readonly (keyof PdfOps)[] = [
  "save",
  "restore",
  "transform",
  "paintFormXObjectBegin",
  "paintFormXObjectEnd",
  "paintImageXObject",
  "paintInlineImageXObject",
  "constructPath",
  "stroke",
  "closeStroke",
  "fill",
  "eoFill",
  "fillStroke",
  "eoFillStroke",
  "closeFillStroke",
  "closeEOFillStroke",
];

/** A picture larger than this many pixels is left out (with a note) rather than encoded. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** All the pictures of one document together: beyond this many pixels the rest are left out (with a note). */
export const MAX_TOTAL_IMAGE_PIXELS = 200_000_000;
/** Pictures kept from one document; the rest are left out (with a note) before any is decoded. */
export const MAX_IMAGES = 500;
/** Pictures shown smaller than this (in points) are rules, spacers or specks, not pictures. */
const MIN_DISPLAY_PT = 2;
/** Straight strokes kept from one page (a page of more is a drawing; see MAX_RULES in pdf-rulings.ts). */
const MAX_PAGE_RULES = 5000;
/** A stroke is straight (horizontal or vertical) within this many points. */
const STRAIGHT_PT = 0.5;
/** Nested saves deeper than this are ignored (a hostile operator list cannot grow the stack). */
const MAX_STATE_DEPTH = 1000;

// pdf.js's ImageKind
const GRAYSCALE_1BPP = 1;
const RGB_24BPP = 2;
const RGBA_32BPP = 3;

export interface PlacedImage {
  block: ImageBlock;
  /** its bounding box on the page in points (y up) */
  top: number;
  bottom: number;
  x0: number;
  x1: number;
}

interface RawImage {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray;
  bitmap?: unknown;
}

const isRawImage = (value: unknown): value is RawImage =>
  typeof value === "object" && value !== null && typeof (value as RawImage).width === "number" && typeof (value as RawImage).height === "number";

type Matrix = [number, number, number, number, number, number];

const multiply = (m: Matrix, n: Matrix): Matrix => [
  n[0] * m[0] + n[1] * m[2],
  n[0] * m[1] + n[1] * m[3],
  n[2] * m[0] + n[3] * m[2],
  n[2] * m[1] + n[3] * m[3],
  n[4] * m[0] + n[5] * m[2] + m[4],
  n[4] * m[1] + n[5] * m[3] + m[5],
];

const isMatrix = (value: unknown): value is Matrix =>
  Array.isArray(value) && value.length === 6 && value.every((n) => typeof n === "number" && Number.isFinite(n));

/** pdf.js's decoded pixels as RGBA, or undefined for a kind we do not know. */
export function toRgba(image: RawImage): Uint8ClampedArray | undefined {
  const { width, height, kind, data } = image;
  if (!data) return undefined;
  const pixels = width * height;
  const out = new Uint8ClampedArray(pixels * 4);
  if (kind === RGBA_32BPP && data.length >= pixels * 4) {
    out.set(data.subarray(0, pixels * 4));
  } else if (kind === RGB_24BPP && data.length >= pixels * 3) {
    for (let p = 0, s = 0, d = 0; p < pixels; p++, s += 3, d += 4) {
      out[d] = data[s]!;
      out[d + 1] = data[s + 1]!;
      out[d + 2] = data[s + 2]!;
      out[d + 3] = 255;
    }
  } else if (kind === GRAYSCALE_1BPP && data.length >= Math.ceil(width / 8) * height) {
    // rows padded to whole bytes, most significant bit first; 1 is white
    const stride = Math.ceil(width / 8);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const value = (data[y * stride + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 255 : 0;
        const d = (y * width + x) * 4;
        out[d] = out[d + 1] = out[d + 2] = value;
        out[d + 3] = 255;
      }
    }
  } else {
    return undefined;
  }
  return out;
}

export interface PageImages {
  images: PlacedImage[];
  /** straight horizontal and vertical strokes: table borders and other rules */
  rules: Rule[];
  /** pictures left out, and why (for the notes) */
  skipped: { tooLarge: number; unreadable: number; overBudget: number; overCount: number };
}

/** What the pages of one document share: PNGs of images used on several pages, and the pixels left to spend. */
export interface ImageStore {
  cache: Map<string, ImageBlock | undefined>;
  pixelsLeft: number;
  imagesLeft: number;
}

export const imageStore = (): ImageStore => ({ cache: new Map(), pixelsLeft: MAX_TOTAL_IMAGE_PIXELS, imagesLeft: MAX_IMAGES });

/**
 * The pictures `page` paints, each with its box in page points. `rotate` maps a point into the
 * frame the page's text was read in. `cache` keeps PNGs of images shared between pages.
 */
export async function pageImages(
  page: PDFPageProxy,
  ops: PdfOps,
  rotate: (x: number, y: number) => [number, number],
  store: ImageStore,
): Promise<PageImages> {
  const { cache } = store;
  const list = await page.getOperatorList();
  const result: PageImages = { images: [], rules: [], skipped: { tooLarge: 0, unreadable: 0, overBudget: 0, overCount: 0 } };
  const stack: Matrix[] = [];
  // saves past the depth limit, whose restores then pop nothing
  let ignored = 0;
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  for (let i = 0; i < list.fnArray.length; i++) {
    const fn = list.fnArray[i];
    const args: unknown[] = Array.isArray(list.argsArray[i]) ? (list.argsArray[i] as unknown[]) : [];
    if (fn === ops.save || fn === ops.paintFormXObjectBegin) {
      if (stack.length < MAX_STATE_DEPTH) stack.push(ctm);
      else ignored++;
      if (fn === ops.paintFormXObjectBegin && isMatrix(args[0])) ctm = multiply(ctm, args[0]);
    } else if (fn === ops.restore || fn === ops.paintFormXObjectEnd) {
      if (ignored > 0) ignored--;
      else ctm = stack.pop() ?? ctm;
    } else if (fn === ops.transform) {
      if (isMatrix(args)) ctm = multiply(ctm, args);
    } else if (fn === ops.constructPath) {
      if (painting(ops, args[0]) && result.rules.length <= MAX_PAGE_RULES) collectRules(args[1], ctm, rotate, result.rules);
    } else if (fn === ops.paintImageXObject || fn === ops.paintInlineImageXObject) {
      const corners = [rotate(ctm[4], ctm[5]), rotate(ctm[0] + ctm[4], ctm[1] + ctm[5]), rotate(ctm[2] + ctm[4], ctm[3] + ctm[5]), rotate(ctm[0] + ctm[2] + ctm[4], ctm[1] + ctm[3] + ctm[5])];
      const xs = corners.map(([x]) => x);
      const ys = corners.map(([, y]) => y);
      const box = { x0: Math.min(...xs), x1: Math.max(...xs), bottom: Math.min(...ys), top: Math.max(...ys) };
      if (box.x1 - box.x0 < MIN_DISPLAY_PT || box.top - box.bottom < MIN_DISPLAY_PT) continue;
      if (store.imagesLeft <= 0) {
        result.skipped.overCount++;
        continue;
      }
      let block: ImageBlock | undefined;
      if (fn === ops.paintImageXObject && typeof args[0] === "string") {
        const id = args[0];
        if (!cache.has(id)) {
          const objects = id.startsWith("g_") ? page.commonObjs : page.objs;
          cache.set(id, objects.has(id) ? imageBlock(objects.get(id), result, store) : undefined);
          if (!objects.has(id)) result.skipped.unreadable++;
        }
        block = cache.get(id);
      } else {
        block = imageBlock(args[0], result, store);
      }
      if (!block) continue;
      store.imagesLeft--;
      result.images.push({ block: { ...block, displayWidthPt: round(box.x1 - box.x0), displayHeightPt: round(box.top - box.bottom) }, ...box });
    }
  }
  return result;
}

const painting = (ops: PdfOps, op: unknown): boolean =>
  op === ops.stroke || op === ops.closeStroke || op === ops.fill || op === ops.eoFill || op === ops.fillStroke || op === ops.eoFillStroke || op === ops.closeFillStroke || op === ops.closeEOFillStroke;

// pdf.js's DrawOPS: the path codes of constructPath's data
const MOVE_TO = 0;
const LINE_TO = 1;
const CURVE_TO = 2;
const QUADRATIC_TO = 3;
const CLOSE_PATH = 4;

const isNumbers = (value: unknown): value is ArrayLike<number> => ArrayBuffer.isView(value) || Array.isArray(value);

/** The straight horizontal and vertical segments of a path (pdf.js's path data), on the page. */
function collectRules(data: unknown, ctm: Matrix, rotate: (x: number, y: number) => [number, number], out: Rule[]): void {
  const path = Array.isArray(data) ? data[0] : undefined;
  if (!isNumbers(path)) return;
  const place = (x: number, y: number): [number, number] => rotate(ctm[0] * x + ctm[2] * y + ctm[4], ctm[1] * x + ctm[3] * y + ctm[5]);
  let current: [number, number] = [0, 0];
  let start: [number, number] = [0, 0];
  const segment = (to: [number, number]): void => {
    const [dx, dy] = [Math.abs(to[0] - current[0]), Math.abs(to[1] - current[1])];
    if ((dx <= STRAIGHT_PT || dy <= STRAIGHT_PT) && out.length <= MAX_PAGE_RULES) out.push({ x0: current[0], y0: current[1], x1: to[0], y1: to[1] });
  };
  for (let i = 0; i < path.length; ) {
    const code = path[i]!;
    if (code === MOVE_TO) {
      current = start = place(path[i + 1]!, path[i + 2]!);
      i += 3;
    } else if (code === LINE_TO) {
      const to = place(path[i + 1]!, path[i + 2]!);
      segment(to);
      current = to;
      i += 3;
    } else if (code === CURVE_TO) {
      current = place(path[i + 5]!, path[i + 6]!);
      i += 7;
    } else if (code === QUADRATIC_TO) {
      current = place(path[i + 3]!, path[i + 4]!);
      i += 5;
    } else if (code === CLOSE_PATH) {
      segment(start);
      current = start;
      i += 1;
    } else {
      return;
    }
  }
}

const round = (n: number): number => Math.round(n * 100) / 100;

function imageBlock(value: unknown, result: PageImages, store: ImageStore): ImageBlock | undefined {
  if (!isRawImage(value) || value.width < 1 || value.height < 1) {
    result.skipped.unreadable++;
    return undefined;
  }
  if (value.width * value.height > MAX_IMAGE_PIXELS) {
    result.skipped.tooLarge++;
    return undefined;
  }
  if (value.width * value.height > store.pixelsLeft) {
    result.skipped.overBudget++;
    return undefined;
  }
  store.pixelsLeft -= value.width * value.height;
  const rgba = toRgba(value);
  if (!rgba) {
    result.skipped.unreadable++;
    return undefined;
  }
  return { kind: "image", mime: "image/png", data: encodePng({ width: value.width, height: value.height, data: rgba }), width: value.width, height: value.height };
}
