// CIE L*a*b* to sRGB (8-bit), for TIFF's L*a*b* pages. The reference white is D65, as ImageMagick
// converts TIFF L*a*b* (libtiff's RGBA reader does the same by default).
const WHITE = [0.95047, 1, 1.08883] as const;
const EPSILON = 216 / 24389;
const KAPPA = 24389 / 27;

/** sRGB's transfer curve on a linear value, to 0–255. */
function encode(linear: number): number {
  const v = linear <= 0.0031308 ? 12.92 * linear : 1.055 * linear ** (1 / 2.4) - 0.055;
  return v <= 0 ? 0 : v >= 1 ? 255 : Math.round(v * 255);
}

export function labToRgb(l: number, a: number, b: number, out: Uint8Array, o: number): void {
  const fy = (l + 16) / 116;
  const fx = fy + a / 500;
  const fz = fy - b / 200;
  const x = WHITE[0] * (fx ** 3 > EPSILON ? fx ** 3 : (116 * fx - 16) / KAPPA);
  const y = WHITE[1] * (l > KAPPA * EPSILON ? fy ** 3 : l / KAPPA);
  const z = WHITE[2] * (fz ** 3 > EPSILON ? fz ** 3 : (116 * fz - 16) / KAPPA);
  out[o] = encode(3.2404542 * x - 1.5371385 * y - 0.4985314 * z);
  out[o + 1] = encode(-0.969266 * x + 1.8760108 * y + 0.041556 * z);
  out[o + 2] = encode(0.0556434 * x - 0.2040259 * y + 1.0572252 * z);
}
