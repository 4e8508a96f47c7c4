// A PSB/PSD image's colour channels (one colour mode) to RGBA, without colour profiles: RGB and
// Grayscale as stored; Duotone as its grey channel; Bitmap 1 = black; Indexed through the palette;
// CMYK with the plain formula R = (1 − C)(1 − K) (Photoshop stores CMYK inverted: 255 is no ink),
// as ImageMagick and Pillow convert without a profile; Lab (D50) through XYZ to sRGB.
import { PsbError } from "./errors.ts";
import { unmatteFromWhite } from "./matte.ts";
import type { Plane } from "./planes.ts";
import { ColorMode, colorModeName } from "./structure.ts";

/** How many colour channels a mode has (the channels after them are alpha or spot channels). */
export function colourChannelCount(mode: number, channels: number): number {
  switch (mode) {
    case ColorMode.RGB:
    case ColorMode.Lab:
      return 3;
    case ColorMode.CMYK:
      return 4;
    case ColorMode.Multichannel:
      return channels;
    default:
      return 1;
  }
}

/** Whether the mode can be shown here (Multichannel only with a single channel, which is grey). */
export function checkModeSupported(mode: number, colourChannels: number, format: string): void {
  const known: number[] = [ColorMode.Bitmap, ColorMode.Grayscale, ColorMode.Indexed, ColorMode.RGB, ColorMode.CMYK, ColorMode.Duotone, ColorMode.Lab];
  if (mode === ColorMode.Multichannel && colourChannels === 1) return;
  if (!known.includes(mode) && colorModeName(mode).startsWith("colour mode")) {
    // not one of Photoshop's modes at all: a damaged header, not an unsupported mode
    throw new PsbError(`This ${format} file is corrupt: its header names a colour mode that does not exist.`, "corrupt");
  }
  if (!known.includes(mode)) {
    const detail = mode === ColorMode.Multichannel ? ` with ${colourChannels} channels, each shown as its own ink, which this tool cannot mix` : "";
    throw new PsbError(`This ${format} file uses the ${colorModeName(mode)} colour mode${detail}; this tool converts RGB, CMYK, Grayscale, Duotone, Lab, Indexed and Bitmap files.`, "unsupported");
  }
}

// pixels converted at a time: a 16-bit document is reduced to 8 bits chunk by chunk, so no
// 16-bit RGBA copy of the whole image is ever held
const CHUNK = 1 << 16;

/**
 * Colour planes (+ optional alpha plane) to 8-bit RGBA; `palette` is the indexed mode's 768 bytes
 * (all reds, greens, blues); `unmatte` undoes Photoshop's white matte at the planes' depth.
 */
export function planesToRgba(mode: number, colour: Plane[], alpha: Plane | null, count: number, palette: Uint8Array | null, unmatte = false): Uint8Array {
  if (mode === ColorMode.Indexed && (!palette || palette.length < 768)) throw new PsbError("This indexed-colour Photoshop file has no colour palette.", "corrupt");
  const max = colour[0]!.max === 0xffff ? 0xffff : 0xff;
  const out = new Uint8Array(count * 4);
  const wide = max === 0xffff ? new Uint16Array(CHUNK * 4) : null;
  for (let start = 0; start < count; start += CHUNK) {
    const end = Math.min(count, start + CHUNK);
    const target = wide ? wide.subarray(0, (end - start) * 4) : out.subarray(start * 4, end * 4);
    fillRange(mode, colour, alpha, start, end, target, max, palette);
    if (unmatte) unmatteFromWhite(target, max);
    if (wide) {
      // 16 to 8 bits, rounding as ImageMagick does (ScaleQuantumToChar)
      for (let i = 0, o = start * 4; i < target.length; i++, o++) {
        const v = target[i]! + 128;
        out[o] = (v - (v >> 8)) >> 8;
      }
    }
  }
  return out;
}

/** Pixels [start, end) of the planes into `out` (RGBA at the planes' scale `max`, from its index 0). */
function fillRange(mode: number, colour: Plane[], alpha: Plane | null, start: number, end: number, out: Uint8Array | Uint16Array, max: number, palette: Uint8Array | null): void {
  const c0 = colour[0]!.data;
  // the hot loops below run once per pixel; each mode has its own so the branch is taken once
  switch (mode) {
    case ColorMode.RGB: {
      const g = colour[1]!.data;
      const b = colour[2]!.data;
      for (let i = start, o = 0; i < end; i++, o += 4) {
        out[o] = c0[i]!;
        out[o + 1] = g[i]!;
        out[o + 2] = b[i]!;
      }
      break;
    }
    case ColorMode.Bitmap:
      for (let i = start, o = 0; i < end; i++, o += 4) {
        const v = c0[i] ? 0 : 255;
        out[o] = v;
        out[o + 1] = v;
        out[o + 2] = v;
      }
      break;
    case ColorMode.Indexed: {
      if (!palette || palette.length < 768) throw new PsbError("This indexed-colour Photoshop file has no colour palette.", "corrupt");
      for (let i = start, o = 0; i < end; i++, o += 4) {
        const index = c0[i]!;
        out[o] = palette[index]!;
        out[o + 1] = palette[256 + index]!;
        out[o + 2] = palette[512 + index]!;
      }
      break;
    }
    case ColorMode.CMYK: {
      const m = colour[1]!.data;
      const y = colour[2]!.data;
      const k = colour[3]!.data;
      for (let i = start, o = 0; i < end; i++, o += 4) {
        // stored values are 1 − ink: R = (1 − C)(1 − K) = c · k
        const kk = k[i]!;
        out[o] = Math.round((c0[i]! * kk) / max);
        out[o + 1] = Math.round((m[i]! * kk) / max);
        out[o + 2] = Math.round((y[i]! * kk) / max);
      }
      break;
    }
    case ColorMode.Lab:
      labToRgb(c0, colour[1]!.data, colour[2]!.data, out, start, end, max);
      break;
    default:
      // Grayscale, Duotone (its grey channel) and single-channel Multichannel
      for (let i = start, o = 0; i < end; i++, o += 4) {
        const v = c0[i]!;
        out[o] = v;
        out[o + 1] = v;
        out[o + 2] = v;
      }
  }
  if (alpha) {
    const a = alpha.data;
    const scale = max / alpha.max;
    for (let i = start, o = 3; i < end; i++, o += 4) out[o] = a[i]! * scale;
  } else {
    for (let o = 3; o < out.length; o += 4) out[o] = max;
  }
}

// D50 white (Photoshop's Lab) and the Bradford-adapted XYZ (D50) to linear sRGB matrix
const WHITE = [0.9642, 1, 0.8249];
const XYZ_TO_RGB = [3.1338561, -1.6168667, -0.4906146, -0.9787684, 1.9161415, 0.033454, 0.0719453, -0.2289914, 1.4052427];

/** The inverse of CIE Lab's f(). */
function finv(t: number): number {
  return t > 6 / 29 ? t * t * t : 3 * (6 / 29) ** 2 * (t - 4 / 29);
}

function labToRgb(L: ArrayLike<number>, A: ArrayLike<number>, B: ArrayLike<number>, out: Uint8Array | Uint16Array, start: number, end: number, max: number): void {
  // 8-bit: L 0..255 → 0..100, a/b 0..255 → −128..127; 16-bit: the same at 256 times the scale
  const ab = max === 0xffff ? 256 : 1;
  const encode = (v: number) => {
    const c = v <= 0 ? 0 : v >= 1 ? 1 : v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055;
    return Math.round(c * max);
  };
  for (let i = start, o = 0; i < end; i++, o += 4) {
    const l = (L[i]! / max) * 100;
    const a = A[i]! / ab - 128;
    const b = B[i]! / ab - 128;
    const fy = (l + 16) / 116;
    const x = WHITE[0]! * finv(fy + a / 500);
    const y = WHITE[1]! * finv(fy);
    const z = WHITE[2]! * finv(fy - b / 200);
    out[o] = encode(XYZ_TO_RGB[0]! * x + XYZ_TO_RGB[1]! * y + XYZ_TO_RGB[2]! * z);
    out[o + 1] = encode(XYZ_TO_RGB[3]! * x + XYZ_TO_RGB[4]! * y + XYZ_TO_RGB[5]! * z);
    out[o + 2] = encode(XYZ_TO_RGB[6]! * x + XYZ_TO_RGB[7]! * y + XYZ_TO_RGB[8]! * z);
  }
}
