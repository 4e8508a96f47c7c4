// The layer list of a PSB/PSD, read by us (ag-psd refuses CMYK and Lab files and misreads 16-bit
// RLE layers): each layer record's rectangle, channels, blend mode, opacity, clipping, visibility,
// mask, group markers and the extra blocks that say what we cannot draw (adjustment layers,
// effects...), and where each channel's pixels lie. 16- and 32-bit documents keep their layers in
// an "Lr16"/"Lr32" block after the (empty) usual list. Every read is checked against the section's
// end; a damaged list makes the file fall back to its composite image (index.ts decides).
import { PsbError } from "./errors.ts";
import type { PsbStructure } from "./structure.ts";
import { readVectorMask, type VectorMask } from "./vector-mask.ts";
import { descriptorOf, numberOf, readDescriptor, type Descriptor, type DescriptorValue } from "./descriptor.ts";
import { colourOf, DRAWN_STYLES, readGradientFill, type GradientFill } from "./gradient.ts";
import { readShadow, readStroke, type ShadowEffect, type StrokeEffect } from "./effects.ts";

export interface LayerChannel {
  /** 0.. colour channels, −1 transparency, −2 layer mask, −3 real user mask */
  id: number;
  compression: number;
  /** the channel's data after its 2-byte compression field */
  start: number;
  end: number;
}

export interface LayerMask {
  top: number;
  left: number;
  bottom: number;
  right: number;
  /** 0 or 255: the mask's value outside its rectangle */
  defaultColor: number;
  disabled: boolean;
}

export interface LayerRecord {
  top: number;
  left: number;
  bottom: number;
  right: number;
  channels: LayerChannel[];
  /** the 4-character blend mode key: "norm", "pass" (group pass-through), "mul "... */
  blendMode: string;
  /** 0..1 */
  opacity: number;
  /** fill opacity (the "iOpa" block), 0..1 */
  fill: number;
  clipping: boolean;
  /** "Blend Clipped Layers as Group" (the "clbl" block, on unless it says 0): a clipping group laid down in its base's blend mode */
  blendClippedAsGroup: boolean;
  hidden: boolean;
  mask: LayerMask | null;
  /** 0 a layer, 1 or 2 a group (open, closed), 3 the end marker of a group (comes before its layers) */
  section: number;
  /** what this layer holds that is not drawn from its pixels: "adjustment", "fill", "effects" */
  undrawn: string[];
  /** a solid-colour fill layer's colour (0..255 RGB), drawn over the whole document through its masks */
  fillColour: [number, number, number] | null;
  /** a gradient fill layer's gradient, drawn over the whole document through its masks */
  gradient: GradientFill | null;
  vectorMask: VectorMask | null;
  /** an lfx2 block was read (the old lrFX beside it then says nothing more) */
  effectsRead: boolean;
  /** a Normal "Color Overlay" effect: the layer's pixels take this colour at this opacity */
  colourOverlay: ColourOverlay | null;
  stroke: StrokeEffect | null;
  shadow: ShadowEffect | null;
  name: string;
}

export interface ColourOverlay {
  rgb: [number, number, number];
  /** 0..1 */
  opacity: number;
}

export interface LayerList {
  /** the stored count: negative when the composite's first extra channel is its transparency */
  count: number;
  /** bottom to top, as stored */
  layers: LayerRecord[];
}

const ADJUSTMENT_KEYS = new Set(["levl", "curv", "brit", "blnc", "hue ", "hue2", "selc", "mixr", "grdm", "phfl", "expA", "vibA", "thrs", "nvrt", "post", "blwh", "clrL"]);
const FILL_KEYS = new Set(["PtFl"]);
// the effects in an lfx2 descriptor, alone or as lists ("dropShadowMulti"...)
const EFFECTS = ["DrSh", "IrSh", "OrGl", "IrGl", "ebbl", "ChFX", "SoFi", "GrFl", "patternFill", "FrFX"];
const MULTI_EFFECTS = ["dropShadowMulti", "innerShadowMulti", "solidFillMulti", "gradientFillMulti", "frameFXMulti"];
// blocks whose length is 8 bytes in PSB
const LARGE_KEYS = new Set(["LMsk", "Lr16", "Lr32", "Layr", "Mt16", "Mt32", "Mtrn", "Alph", "FMsk", "lnk2", "FEid", "FXid", "PxSD"]);

class Reader {
  readonly bytes: Uint8Array;
  readonly view: DataView;
  offset: number;
  end: number;
  constructor(bytes: Uint8Array, start: number, end: number) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.offset = start;
    this.end = end;
  }
  need(size: number): void {
    if (this.offset + size > this.end) throw new PsbError("The layer list is cut short.", "truncated");
  }
  u8(): number {
    this.need(1);
    return this.view.getUint8(this.offset++);
  }
  i16(): number {
    this.need(2);
    this.offset += 2;
    return this.view.getInt16(this.offset - 2);
  }
  u16(): number {
    this.need(2);
    this.offset += 2;
    return this.view.getUint16(this.offset - 2);
  }
  i32(): number {
    this.need(4);
    this.offset += 4;
    return this.view.getInt32(this.offset - 4);
  }
  u32(): number {
    this.need(4);
    this.offset += 4;
    return this.view.getUint32(this.offset - 4);
  }
  length(wide: boolean): number {
    if (!wide) return this.u32();
    const high = this.u32();
    const low = this.u32();
    if (high !== 0) throw new PsbError("The layer list declares a block larger than 4 GB.", "corrupt");
    return low;
  }
  text(size: number): string {
    this.need(size);
    let s = "";
    for (let i = 0; i < size; i++) s += String.fromCharCode(this.bytes[this.offset + i]!);
    this.offset += size;
    return s;
  }
}

/** Where the layer info is: the usual list, or an Lr16/Lr32 block for 16- and 32-bit documents. Null when the file has no layers. */
function findLayerInfo(bytes: Uint8Array, info: PsbStructure): { start: number; end: number } | null {
  const large = info.format === "PSB";
  const r = new Reader(bytes, info.layerSection.start, info.layerSection.end);
  if (r.end - r.offset < 4) return null;
  const infoLength = r.length(large);
  if (infoLength >= 2) {
    const end = r.offset + infoLength;
    if (end > info.layerSection.end) throw new PsbError("The layer list is cut short.", "truncated");
    return { start: r.offset, end };
  }
  r.offset += infoLength;
  // global layer mask info, then additional blocks: look for Lr16 / Lr32
  if (r.end - r.offset < 4) return null;
  const maskLength = r.u32();
  r.offset += maskLength;
  // bounded by the section: each block moves forward by at least 12 bytes
  while (r.end - r.offset >= 12) {
    // blocks are padded to 4 bytes in some files, 2 in others: skip zero padding
    while (r.end - r.offset >= 12 && r.bytes[r.offset] === 0) r.offset++;
    if (r.end - r.offset < 12) break;
    const signature = r.text(4);
    if (signature !== "8BIM" && signature !== "8B64") return null;
    const key = r.text(4);
    const length = r.length(large && LARGE_KEYS.has(key));
    const start = r.offset;
    if (start + length > r.end) throw new PsbError("The layer list is cut short.", "truncated");
    if ((key === "Lr16" || key === "Lr32") && length >= 2) return { start, end: start + length };
    r.offset = start + length;
  }
  return null;
}

/** Reads the layer records and the position of each channel's pixels. */
export function readLayers(bytes: Uint8Array, info: PsbStructure): LayerList {
  const where = findLayerInfo(bytes, info);
  if (!where) return { count: 0, layers: [] };
  const large = info.format === "PSB";
  const r = new Reader(bytes, where.start, where.end);
  const count = r.i16();
  const total = Math.abs(count);
  // each record takes at least 34 bytes: a count past that cannot be real
  if (total * 34 > where.end - where.start) throw new PsbError("The layer list is corrupt: it declares more layers than it can hold.", "corrupt");
  const layers: LayerRecord[] = [];
  const lengths: number[][] = [];
  for (let i = 0; i < total; i++) {
    const { layer, channelLengths } = readRecord(r, large, info.globalAngle);
    layers.push(layer);
    lengths.push(channelLengths);
  }
  // then every layer's channels, in the same order
  for (let i = 0; i < total; i++) {
    const layer = layers[i]!;
    const channelLengths = lengths[i]!;
    for (let c = 0; c < layer.channels.length; c++) {
      const length = channelLengths[c]!;
      const channel = layer.channels[c]!;
      if (length >= 2) {
        r.need(length);
        channel.compression = r.view.getUint16(r.offset);
        channel.start = r.offset + 2;
        channel.end = r.offset + length;
      } else {
        channel.start = channel.end = r.offset;
      }
      r.offset += length;
    }
  }
  // a 32-bit document's solid-colour fills hold linear-light values (0..255): encoded for display
  // as its pixels are (psd-tools' 300dpi.psd: 172, 11, 11 stored, 214, 60, 60 in its composite)
  if (info.bitsPerChannel === 32) {
    for (const layer of layers) if (layer.fillColour) layer.fillColour = layer.fillColour.map(linearToDisplay) as [number, number, number];
  }
  return { count, layers };
}

/** A linear-light value (0..255) encoded with the sRGB curve (0..255). */
function linearToDisplay(v: number): number {
  const x = Math.min(1, Math.max(0, v / 255));
  return 255 * (x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055);
}

function readRecord(r: Reader, large: boolean, globalAngle: number): { layer: LayerRecord; channelLengths: number[] } {
  const top = r.i32();
  const left = r.i32();
  const bottom = r.i32();
  const right = r.i32();
  const channelCount = r.u16();
  if (channelCount > 56) throw new PsbError(`The layer list is corrupt: a layer declares ${channelCount} channels.`, "corrupt");
  const channels: LayerChannel[] = [];
  const channelLengths: number[] = [];
  for (let c = 0; c < channelCount; c++) {
    channels.push({ id: r.i16(), compression: 0, start: 0, end: 0 });
    channelLengths.push(r.length(large));
  }
  if (r.text(4) !== "8BIM") throw new PsbError("The layer list is corrupt: a layer record lacks its '8BIM' signature.", "corrupt");
  const blendMode = r.text(4);
  const opacity = r.u8() / 255;
  const clipping = r.u8() === 1;
  const flags = r.u8();
  r.u8();
  const extraLength = r.u32();
  r.need(extraLength);
  const extraEnd = r.offset + extraLength;
  const layer: LayerRecord = {
    top,
    left,
    bottom,
    right,
    channels,
    blendMode,
    opacity,
    fill: 1,
    clipping,
    blendClippedAsGroup: true,
    // bit 1: hidden
    hidden: (flags & 2) !== 0,
    mask: null,
    section: 0,
    undrawn: [],
    fillColour: null,
    gradient: null,
    vectorMask: null,
    effectsRead: false,
    colourOverlay: null,
    stroke: null,
    shadow: null,
    name: "",
  };
  const outer = r.end;
  r.end = extraEnd;
  // layer mask data
  const maskLength = r.u32();
  const maskStart = r.offset;
  if (maskLength >= 18) {
    const maskTop = r.i32();
    const maskLeft = r.i32();
    const maskBottom = r.i32();
    const maskRight = r.i32();
    const defaultColor = r.u8();
    const maskFlags = r.u8();
    layer.mask = { top: maskTop, left: maskLeft, bottom: maskBottom, right: maskRight, defaultColor, disabled: (maskFlags & 2) !== 0 };
  }
  r.offset = maskStart + maskLength;
  // blending ranges
  const rangesLength = r.u32();
  r.need(rangesLength);
  r.offset += rangesLength;
  // name: a Pascal string meant to be padded to 4 bytes (some writers do not): the blocks start at the next signature
  const nameLength = r.u8();
  layer.name = r.text(Math.min(nameLength, r.end - r.offset));
  while (r.end - r.offset > 4 && !atSignature(r)) r.offset++;
  // additional blocks until the record's end (bounded: each moves forward at least 12 bytes)
  while (r.end - r.offset >= 12) {
    const signature = r.text(4);
    if (signature !== "8BIM" && signature !== "8B64") break;
    const key = r.text(4);
    const length = r.length(signature === "8B64" || (large && LARGE_KEYS.has(key)));
    const start = r.offset;
    if (start + length > r.end) break;
    readBlock(r, key, start, length, layer, globalAngle);
    r.offset = start + length;
  }
  r.end = outer;
  r.offset = extraEnd;
  // lrFX comes before lfx2 in Photoshop's files: the newer block decides
  layer.undrawn = layer.undrawn.flatMap((what) => (what !== "old-effects" ? [what] : layer.effectsRead ? [] : ["effects"]));
  return { layer, channelLengths };
}

function isOn(v: DescriptorValue | undefined): boolean {
  return typeof v === "object" && !Array.isArray(v) && v["enab"] === true;
}

interface EnabledEffects {
  overlay: ColourOverlay | null;
  stroke: StrokeEffect | null;
  shadow: ShadowEffect | null;
  /** effects switched on that are not drawn */
  others: boolean;
}

/** The effects an lfx2 descriptor switches on (its master switch and each effect's "enab"): the ones we draw, and whether there are others. */
function enabledEffects(d: Descriptor | null, globalAngle: number): EnabledEffects {
  const found: EnabledEffects = { overlay: null, stroke: null, shadow: null, others: false };
  if (!d || d["masterFXSwitch"] === false) return found;
  const on: Descriptor[] = [];
  for (const key of EFFECTS) if (isOn(d[key])) on.push(d[key] as Descriptor);
  for (const key of MULTI_EFFECTS) if (Array.isArray(d[key])) on.push(...(d[key] as DescriptorValue[]).filter(isOn).map((v) => v as Descriptor));
  for (const effect of on) {
    const rgb = effect._class === "SoFi" && effect["Md  "] === "Nrml" ? colourOf(descriptorOf(effect, "Clr ")) : null;
    const stroke = effect._class === "FrFX" && !found.stroke ? readStroke(effect) : null;
    const shadow = effect._class === "DrSh" && !found.shadow ? readShadow(effect, globalAngle) : null;
    if (rgb && !found.overlay) found.overlay = { rgb, opacity: Math.max(0, Math.min(1, numberOf(effect, "Opct", 100) / 100)) };
    else if (stroke) found.stroke = stroke;
    else if (shadow) found.shadow = shadow;
    else found.others = true;
  }
  return found;
}

function atSignature(r: Reader): boolean {
  const v = r.view.getUint32(r.offset);
  return v === 0x3842494d || v === 0x38423634; // '8BIM', '8B64'
}

function readBlock(r: Reader, key: string, start: number, length: number, layer: LayerRecord, globalAngle: number): void {
  if ((key === "lsct" || key === "lsdk") && length >= 4) {
    layer.section = r.view.getUint32(start);
    // a group's blend mode may be given here ("pass" for pass-through)
    if (length >= 12 && r.view.getUint32(start + 4) === 0x3842494d) {
      let mode = "";
      for (let i = 0; i < 4; i++) mode += String.fromCharCode(r.bytes[start + 8 + i]!);
      layer.blendMode = mode;
    }
  } else if (key === "iOpa" && length >= 1) {
    layer.fill = r.view.getUint8(start) / 255;
  } else if (key === "clbl" && length >= 1) {
    layer.blendClippedAsGroup = r.view.getUint8(start) !== 0;
  } else if (ADJUSTMENT_KEYS.has(key)) {
    layer.undrawn.push("adjustment");
  } else if (key === "SoCo" && length > 4) {
    // a version, then a descriptor whose "Clr " item is the colour
    layer.fillColour = colourOf(descriptorOf(readDescriptor(r.bytes, start + 4, start + length) ?? undefined, "Clr "));
    if (!layer.fillColour) layer.undrawn.push("fill");
  } else if (key === "GdFl") {
    layer.gradient = readGradientFill(r.bytes, start, length);
    if (!layer.gradient || !DRAWN_STYLES.has(layer.gradient.style)) {
      layer.gradient = null;
      layer.undrawn.push("fill");
    }
  } else if (FILL_KEYS.has(key)) {
    layer.undrawn.push("fill");
  } else if (key === "vstk" && length > 4) {
    // a shape's outline, drawn by Photoshop when "strokeEnabled" is on
    if (readDescriptor(r.bytes, start + 4, start + length)?.["strokeEnabled"] === true) layer.undrawn.push("stroke");
  } else if ((key === "vmsk" || key === "vsms") && !layer.vectorMask) {
    layer.vectorMask = readVectorMask(r.bytes, start, length);
  } else if (key === "lfx2" || key === "lfxs" || key === "lmfx") {
    // a version, a descriptor version, then the descriptor: only effects switched on count
    const effects = enabledEffects(length > 8 ? readDescriptor(r.bytes, start + 8, start + length) : null, globalAngle);
    layer.colourOverlay = effects.overlay;
    layer.stroke = effects.stroke;
    layer.shadow = effects.shadow;
    if (effects.others) layer.undrawn.push("effects");
    layer.effectsRead = true;
  } else if (key === "lrFX" && !layer.effectsRead) {
    // the old effects block, which Photoshop writes beside lfx2: counted only when lfx2 is absent
    layer.undrawn.push("old-effects");
  }
}
