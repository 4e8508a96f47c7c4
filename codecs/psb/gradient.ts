// Gradient fill layers ("GdFl" block: a version, then a descriptor): colour stops and opacity
// stops, each with a location (0..4096) and a midpoint (percent), the angle, the style, reverse,
// scale and offset. Linear, radial and reflected gradients are drawn over the document (the
// others are named in the notes); colours are mixed in RGB, as Photoshop's "classic" method does.
import { descriptorOf, numberOf, readDescriptor, type Descriptor, type DescriptorValue } from "./descriptor.ts";

export interface GradientFill {
  /** "Lnr " linear, "Rdl " radial, "Rflc" reflected; others ("Angl", "Dmnd") are not drawn */
  style: string;
  /** degrees, counter-clockwise from pointing right */
  angle: number;
  reverse: boolean;
  /** 1 = 100 % */
  scale: number;
  /** the centre's offset in fractions of the document's width and height */
  offsetX: number;
  offsetY: number;
  colours: { at: number; midpoint: number; rgb: [number, number, number] }[];
  opacities: { at: number; midpoint: number; value: number }[];
}

export const DRAWN_STYLES = new Set(["Lnr ", "Rdl ", "Rflc"]);

function clamp(v: number): number {
  return Math.max(0, Math.min(255, v));
}

/** A colour descriptor ("Clr " item) as 0..255 RGB: RGB, CMYK (ink percentages), grey or HSB. */
export function colourOf(d: Descriptor | undefined): [number, number, number] | null {
  if (!d) return null;
  if ("Rd  " in d) return [clamp(numberOf(d, "Rd  ", 0)), clamp(numberOf(d, "Grn ", 0)), clamp(numberOf(d, "Bl  ", 0))];
  if ("Cyn " in d) {
    const k = 1 - numberOf(d, "Blck", 0) / 100;
    return [0, 1, 2].map((i) => clamp(255 * (1 - numberOf(d, ["Cyn ", "Mgnt", "Ylw "][i]!, 0) / 100) * k)) as [number, number, number];
  }
  if ("Gry " in d) {
    const v = clamp(255 * (1 - numberOf(d, "Gry ", 0) / 100));
    return [v, v, v];
  }
  if ("H   " in d) {
    // HSB: hue in degrees, saturation and brightness in percent
    const h = (((numberOf(d, "H   ", 0) % 360) + 360) % 360) / 60;
    const s = numberOf(d, "Strt", 0) / 100;
    const v = numberOf(d, "Brgh", 0) / 100;
    const c = v * s;
    const x = c * (1 - Math.abs((h % 2) - 1));
    const [r, g, b] = h < 1 ? [c, x, 0] : h < 2 ? [x, c, 0] : h < 3 ? [0, c, x] : h < 4 ? [0, x, c] : h < 5 ? [x, 0, c] : [c, 0, x];
    const m = v - c;
    return [clamp((r + m) * 255), clamp((g + m) * 255), clamp((b + m) * 255)];
  }
  return null;
}

const list = (v: DescriptorValue | undefined): Descriptor[] => (Array.isArray(v) ? v.filter((x): x is Descriptor => typeof x === "object" && !Array.isArray(x)) : []);

/** Reads a GdFl block; null when it cannot be understood. */
export function readGradientFill(bytes: Uint8Array, start: number, length: number): GradientFill | null {
  if (length < 8) return null;
  const d = readDescriptor(bytes, start + 4, start + length);
  const gradient = descriptorOf(d ?? undefined, "Grad");
  if (!d || !gradient) return null;
  const colours = list(gradient["Clrs"]).flatMap((stop) => {
    const rgb = colourOf(descriptorOf(stop, "Clr "));
    return rgb ? [{ at: numberOf(stop, "Lctn", 0) / 4096, midpoint: numberOf(stop, "Mdpn", 50) / 100, rgb }] : [];
  });
  const opacities = list(gradient["Trns"]).map((stop) => ({ at: numberOf(stop, "Lctn", 0) / 4096, midpoint: numberOf(stop, "Mdpn", 50) / 100, value: numberOf(stop, "Opct", 100) / 100 }));
  if (colours.length === 0) return null;
  const offset = descriptorOf(d, "Ofst");
  const style = typeof d["Type"] === "string" ? d["Type"] : "Lnr ";
  return {
    style,
    angle: numberOf(d, "Angl", 90),
    reverse: d["Rvrs"] === true,
    scale: numberOf(d, "Scl ", 100) / 100,
    offsetX: numberOf(offset, "Hrzn", 0) / 100,
    offsetY: numberOf(offset, "Vrtc", 0) / 100,
    colours: colours.toSorted((a, b) => a.at - b.at),
    opacities: opacities.length > 0 ? opacities.toSorted((a, b) => a.at - b.at) : [{ at: 0, midpoint: 0.5, value: 1 }],
  };
}

/** Where between two stops a position falls, bent by the midpoint (where the mix is half and half). */
function between(t: number, a: number, b: number, midpoint: number): number {
  if (b <= a) return t < a ? 0 : 1;
  const u = Math.min(1, Math.max(0, (t - a) / (b - a)));
  const m = Math.min(0.99, Math.max(0.01, midpoint));
  return u < m ? (0.5 * u) / m : 0.5 + (0.5 * (u - m)) / (1 - m);
}

/** A value along the stops at position t (0..1). */
function along<T extends { at: number; midpoint: number }>(stops: T[], t: number, get: (stop: T) => number): number {
  const first = stops[0]!;
  if (t <= first.at) return get(first);
  for (let i = 1; i < stops.length; i++) {
    const to = stops[i]!;
    if (t <= to.at) {
      const from = stops[i - 1]!;
      const f = between(t, from.at, to.at, to.midpoint);
      return get(from) + (get(to) - get(from)) * f;
    }
  }
  return get(stops.at(-1)!);
}

/** The gradient over the whole document as 8-bit RGBA. */
export function renderGradient(g: GradientFill, width: number, height: number, out: Uint8Array): void {
  const radians = (g.angle * Math.PI) / 180;
  const dx = Math.cos(radians);
  const dy = -Math.sin(radians);
  // a linear gradient spans the box along its direction; radial ones reach its corners
  const span = (g.style === "Rdl " ? Math.hypot(width, height) / 2 : Math.abs(width * dx) + Math.abs(height * dy)) * g.scale || 1;
  const cx = width / 2 + g.offsetX * width;
  const cy = height / 2 + g.offsetY * height;
  // colours and opacity sampled at 1024 positions, then looked up per pixel
  const table = new Float64Array(1025 * 4);
  for (let i = 0; i <= 1024; i++) {
    const t = i / 1024;
    for (let c = 0; c < 3; c++) table[i * 4 + c] = along(g.colours, t, (s) => s.rgb[c]!);
    table[i * 4 + 3] = along(g.opacities, t, (s) => s.value) * 255;
  }
  // the hot loop: one table look-up per document pixel
  for (let y = 0, o = 0; y < height; y++) {
    for (let x = 0; x < width; x++, o += 4) {
      const px = x + 0.5 - cx;
      const py = y + 0.5 - cy;
      let t: number;
      if (g.style === "Rdl ") t = Math.hypot(px, py) / span;
      else if (g.style === "Rflc") t = Math.abs(px * dx + py * dy) / (span / 2);
      else t = (px * dx + py * dy) / span + 0.5;
      if (g.reverse) t = 1 - t;
      const i = Math.round(Math.min(1, Math.max(0, t)) * 1024) * 4;
      out[o] = Math.round(table[i]!);
      out[o + 1] = Math.round(table[i + 1]!);
      out[o + 2] = Math.round(table[i + 2]!);
      out[o + 3] = Math.round(table[i + 3]!);
    }
  }
}
