// Decoded TIFF samples (rows of `samplesPerPixel` samples of `bitsPerSample` bits, 16- and 32-bit
// values already little-endian) to 8-bit RGBA: bilevel, grey, palette, RGB and CMYK, with or
// without alpha (associated alpha is un-premultiplied).
import { TiffError } from "./errors.ts";
import type { YCbCrInfo } from "./ifd.ts";
import { labToRgb } from "./lab.ts";

export const Photometric = { WhiteIsZero: 0, BlackIsZero: 1, RGB: 2, Palette: 3, Mask: 4, CMYK: 5, YCbCr: 6, CIELab: 8, ICCLab: 9, ITULab: 10 } as const;

const PHOTOMETRIC_NAMES: Record<number, string> = {
  4: "transparency mask",
  32803: "colour filter array (camera raw)",
  32844: "LogL",
  32845: "LogLuv",
  34892: "linear raw",
};

export interface SampleLayout {
  width: number;
  height: number;
  bitsPerSample: number;
  samplesPerPixel: number;
  /** 0, 1, 2, 3, 5, 6 (YCbCr at full resolution; JPEG's arrives here as RGB), 8, 9 or 10 (L*a*b*) */
  photometric: number;
  sampleFormat: number;
  extraSamples: number[];
  inkSet: number;
  colorMap: Uint16Array | null;
  /** palette entries the colour map holds (2 to the stored depth); defaults to 2 to bitsPerSample */
  paletteEntries?: number;
  /** for YCbCr: the coefficients and reference black and white */
  ycbcr?: YCbCrInfo;
}

/** Bytes in one row of chunky (interleaved) samples. */
export function rowBytes(width: number, samplesPerPixel: number, bitsPerSample: number): number {
  return Math.ceil((width * samplesPerPixel * bitsPerSample) / 8);
}

/** What the converter refuses, with a message that names it; undefined when supported. */
export function unsupportedSamples(layout: SampleLayout): string | undefined {
  const { photometric: pi, bitsPerSample: bps, samplesPerPixel: spp, sampleFormat } = layout;
  if (PHOTOMETRIC_NAMES[pi] !== undefined) return `its colour model (${PHOTOMETRIC_NAMES[pi]}) is not supported`;
  if (![0, 1, 2, 3, 5, 6, 8, 9, 10].includes(pi)) return `its colour model (PhotometricInterpretation ${pi}) is unknown`;
  if (sampleFormat === 3) {
    if (bps !== 32) return `its ${bps}-bit floating-point samples are not supported`;
    if (pi === Photometric.Palette) return "a palette image with floating-point samples is not valid";
  } else if (sampleFormat !== 1 && sampleFormat !== 4) {
    return `its sample format (${sampleFormat}) is unknown`;
  } else if (![1, 2, 4, 8, 16].includes(bps)) {
    return `its ${bps}-bit samples are not supported`;
  }
  if ((pi === Photometric.RGB || pi === Photometric.YCbCr) && spp < 3) return `a colour image needs 3 samples per pixel, this one has ${spp}`;
  if (pi === Photometric.CMYK) {
    if (layout.inkSet !== 1) return "its inks are not CMYK";
    if (spp < 4) return `a CMYK image needs 4 samples per pixel, this one has ${spp}`;
  }
  if (pi === Photometric.Palette) {
    const entries = layout.paletteEntries ?? 1 << bps;
    if (!layout.colorMap || layout.colorMap.length < 3 * entries) return "its colour palette is missing or too short";
  }
  return undefined;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** 16-bit to 8-bit as ImageMagick rounds it (ScaleQuantumToChar). */
function to8(value16: number): number {
  const v = value16 + 128;
  return (v - (v >> 8)) >> 8;
}

/** For 1-, 2- and 4-bit samples: each byte's samples, scaled to 8 bits (8 / bps entries a byte). */
const SMALL_SAMPLE_TABLES = new Map<number, Uint8Array>();
function smallSampleTable(bps: number): Uint8Array {
  let table = SMALL_SAMPLE_TABLES.get(bps);
  if (!table) {
    const perByte = 8 / bps;
    const max = (1 << bps) - 1;
    table = new Uint8Array(256 * perByte);
    for (let byte = 0; byte < 256; byte++) {
      for (let k = 0; k < perByte; k++) table[byte * perByte + k] = Math.round((((byte >> (8 - bps * (k + 1))) & max) * 255) / max);
    }
    SMALL_SAMPLE_TABLES.set(bps, table);
  }
  return table;
}

/** Reads `count` samples of one row as 8-bit values (scaled) into `out`. */
function readRow8(raw: Uint8Array, offset: number, count: number, bps: number, float: boolean, out: Uint8Array): void {
  if (bps === 8) {
    out.set(raw.subarray(offset, offset + count));
  } else if (bps === 16) {
    for (let i = 0, o = offset; i < count; i++, o += 2) out[i] = to8((raw[o] as number) | ((raw[o + 1] as number) << 8));
  } else if (bps === 32 && float) {
    const view = new DataView(raw.buffer, raw.byteOffset + offset, count * 4);
    for (let i = 0; i < count; i++) {
      const v = view.getFloat32(i * 4, true);
      out[i] = v > 0 ? (v < 1 ? Math.round(v * 255) : 255) : 0;
    }
  } else {
    const perByte = 8 / bps;
    const table = smallSampleTable(bps);
    const whole = Math.floor(count / perByte);
    for (let b = 0, i = 0; b < whole; b++) {
      const at = (raw[offset + b] as number) * perByte;
      for (let k = 0; k < perByte; k++) out[i++] = table[at + k] as number;
    }
    const rest = count - whole * perByte;
    if (rest > 0) {
      const at = (raw[offset + whole] as number) * perByte;
      for (let k = 0; k < rest; k++) out[whole * perByte + k] = table[at + k] as number;
    }
  }
}

/** Reads `count` raw sample values (palette indexes) of one row. */
function readRowIndexes(raw: Uint8Array, offset: number, count: number, bps: number, out: Uint16Array): void {
  if (bps === 16) {
    for (let i = 0, o = offset; i < count; i++, o += 2) out[i] = (raw[o] as number) | ((raw[o + 1] as number) << 8);
    return;
  }
  if (bps === 8) {
    for (let i = 0; i < count; i++) out[i] = raw[offset + i] as number;
    return;
  }
  const max = (1 << bps) - 1;
  const perByte = 8 / bps;
  for (let i = 0; i < count; i++) {
    const byte = raw[offset + Math.floor(i / perByte)] as number;
    out[i] = (byte >> (8 - bps * ((i % perByte) + 1))) & max;
  }
}

/** Converts decoded samples to RGBA8 (rows top to bottom, straight alpha). */
export function samplesToRgba(raw: Uint8Array, layout: SampleLayout): Uint8Array {
  const reason = unsupportedSamples(layout);
  if (reason) throw new TiffError(`This TIFF file cannot be converted: ${reason}.`, "unsupported");
  const { width, height, bitsPerSample: bps, samplesPerPixel: spp, photometric: pi } = layout;
  const float = layout.sampleFormat === 3;
  const stride = rowBytes(width, spp, bps);
  const lab = pi === Photometric.CIELab || pi === Photometric.ICCLab || pi === Photometric.ITULab;
  // L*a*b* with fewer than 3 samples is L* alone (grey)
  const colourSamples = pi === Photometric.CMYK ? 4 : pi === Photometric.WhiteIsZero || pi === Photometric.BlackIsZero || pi === Photometric.Palette || (lab && spp < 3) ? 1 : 3;
  // without an ExtraSamples tag the sample after the colours is still alpha (unassociated), as
  // ImageMagick and Pillow read such files; one marked "unspecified" (0) after three or more colours
  // is read as associated alpha, as libtiff's RGBA reader (and so ImageMagick) does, and is ignored
  // after grey, as TIFF 6.0 says
  const declared = layout.extraSamples[0] ?? 2;
  // libtiff's RGBA reader takes alpha after grey only when a pixel has just the two samples
  const greyPage = pi === Photometric.WhiteIsZero || pi === Photometric.BlackIsZero;
  const alphaKind = spp > colourSamples && !(greyPage && spp > 2) ? (declared === 0 && colourSamples >= 3 && spp > 3 ? 1 : declared) : 0;
  const hasAlpha = alphaKind === 1 || alphaKind === 2;
  const premultiplied = alphaKind === 1 && pi !== Photometric.CMYK;
  const out = new Uint8Array(width * height * 4);
  const count = width * spp;

  if (pi === Photometric.Palette) {
    const map = layout.colorMap as Uint16Array;
    const entries = layout.paletteEntries ?? 1 << bps;
    const lut = new Uint8Array(entries * 3);
    // some writers store 8-bit values in the 16-bit colour map: libtiff reads a map with no value
    // above 255 that way, and so do we
    const eightBit = map.subarray(0, 3 * entries).every((v) => v < 256);
    const scale = (v: number): number => (eightBit ? v : to8(v));
    for (let i = 0; i < entries; i++) {
      lut[i * 3] = scale(map[i] as number);
      lut[i * 3 + 1] = scale(map[entries + i] as number);
      lut[i * 3 + 2] = scale(map[2 * entries + i] as number);
    }
    const indexes = new Uint16Array(count);
    const alpha = hasAlpha ? new Uint8Array(count) : null;
    for (let y = 0; y < height; y++) {
      readRowIndexes(raw, y * stride, count, bps, indexes);
      if (alpha) readRow8(raw, y * stride, count, bps, false, alpha);
      let o = y * width * 4;
      for (let x = 0; x < width; x++, o += 4) {
        // an index past the palette's end shows its last colour
        const index = Math.min(indexes[x * spp] as number, entries - 1) * 3;
        out[o] = lut[index] as number;
        out[o + 1] = lut[index + 1] as number;
        out[o + 2] = lut[index + 2] as number;
        out[o + 3] = alpha ? (alpha[x * spp + 1] as number) : 255;
      }
    }
    return out;
  }

  const row = new Uint8Array(count);
  const words = LITTLE_ENDIAN ? new Uint32Array(out.buffer) : null;
  for (let y = 0; y < height; y++) {
    readRow8(raw, y * stride, count, bps, float, row);
    let o = y * width * 4;
    let s = 0;
    if ((pi === Photometric.WhiteIsZero || pi === Photometric.BlackIsZero) && words) {
      // one 32-bit write a pixel (little-endian RGBA): grey is the commonest page of a scan
      const invert = pi === Photometric.WhiteIsZero ? 255 : 0;
      let p = y * width;
      for (let x = 0; x < width; x++, p++, s += spp) {
        const grey = invert ^ (row[s] as number);
        const alpha = hasAlpha ? (row[s + 1] as number) : 255;
        words[p] = ((alpha << 24) | (grey << 16) | (grey << 8) | grey) >>> 0;
      }
    } else if (pi === Photometric.WhiteIsZero || pi === Photometric.BlackIsZero) {
      const invert = pi === Photometric.WhiteIsZero;
      for (let x = 0; x < width; x++, o += 4, s += spp) {
        const grey = invert ? 255 - (row[s] as number) : (row[s] as number);
        out[o] = grey;
        out[o + 1] = grey;
        out[o + 2] = grey;
        out[o + 3] = hasAlpha ? (row[s + 1] as number) : 255;
      }
    } else if (pi === Photometric.RGB) {
      for (let x = 0; x < width; x++, o += 4, s += spp) {
        out[o] = row[s] as number;
        out[o + 1] = row[s + 1] as number;
        out[o + 2] = row[s + 2] as number;
        out[o + 3] = hasAlpha ? (row[s + 3] as number) : 255;
      }
    } else if (pi === Photometric.YCbCr) {
      const toRgb = ycbcrConverter(layout.ycbcr);
      for (let x = 0; x < width; x++, o += 4, s += spp) {
        toRgb(row[s] as number, row[s + 1] as number, row[s + 2] as number, out, o);
        out[o + 3] = hasAlpha ? (row[s + 3] as number) : 255;
      }
    } else if (lab) {
      const itu = pi === Photometric.ITULab;
      for (let x = 0; x < width; x++, o += 4, s += spp) {
        // wide samples arrive offset-binary: a* and b* are 128 at zero (ITU: its own ranges)
        const l = ((row[s] as number) * 100) / 255;
        const a = colourSamples === 1 ? 0 : itu ? -85 + ((row[s + 1] as number) * 170) / 255 : (row[s + 1] as number) - 128;
        const b = colourSamples === 1 ? 0 : itu ? -75 + ((row[s + 2] as number) * 200) / 255 : (row[s + 2] as number) - 128;
        labToRgb(l, a, b, out, o);
        out[o + 3] = hasAlpha ? (row[s + colourSamples] as number) : 255;
      }
    } else {
      // CMYK: each colour is what the cyan/magenta/yellow ink and the black leave of white. An
      // extra sample is not applied: libtiff's RGBA reader and ImageMagick both show CMYK opaque
      for (let x = 0; x < width; x++, o += 4, s += spp) {
        const k = 255 - (row[s + 3] as number);
        out[o] = Math.round(((255 - (row[s] as number)) * k) / 255);
        out[o + 1] = Math.round(((255 - (row[s + 1] as number)) * k) / 255);
        out[o + 2] = Math.round(((255 - (row[s + 2] as number)) * k) / 255);
        out[o + 3] = 255;
      }
    }
  }
  if (premultiplied) unpremultiply(out);
  return out;
}

function unpremultiply(rgba: Uint8Array): void {
  for (let o = 0; o < rgba.length; o += 4) {
    const a = rgba[o + 3] as number;
    if (a === 255 || a === 0) continue;
    for (let c = 0; c < 3; c++) rgba[o + c] = Math.min(255, Math.round(((rgba[o + c] as number) * 255) / a));
  }
}

function clamp(v: number): number {
  return v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
}

/** YCbCr to RGB as TIFF 6.0 section 21 (and libtiff) define it, with the file's coefficients and reference black and white. */
function ycbcrConverter(info: YCbCrInfo | undefined): (y: number, cb: number, cr: number, out: Uint8Array, o: number) => void {
  const [lr, lg, lb] = info?.coefficients ?? [0.299, 0.587, 0.114];
  const [yBlack, yWhite, cbBlack, cbWhite, crBlack, crWhite] = info?.referenceBlackWhite ?? [0, 255, 128, 255, 128, 255];
  const yScale = 255 / (yWhite - yBlack);
  const cbScale = 127 / (cbWhite - cbBlack);
  const crScale = 127 / (crWhite - crBlack);
  return (y, cb, cr, out, o) => {
    const luma = (y - yBlack) * yScale;
    const blue = (cb - cbBlack) * cbScale;
    const red = (cr - crBlack) * crScale;
    const r = luma + red * (2 - 2 * lr);
    const b = luma + blue * (2 - 2 * lb);
    out[o] = clamp(r);
    out[o + 1] = clamp((luma - lb * b - lr * r) / lg);
    out[o + 2] = clamp(b);
  };
}
