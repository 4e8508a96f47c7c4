// WCAG 2.x contrast between two sRGB colours written as #rrggbb: relative luminance of each
// (https://www.w3.org/TR/WCAG22/#dfn-relative-luminance) and the ratio (L1 + 0.05) / (L2 + 0.05).

/** WCAG AA for normal-size text (success criterion 1.4.3). */
export const AA_TEXT_RATIO = 4.5;

export type Rgb = readonly [number, number, number];

const HEX = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;

/** #rrggbb → [r, g, b] in 0..255, or null when it is not that shape. */
export function parseHex(hex: string): Rgb | null {
  const m = HEX.exec(hex);
  return m ? [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)] : null;
}

/** [r, g, b] (rounded and clamped to 0..255) → #rrggbb, lower case. */
export function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.min(255, Math.max(0, Math.round(c))).toString(16).padStart(2, "0")).join("")}`;
}

/** One sRGB channel (0..255) in linear light. */
function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(rgb: Rgb): number {
  return 0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2]);
}

function rgbOf(hex: string): Rgb {
  const rgb = parseHex(hex);
  if (!rgb) throw new Error(`not a #rrggbb colour: ${hex}`);
  return rgb;
}

/** The contrast ratio of two #rrggbb colours, 1 to 21, whichever is lighter. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(rgbOf(a));
  const lb = relativeLuminance(rgbOf(b));
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * A ratio as people read it ("4.48", "21"): two decimals, but never rounded up to a threshold it
 * misses (4.497 is "4.49", not "4.5", when 4.5 is needed).
 */
export function formatRatio(ratio: number, threshold = AA_TEXT_RATIO): string {
  let shown = Math.round(ratio * 100) / 100;
  if (ratio < threshold && shown >= threshold) shown = Math.floor(ratio * 100) / 100;
  return String(shown);
}

/** a mixed `amount` (0..1) of the way from `from` to `to`, in sRGB */
export function mix(from: string, to: string, amount: number): string {
  const a = rgbOf(from);
  const b = rgbOf(to);
  const at = (i: 0 | 1 | 2) => a[i] + (b[i] - a[i]) * amount;
  return toHex([at(0), at(1), at(2)]);
}
