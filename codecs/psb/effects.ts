// Two layer effects drawn from the layer's shape (its alpha through its masks): the stroke ("FrFX":
// a solid colour outside, inside or centred on the edge, from an exact Euclidean distance
// transform) and the drop shadow ("DrSh": the shape moved by the angle and distance, spread, then
// blurred by three box blurs, which approach a Gaussian). Other effects are named in the notes.
import { descriptorOf, numberOf, type Descriptor } from "./descriptor.ts";
import { colourOf } from "./gradient.ts";

export interface StrokeEffect {
  rgb: [number, number, number];
  opacity: number;
  /** pixels */
  size: number;
  /** "OutF" outside, "InsF" inside, "CtrF" centred */
  position: string;
  /** "Nrml" or "Mltp" */
  mode: string;
}

export interface ShadowEffect {
  rgb: [number, number, number];
  opacity: number;
  /** pixels right and down */
  dx: number;
  dy: number;
  /** the blur's size in pixels */
  size: number;
  /** 0..1: how much of the size is solid before the blur */
  spread: number;
  /** "Nrml" or "Mltp" */
  mode: string;
}

/** A Normal or Multiply solid-colour stroke, or null (gradient or pattern strokes, other modes). */
export function readStroke(effect: Descriptor): StrokeEffect | null {
  const rgb = colourOf(descriptorOf(effect, "Clr "));
  const mode = effect["Md  "];
  if (!rgb || effect["PntT"] !== "SClr" || (mode !== "Nrml" && mode !== "Mltp")) return null;
  const position = typeof effect["Styl"] === "string" ? effect["Styl"] : "OutF";
  const size = numberOf(effect, "Sz  ", 3);
  if (!(size > 0 && size <= 250)) return null;
  return { rgb, opacity: clamp01(numberOf(effect, "Opct", 100) / 100), size, position, mode };
}

/** A Normal or Multiply drop shadow, or null; `globalAngle` is the document's (resource 0x040D). */
export function readShadow(effect: Descriptor, globalAngle: number): ShadowEffect | null {
  const rgb = colourOf(descriptorOf(effect, "Clr "));
  const mode = effect["Md  "];
  if (!rgb || (mode !== "Nrml" && mode !== "Mltp")) return null;
  const angle = (effect["uglg"] === true ? globalAngle : numberOf(effect, "lagl", 120)) * (Math.PI / 180);
  const distance = numberOf(effect, "Dstn", 5);
  const size = numberOf(effect, "blur", 5);
  if (!(distance >= 0 && distance <= 30_000 && size >= 0 && size <= 250)) return null;
  // the light comes from the angle: the shadow falls the other way
  return { rgb, mode, opacity: clamp01(numberOf(effect, "Opct", 75) / 100), dx: -Math.cos(angle) * distance, dy: Math.sin(angle) * distance, size, spread: clamp01(numberOf(effect, "Ckmt", 0) / 100) };
}

function clamp01(v: number): number {
  return Math.max(0, Math.min(1, v));
}

/** Squared distance from every pixel to the nearest pixel where `inside` is true (exact, Felzenszwalb & Huttenlocher). */
export function distanceSquared(inside: (i: number) => boolean, width: number, height: number): Float32Array {
  const INF = 1e20;
  const out = new Float32Array(width * height);
  for (let i = 0; i < out.length; i++) out[i] = inside(i) ? 0 : INF;
  const n = Math.max(width, height);
  const f = new Float64Array(n);
  const d = new Float64Array(n);
  const v = new Int32Array(n);
  const z = new Float64Array(n + 1);
  // one dimension at a time: the lower envelope of parabolas rooted at each sample
  const pass = (length: number, get: (k: number) => number, set: (k: number, value: number) => void) => {
    for (let q = 0; q < length; q++) f[q] = get(q);
    let k = 0;
    v[0] = 0;
    z[0] = -INF;
    z[1] = INF;
    for (let q = 1; q < length; q++) {
      let s = (f[q]! + q * q - (f[v[k]!]! + v[k]! * v[k]!)) / (2 * q - 2 * v[k]!);
      while (s <= z[k]! && k > 0) {
        k--;
        s = (f[q]! + q * q - (f[v[k]!]! + v[k]! * v[k]!)) / (2 * q - 2 * v[k]!);
      }
      k++;
      v[k] = q;
      z[k] = s;
      z[k + 1] = INF;
    }
    k = 0;
    for (let q = 0; q < length; q++) {
      while (z[k + 1]! < q) k++;
      d[q] = (q - v[k]!) * (q - v[k]!) + f[v[k]!]!;
    }
    for (let q = 0; q < length; q++) set(q, d[q]!);
  };
  for (let x = 0; x < width; x++) pass(height, (y) => out[y * width + x]!, (y, value) => (out[y * width + x] = value));
  for (let y = 0; y < height; y++) pass(width, (x) => out[y * width + x]!, (x, value) => (out[y * width + x] = value));
  return out;
}

/**
 * The stroke's coverage (0..1) around the shape `alpha` (0..1). The shape's edge lies half a pixel
 * from the centre of its last pixel, so a pixel whose centre is d from the nearest shape pixel's
 * centre is covered by a stroke of `size` up to size + 1 − d.
 */
export function strokeCoverage(alpha: Float32Array, width: number, height: number, stroke: StrokeEffect): Float32Array {
  const out = new Float32Array(alpha.length);
  const reach = stroke.position === "CtrF" ? stroke.size / 2 : stroke.size;
  if (stroke.position !== "InsF") {
    const outside = distanceSquared((i) => alpha[i]! >= 0.5, width, height);
    for (let i = 0; i < out.length; i++) out[i] = clamp01(reach + 1 - Math.sqrt(outside[i]!)) * (1 - alpha[i]!);
  }
  if (stroke.position !== "OutF") {
    // beyond the canvas counts as outside the shape: a one-pixel frame of it around the document
    const framed = width + 2;
    const inside = distanceSquared(
      (i) => {
        const x = (i % framed) - 1;
        const y = Math.floor(i / framed) - 1;
        return x < 0 || y < 0 || x >= width || y >= height || alpha[y * width + x]! < 0.5;
      },
      framed,
      height + 2,
    );
    for (let y = 0, i = 0; y < height; y++) {
      for (let x = 0; x < width; x++, i++) out[i] = Math.max(out[i]!, clamp01(reach + 1 - Math.sqrt(inside[(y + 1) * framed + x + 1]!)) * alpha[i]!);
    }
  }
  return out;
}

/** The shadow's coverage (0..1): the shape moved, spread and blurred. */
export function shadowCoverage(alpha: Float32Array, width: number, height: number, shadow: ShadowEffect): Float32Array {
  const out = new Float32Array(alpha.length);
  const dx = Math.round(shadow.dx);
  const dy = Math.round(shadow.dy);
  const spread = shadow.spread < 1 ? 1 / (1 - shadow.spread) : 1e6;
  for (let y = 0; y < height; y++) {
    const sy = y - dy;
    if (sy < 0 || sy >= height) continue;
    for (let x = 0; x < width; x++) {
      const sx = x - dx;
      if (sx >= 0 && sx < width) out[y * width + x] = Math.min(1, alpha[sy * width + sx]! * spread);
    }
  }
  // three box blurs of a third of the size each way approach a Gaussian of that size
  const radius = Math.round((shadow.size * (1 - shadow.spread)) / 3);
  if (radius > 0) for (let pass = 0; pass < 3; pass++) boxBlur(out, width, height, radius);
  return out;
}

/** A box blur of `radius`, horizontal then vertical, in place (running sums: linear in the size). */
function boxBlur(plane: Float32Array, width: number, height: number, radius: number): void {
  const line = new Float32Array(Math.max(width, height));
  const blurLine = (length: number, get: (k: number) => number, set: (k: number, value: number) => void) => {
    for (let k = 0; k < length; k++) line[k] = get(k);
    let sum = 0;
    for (let k = -radius; k <= radius; k++) sum += k >= 0 && k < length ? line[k]! : 0;
    const span = 2 * radius + 1;
    for (let k = 0; k < length; k++) {
      set(k, sum / span);
      const leaving = k - radius;
      const entering = k + radius + 1;
      if (leaving >= 0) sum -= line[leaving]!;
      if (entering < length) sum += line[entering]!;
    }
  };
  for (let y = 0; y < height; y++) blurLine(width, (x) => plane[y * width + x]!, (x, value) => (plane[y * width + x] = value));
  for (let x = 0; x < width; x++) blurLine(height, (y) => plane[y * width + x]!, (y, value) => (plane[y * width + x] = value));
}
