// Rebuilds the picture of a PSB/PSD from its layers, for files whose composite image is missing or
// a stand-in (saved without "Maximize compatibility"). Bottom to top: visible layers only, each with
// its opacity and fill opacity, its layer mask and vector mask, solid-colour and gradient fill (and
// shape) layers, clipping masks, groups (hidden groups skipped,
// group opacity and mask applied to the group drawn apart, pass-through groups drawn in place) and
// the separable blend modes, and three effects: colour overlay, stroke and drop shadow. What
// cannot be drawn (adjustment and pattern layers, other effects and blend modes) is named in the notes.
import type { WorkBudget } from "../common/work-budget.ts";
import { colourChannelCount, planesToRgba } from "./colour.ts";
import { PsbError } from "./errors.ts";
import type { LayerList, LayerRecord } from "./layers.ts";
import { decodeLayerChannel, type Plane, type PlaneShape } from "./planes.ts";
import type { PsbStructure } from "./structure.ts";
import { rasterizeVectorMask } from "./vector-mask.ts";
import { renderGradient } from "./gradient.ts";
import { shadowCoverage, strokeCoverage } from "./effects.ts";

interface LayerNode {
  layer: LayerRecord;
  /** a group's contents, bottom to top; undefined for a plain layer */
  children?: LayerNode[];
}

/** A straight-alpha 8-bit RGBA canvas the size of the document. */
type Canvas = Uint8Array;

/** Separable blend modes: the blended colour from the backdrop `b` and the source `s`, both 0..1. */
const SEPARABLE: Record<string, (b: number, s: number) => number> = {
  "mul ": (b, s) => b * s,
  scrn: (b, s) => b + s - b * s,
  dark: (b, s) => Math.min(b, s),
  lite: (b, s) => Math.max(b, s),
  diff: (b, s) => Math.abs(b - s),
  smud: (b, s) => b + s - 2 * b * s,
  lddg: (b, s) => Math.min(1, b + s),
  lbrn: (b, s) => Math.max(0, b + s - 1),
  over: (b, s) => hardLight(s, b),
  hLit: (b, s) => hardLight(b, s),
  sLit: (b, s) => (s <= 0.5 ? b - (1 - 2 * s) * b * (1 - b) : b + (2 * s - 1) * ((b <= 0.25 ? ((16 * b - 12) * b + 4) * b : Math.sqrt(b)) - b)),
  "div ": (b, s) => (b === 0 ? 0 : s >= 1 ? 1 : Math.min(1, b / (1 - s))),
  idiv: (b, s) => (b >= 1 ? 1 : s <= 0 ? 0 : 1 - Math.min(1, (1 - b) / s)),
};

function hardLight(b: number, s: number): number {
  return s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1);
}

const BLEND_NAMES: Record<string, string> = {
  diss: "Dissolve",
  hue: "Hue",
  sat: "Saturation",
  colr: "Color",
  lum: "Luminosity",
  dkCl: "Darker Color",
  lgCl: "Lighter Color",
  vLit: "Vivid Light",
  lLit: "Linear Light",
  pLit: "Pin Light",
  hMix: "Hard Mix",
  fsub: "Subtract",
  fdiv: "Divide",
};

export interface RenderedLayers {
  data: Uint8Array;
  notes: string[];
  /** layers that were drawn (0: the file shows nothing from its layers) */
  drawn: number;
}

/** Builds the group tree from the bottom-to-top list (a group's end marker comes before its layers, the group record after them). */
function buildTree(layers: LayerRecord[]): LayerNode[] {
  const stack: LayerNode[][] = [[]];
  for (const layer of layers) {
    if (layer.section === 3) {
      stack.push([]);
    } else if (layer.section === 1 || layer.section === 2) {
      const children = stack.length > 1 ? stack.pop()! : [];
      stack.at(-1)!.push({ layer, children });
    } else {
      stack.at(-1)!.push({ layer });
    }
  }
  // groups left open by a damaged list: their layers are drawn in place
  while (stack.length > 1) {
    const open = stack.pop()!;
    stack.at(-1)!.push(...open);
  }
  return stack[0]!;
}

class Renderer {
  readonly width: number;
  readonly height: number;
  readonly problems = new Set<string>();
  drawn = 0;
  /** bytes of canvases, layer pixels and masks held at once */
  private canvasBytes = 0;

  readonly bytes: Uint8Array;
  readonly info: PsbStructure;
  readonly budget: WorkBudget;

  constructor(bytes: Uint8Array, info: PsbStructure, budget: WorkBudget) {
    this.bytes = bytes;
    this.info = info;
    this.budget = budget;
    this.width = info.width;
    this.height = info.height;
  }

  newCanvas(): Canvas {
    const size = this.width * this.height * 4;
    // nested groups each hold a canvas while their layers are drawn: bounded like the composite (1 GiB)
    this.canvasBytes += size;
    if (this.canvasBytes > 1024 * 1024 * 1024) {
      throw new PsbError(`This ${this.info.format} file's layer groups are nested too deeply to be drawn within 1 GiB of memory.`, "too-large");
    }
    this.budget.charge(size, () => new PsbError(`This ${this.info.format} file needs more work than this tool allows for one file (over ${this.budget.limit} samples).`, "too-much-work"));
    return new Uint8Array(size);
  }

  releaseCanvas(): void {
    this.canvasBytes -= this.width * this.height * 4;
  }

  /** Draws a list of siblings (bottom to top) onto `target`. */
  drawList(nodes: LayerNode[], target: Canvas): void {
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i]!;
      if (node.layer.clipping) continue; // drawn with its base below
      // the clipped layers resting on this one
      const clipped: LayerNode[] = [];
      for (let j = i + 1; j < nodes.length && nodes[j]!.layer.clipping; j++) clipped.push(nodes[j]!);
      if (node.layer.hidden) continue;
      const visibleClipped = clipped.filter((c) => !c.layer.hidden);
      if (visibleClipped.length === 0) {
        this.drawNode(node, target);
        continue;
      }
      const baseMode = node.layer.blendMode === "pass" ? "norm" : node.layer.blendMode;
      if (!node.layer.blendClippedAsGroup) {
        this.drawClippedApart(node, visibleClipped, target);
        continue;
      }
      // a clipping group ("Blend Clipped Layers as Group", Photoshop's default): the base drawn alone
      // at full opacity, the clipped layers kept inside its pixels, then the whole laid down with
      // the base's opacity and blend mode
      const group = this.newCanvas();
      this.drawNode(node, group, 1);
      for (const c of visibleClipped) this.drawNode(c, group, undefined, true);
      composite(group, target, this.width, null, node.layer.opacity, this.blend(baseMode, false));
      this.releaseCanvas();
    }
  }

  /**
   * A clipping group whose base says not to blend it as a group: the base laid down in its own
   * mode, then each clipped layer in its own mode straight onto what lies below, only where the
   * base has pixels (scaled by the base's alpha and opacity).
   */
  drawClippedApart(base: LayerNode, clipped: LayerNode[], target: Canvas): void {
    const shape = this.newCanvas();
    this.drawNode(base, shape, 1, false, true);
    this.drawNode(base, target);
    for (const c of clipped) {
      const own = this.newCanvas();
      this.drawNode(c, own, undefined, false, true);
      // the hot loop: every pixel, the clipped layer's alpha times the base's
      for (let o = 3; o < own.length; o += 4) own[o] = Math.round((own[o]! * shape[o]! * base.layer.opacity) / 255);
      composite(own, target, this.width, null, 1, this.blend(c.layer.blendMode === "pass" ? "norm" : c.layer.blendMode, false));
      this.releaseCanvas();
    }
    this.releaseCanvas();
  }

  /** Draws one layer or group onto `target`; `alone` draws it in Normal mode (onto an empty canvas, to be laid down later). */
  drawNode(node: LayerNode, target: Canvas, opacityOverride?: number, atop = false, alone = false): void {
    const layer = alone ? { ...node.layer, blendMode: node.layer.blendMode === "pass" ? "pass" : "norm" } : node.layer;
    if (alone) node = { ...node, layer };
    const opacity = opacityOverride ?? layer.opacity;
    for (const what of layer.undrawn) this.problems.add(what);
    if (node.children) {
      const passThrough = layer.blendMode === "pass";
      const mask = this.mask(layer);
      if (passThrough && opacity === 1 && !mask && !atop) {
        this.drawList(node.children, target);
        return;
      }
      const group = this.newCanvas();
      this.drawList(node.children, group);
      composite(group, target, this.width, mask, opacity, this.blend(passThrough ? "norm" : layer.blendMode, atop));
      this.releaseCanvas();
      return;
    }
    if (layer.undrawn.includes("adjustment") || layer.undrawn.includes("fill")) return;
    // a solid-colour fill covers the document (its masks give it its shape); a pixel layer its rectangle
    const isFill = layer.fillColour !== null || layer.gradient !== null;
    const area = isFill ? { ...layer, top: 0, left: 0, bottom: this.height, right: this.width } : layer;
    const held = this.canvasBytes;
    const pixels = isFill ? this.fillPixels(layer) : this.layerPixels(layer);
    if (!pixels) return;
    this.drawn++;
    // masks and opacities multiply the layer's own alpha
    const mask = this.mask(layer);
    const vector = this.vectorCoverage(layer);
    // the shape the effects follow: the layer's alpha through its masks, over the document
    const shape = layer.stroke || layer.shadow ? this.shapeOf(pixels, area, mask, vector) : null;
    if (shape && layer.shadow) {
      const shadow = layer.shadow;
      drawCoverage(target, shadowCoverage(shape, this.width, this.height, shadow), shadow.rgb, shadow.opacity * opacity, this.blend(shadow.mode === "Mltp" ? "mul " : "norm", atop));
    }
    // a colour overlay (an effect, so fill opacity does not fade it) recolours the layer's pixels
    const overlay = layer.colourOverlay;
    if (overlay) recolour(pixels, overlay.rgb, overlay.opacity);
    const alpha = opacity * (overlay ? layer.fill + (1 - layer.fill) * overlay.opacity : layer.fill);
    drawLayer(pixels, area, target, this.width, this.height, mask, vector, alpha, this.blend(layer.blendMode, atop));
    if (shape && layer.stroke) {
      const stroke = layer.stroke;
      drawCoverage(target, strokeCoverage(shape, this.width, this.height, stroke), stroke.rgb, stroke.opacity * opacity, this.blend(stroke.mode === "Mltp" ? "mul " : "norm", atop));
    }
    this.canvasBytes = held;
  }

  /** The layer's alpha through its masks over the whole document (0..1), for its effects. */
  shapeOf(pixels: Uint8Array, area: LayerRecord, mask: MaskPlane | null, vector: Float32Array | null): Float32Array {
    const { width, height } = this;
    // the shape, a distance map and the effect's coverage, 4 bytes a pixel each
    this.hold(width * height * 12, "layer effects");
    this.budget.charge(width * height * 8, () => new PsbError(`This ${this.info.format} file needs more work than this tool allows for one file (over ${this.budget.limit} samples).`, "too-much-work"));
    const shape = new Float32Array(width * height);
    const layerWidth = area.right - area.left;
    for (let y = Math.max(0, area.top); y < Math.min(height, area.bottom); y++) {
      for (let x = Math.max(0, area.left); x < Math.min(width, area.right); x++) {
        const a = pixels[((y - area.top) * layerWidth + (x - area.left)) * 4 + 3]! / 255;
        shape[y * width + x] = a * (mask ? maskAt(mask, x, y) : 1) * (vector ? Math.min(1, vector[y * width + x]!) : 1);
      }
    }
    return shape;
  }

  /** Counts `bytes` more held at once; past 1.5 GiB (with the canvases) the file is refused. */
  hold(bytes: number, what: string): void {
    this.canvasBytes += bytes;
    if (this.canvasBytes > 1.5 * 1024 * 1024 * 1024) throw new PsbError(`This ${this.info.format} file's ${what} needs more memory than this tool allows (over 1.5 GiB with the picture being drawn).`, "too-large");
  }

  /** A fill layer's colour or gradient over the whole document. */
  fillPixels(layer: LayerRecord): Uint8Array {
    const pixels = this.newCanvas();
    if (layer.gradient) {
      renderGradient(layer.gradient, this.width, this.height, pixels);
      return pixels;
    }
    const [r, g, b] = layer.fillColour!.map(Math.round) as [number, number, number];
    for (let o = 0; o < pixels.length; o += 4) {
      pixels[o] = r;
      pixels[o + 1] = g;
      pixels[o + 2] = b;
      pixels[o + 3] = 255;
    }
    return pixels;
  }

  /** The layer's vector mask drawn over the document, or null when it has none (or it is off). */
  vectorCoverage(layer: LayerRecord): Float32Array | null {
    const vector = layer.vectorMask;
    if (!vector || vector.disabled) return null;
    this.budget.charge(this.width * this.height * (vector.subpaths.length + 1), () => new PsbError(`This ${this.info.format} file needs more work than this tool allows for one file (over ${this.budget.limit} samples).`, "too-much-work"));
    // the coverage and one subpath's shape, 4 bytes a pixel each
    this.hold(this.width * this.height * 8, "vector mask");
    return rasterizeVectorMask(vector, this.width, this.height);
  }

  blend(stored: string, atop: boolean): Blend {
    return { mode: this.blendMode(stored), atop, linear: this.info.bitsPerChannel === 32 };
  }

  blendMode(stored: string): string {
    // ImageMagick 6 writes its keys byte-reversed ("mron" for "norm")
    const reversed = [...stored].toReversed().join("");
    const key = stored in SEPARABLE || stored === "norm" || !(reversed in SEPARABLE || reversed === "norm") ? stored : reversed;
    if (key === "norm" || key in SEPARABLE) return key;
    this.problems.add(`blend:${BLEND_NAMES[key.trim()] ?? key.trim()}`);
    return "norm";
  }

  /** The layer's RGBA pixels over its rectangle, or null when it has none. */
  layerPixels(layer: LayerRecord): Uint8Array | null {
    const width = layer.right - layer.left;
    const height = layer.bottom - layer.top;
    if (width <= 0 || height <= 0) return null;
    if (width > 300_000 || height > 300_000) throw new PsbError(`This ${this.info.format} file is corrupt: a layer declares ${width} × ${height} pixels.`, "corrupt");
    const shape: PlaneShape = { width, height, depth: this.info.bitsPerChannel, large: this.info.format === "PSB", format: this.info.format };
    this.budget.charge(width * height * layer.channels.length, () => new PsbError(`This ${this.info.format} file needs more work than this tool allows for one file (over ${this.budget.limit} samples).`, "too-much-work"));
    // the layer's planes at the file's depth (32-bit ones kept at 16) and its 8-bit RGBA
    const sampleBytes = this.info.bitsPerChannel > 8 ? 2 : 1;
    this.hold(width * height * ((layer.channels.length + 1) * sampleBytes + 4), `layer "${layer.name}" (${width} × ${height} pixels)`);
    const colours = colourChannelCount(this.info.colorMode, this.info.channels);
    const planes: Plane[] = [];
    for (let c = 0; c < colours; c++) planes.push(this.channel(layer, c, shape, true) ?? { data: new Uint8Array(width * height), max: 255 });
    const widest = planes.some((p) => p.max === 0xffff);
    // a channel missing from the layer reads as zeros at the layer's depth
    for (let c = 0; c < colours; c++) if (widest && planes[c]!.max !== 0xffff) planes[c] = { data: new Uint16Array(width * height), max: 0xffff };
    const alpha = this.channel(layer, -1, shape, false);
    return planesToRgba(this.info.colorMode, planes, alpha, width * height, null);
  }

  channel(layer: LayerRecord, id: number, shape: PlaneShape, colour: boolean): Plane | null {
    const channel = layer.channels.find((c) => c.id === id);
    if (!channel || channel.end - channel.start <= 0) return null;
    return decodeLayerChannel(this.bytes, channel.start, channel.end, channel.compression, shape, colour, `layer "${layer.name}"`);
  }

  /** The layer mask as a document-sized coverage lookup, or null when it has none (or it is off). */
  mask(layer: LayerRecord): MaskPlane | null {
    const m = layer.mask;
    if (!m || m.disabled) return null;
    const width = m.right - m.left;
    const height = m.bottom - m.top;
    const shape: PlaneShape = { width: Math.max(0, width), height: Math.max(0, height), depth: this.info.bitsPerChannel, large: this.info.format === "PSB", format: this.info.format };
    const plane = width > 0 && height > 0 && width <= 300_000 && height <= 300_000 ? this.channel(layer, -2, shape, false) : null;
    return { left: m.left, top: m.top, width: shape.width, height: shape.height, plane, outside: m.defaultColor / 255 };
  }
}

interface MaskPlane {
  left: number;
  top: number;
  width: number;
  height: number;
  plane: Plane | null;
  /** coverage outside the mask's rectangle, 0..1 */
  outside: number;
}

function maskAt(mask: MaskPlane, x: number, y: number): number {
  const mx = x - mask.left;
  const my = y - mask.top;
  if (!mask.plane || mx < 0 || my < 0 || mx >= mask.width || my >= mask.height) return mask.outside;
  return mask.plane.data[my * mask.width + mx]! / mask.plane.max;
}

/** One colour laid down where `coverage` (0..1 over the document) says, at `opacity`. */
function drawCoverage(target: Canvas, coverage: Float32Array, rgb: [number, number, number], opacity: number, blend: Blend): void {
  const source = new Uint8Array([Math.round(rgb[0]), Math.round(rgb[1]), Math.round(rgb[2]), 255]);
  for (let i = 0; i < coverage.length; i++) {
    const a = coverage[i]! * opacity;
    if (a > 0) blendPixel(target, i * 4, source, 0, Math.min(1, a), blend);
  }
}

/** Mixes every pixel's colour toward `rgb` by `amount` (0..1), keeping its alpha. */
function recolour(pixels: Uint8Array, rgb: [number, number, number], amount: number): void {
  for (let o = 0; o < pixels.length; o += 4) {
    for (let c = 0; c < 3; c++) pixels[o + c] = Math.round(pixels[o + c]! + (rgb[c]! - pixels[o + c]!) * amount);
  }
}

/** How a layer or group is laid down: its blend mode, whether only inside the backdrop (clipping), and in which light. */
interface Blend {
  mode: string;
  atop: boolean;
  /** 32-bit documents blend in linear light, as Photoshop does; the canvas itself stays sRGB-encoded */
  linear: boolean;
}

// byte (sRGB-encoded) to 0..1, as stored or in linear light
const AS_STORED = Float64Array.from({ length: 256 }, (_, v) => v / 255);
const TO_LINEAR = Float64Array.from({ length: 256 }, (_, v) => (v <= 10 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));

function fromLinear(v: number): number {
  const c = v <= 0 ? 0 : v >= 1 ? 1 : v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055;
  return Math.round(c * 255);
}

/** One source pixel (straight alpha `sa`, 0..1) over the target's pixel at `o`. */
function blendPixel(target: Canvas, o: number, source: Uint8Array, p: number, sa: number, blend: Blend): void {
  if (sa <= 0) return;
  const da = target[o + 3]! / 255;
  if (blend.atop && da <= 0) return;
  if (blend.mode === "norm" && !blend.linear && !blend.atop) {
    // Normal source-over in display space, the common case, without the general path's look-ups
    const outA = sa + da * (1 - sa);
    const take = sa / outA;
    const keep = 1 - take;
    target[o] = Math.round(source[p]! * take + target[o]! * keep);
    target[o + 1] = Math.round(source[p + 1]! * take + target[o + 1]! * keep);
    target[o + 2] = Math.round(source[p + 2]! * take + target[o + 2]! * keep);
    target[o + 3] = Math.round(outA * 255);
    return;
  }
  const decode = blend.linear ? TO_LINEAR : AS_STORED;
  const f = blend.mode === "norm" || da <= 0 ? null : SEPARABLE[blend.mode]!;
  const outA = blend.atop ? da : sa + da * (1 - sa);
  for (let c = 0; c < 3; c++) {
    const s = decode[source[p + c]!]!;
    const d = decode[target[o + c]!]!;
    // the blended colour where the backdrop exists (W3C compositing: (1 − αb)·Cs + αb·B(Cb, Cs))
    const mixed = f ? (1 - da) * s + da * f(d, s) : s;
    // clipped (atop): inside the backdrop only, its alpha stays; else source-over
    const value = blend.atop ? mixed * sa + d * (1 - sa) : (mixed * sa + d * da * (1 - sa)) / outA;
    target[o + c] = blend.linear ? fromLinear(value) : Math.round(value * 255);
  }
  target[o + 3] = Math.round(outA * 255);
}

function drawLayer(pixels: Uint8Array, layer: LayerRecord, target: Canvas, width: number, height: number, mask: MaskPlane | null, vector: Float32Array | null, opacity: number, blend: Blend): void {
  const layerWidth = layer.right - layer.left;
  const x0 = Math.max(0, layer.left);
  const x1 = Math.min(width, layer.right);
  const y0 = Math.max(0, layer.top);
  const y1 = Math.min(height, layer.bottom);
  const plain = blend.mode === "norm" && !blend.atop && !blend.linear;
  // the hot loop: every pixel of the layer's rectangle inside the document
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const p = ((y - layer.top) * layerWidth + (x - layer.left)) * 4;
      const a = (pixels[p + 3]! / 255) * opacity * (mask ? maskAt(mask, x, y) : 1) * (vector ? Math.min(1, vector[y * width + x]!) : 1);
      const o = (y * width + x) * 4;
      if (plain && (a >= 1 || target[o + 3] === 0)) {
        // Normal over nothing, or fully opaque: the source pixel as it is (the common case, kept fast)
        if (a <= 0) continue;
        target[o] = pixels[p]!;
        target[o + 1] = pixels[p + 1]!;
        target[o + 2] = pixels[p + 2]!;
        target[o + 3] = Math.round(Math.min(1, a) * 255);
        continue;
      }
      blendPixel(target, o, pixels, p, a, blend);
    }
  }
}

/** A group's canvas onto its parent's, with the group's mask and opacity; `width` is the document's. */
function composite(source: Canvas, target: Canvas, width: number, mask: MaskPlane | null, opacity: number, blend: Blend): void {
  // the hot loop: every pixel of the document
  for (let o = 0, i = 0; o < source.length; o += 4, i++) {
    const sa = source[o + 3]!;
    if (sa === 0) continue;
    const a = (sa / 255) * opacity * (mask ? maskAt(mask, i % width, Math.floor(i / width)) : 1);
    blendPixel(target, o, source, o, a, blend);
  }
}

/** The document's picture drawn from its visible layers, with notes on what could not be drawn. */
export function renderLayers(bytes: Uint8Array, info: PsbStructure, list: LayerList, budget: WorkBudget): RenderedLayers {
  const renderer = new Renderer(bytes, info, budget);
  const canvas = renderer.newCanvas();
  renderer.drawList(buildTree(list.layers), canvas);
  return { data: canvas, notes: describeProblems(renderer.problems), drawn: renderer.drawn };
}

function describeProblems(problems: Set<string>): string[] {
  const notes: string[] = [];
  if (problems.has("adjustment")) notes.push("Adjustment layers (levels, curves, hue/saturation...) were not applied.");
  if (problems.has("fill")) notes.push("Pattern fill layers (and angle or diamond gradients) were not drawn.");
  if (problems.has("stroke")) notes.push("The outlines (strokes) of shape layers were not drawn.");
  if (problems.has("effects")) notes.push("Some layer effects (glows, bevels, inner shadows, gradient or pattern overlays...) were not drawn.");
  const blends = [...problems].filter((p) => p.startsWith("blend:")).map((p) => p.slice(6));
  if (blends.length > 0) notes.push(`Layers in the ${blends.join(", ")} blend mode${blends.length > 1 ? "s" : ""} were drawn in the Normal mode.`);
  return notes;
}
