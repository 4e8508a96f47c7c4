// Samples that are not 1, 2, 4, 8 or 16-bit unsigned integers (6, 10, 12, 14, 24 and 32-bit
// integers, signed integers, 16/24/32/64-bit floats) and bit-packed samples in separate planes are
// widened, chunk by chunk, to one 16-bit value a sample ("wide" samples), the form the colour
// conversion reads. Integers are scaled to 0–65535; signed integers are shown as their stored bits,
// as libtiff's RGBA reader shows them (ImageMagick too, but for plain 16-bit grey, which it shifts by
// half the range); floats are read as 0–1 and clamped; palette indexes are kept as they are.
// L*a*b*'s signed a* and b* are shifted by half their range (0 → 128), which the colour conversion expects.
import type { TiffPageInfo } from "./ifd.ts";
import { Photometric } from "./pixels.ts";

/** How one channel's stored values become wide samples. */
export type SampleKind = "unsigned" | "signed" | "float" | "index";

/** Whether the page goes through wide samples (anything but the byte-friendly unsigned depths in one plane). */
export function needsWideSamples(page: TiffPageInfo): boolean {
  const { bitsPerSample: bps, sampleFormat } = page;
  if (isLab(page.photometric)) return true;
  if (sampleFormat === 2 || sampleFormat === 3) return true;
  if (![1, 2, 4, 8, 16].includes(bps)) return true;
  return page.planar === 2 && bps < 8;
}

export function isLab(photometric: number): boolean {
  return photometric === Photometric.CIELab || photometric === Photometric.ICCLab || photometric === Photometric.ITULab;
}

/** Each channel's kind. CIE L*a*b* stores a* and b* as signed numbers whatever SampleFormat says. */
export function sampleKinds(page: TiffPageInfo): SampleKind[] {
  const base: SampleKind = page.sampleFormat === 3 ? "float" : page.photometric === Photometric.Palette ? "index" : "unsigned";
  return Array.from({ length: page.samplesPerPixel }, (_, c) => (page.photometric === Photometric.CIELab && base !== "float" && (c === 1 || c === 2) ? "signed" : base));
}

/** IEEE half float (binary16) to a number. */
function halfToNumber(h: number): number {
  const exponent = (h >> 10) & 0x1f;
  const fraction = h & 0x3ff;
  const sign = h & 0x8000 ? -1 : 1;
  if (exponent === 0) return sign * fraction * 2 ** -24;
  if (exponent === 31) return fraction ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  return sign * (1 + fraction / 1024) * 2 ** (exponent - 15);
}

/** 24-bit float (as some writers use: 1 sign, 7 exponent, 16 fraction bits) to a number. */
function float24ToNumber(v: number): number {
  const exponent = (v >> 16) & 0x7f;
  const fraction = v & 0xffff;
  const sign = v & 0x800000 ? -1 : 1;
  if (exponent === 0) return sign * fraction * 2 ** -78;
  if (exponent === 127) return fraction ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  return sign * (1 + fraction / 65536) * 2 ** (exponent - 63);
}

function floatTo16(v: number): number {
  // NaN and below 0 are black, 1 and above white (as ImageMagick clamps)
  return v > 0 ? (v < 1 ? Math.round(v * 65535) : 65535) : 0;
}

/**
 * Widens one decoded chunk (rows of `cw` pixels of `spp` samples, each row starting on a byte;
 * multi-byte samples already little-endian) into `out` (cw × ch × spp values).
 */
export function widenChunk(chunk: Uint8Array, cw: number, ch: number, spp: number, bps: number, stride: number, kinds: SampleKind[], firstChannel: number, out: Uint16Array): void {
  const count = cw * spp;
  const view = new DataView(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  const valueBits = bps === 64 ? 32 : bps;
  const max = 2 ** valueBits - 1;
  const half = 2 ** (valueBits - 1);
  const scale = 65535 / max;
  for (let y = 0; y < ch; y++) {
    const row = y * stride;
    let o = y * count;
    // bit position in the row, for depths that are not whole bytes (an MSB-first bit stream)
    let bit = 0;
    for (let i = 0; i < count; i++, o++) {
      const kind = kinds[firstChannel + (i % spp)] ?? "unsigned";
      let value: number;
      // hot loop: one read a sample; whole-byte depths read bytes, the others gather their bits
      if (kind === "float") {
        const at = row + i * (bps / 8);
        if (at + bps / 8 > chunk.length) break;
        const f = bps === 32 ? view.getFloat32(at, true) : bps === 64 ? view.getFloat64(at, true) : bps === 16 ? halfToNumber(view.getUint16(at, true)) : float24ToNumber(view.getUint16(at, true) | (view.getUint8(at + 2) << 16));
        out[o] = floatTo16(f);
        continue;
      }
      if (bps === 8) value = chunk[row + i] ?? 0;
      else if (bps === 16) value = row + i * 2 + 1 < chunk.length ? view.getUint16(row + i * 2, true) : 0;
      else if (bps === 32) value = row + i * 4 + 3 < chunk.length ? view.getUint32(row + i * 4, true) : 0;
      else if (bps === 64) {
        // the high half is all that shows at 16 bits (its scale below is 2^32 − 1)
        value = row + i * 8 + 7 < chunk.length ? view.getUint32(row + i * 8 + 4, true) : 0;
      }
      else if (bps === 24) {
        const at = row + i * 3;
        value = at + 2 < chunk.length ? (chunk[at] as number) | ((chunk[at + 1] as number) << 8) | ((chunk[at + 2] as number) << 16) : 0;
      } else {
        value = 0;
        for (let k = 0; k < bps; k++, bit++) {
          const byte = chunk[row + (bit >> 3)] ?? 0;
          value = value * 2 + ((byte >> (7 - (bit & 7))) & 1);
        }
      }
      if (kind === "index") {
        out[o] = value;
        continue;
      }
      if (kind === "signed") value = value >= half ? value - half : value + half;
      out[o] = bps === 16 ? value : Math.round(value * scale);
    }
  }
}

/** Copies a widened chunk into the page's wide samples (interleaving a plane, clipping tiles). */
export function placeWide(chunk: Uint16Array, cw: number, ch: number, chunkSpp: number, page: TiffPageInfo, x0: number, y0: number, plane: number, out: Uint16Array): void {
  const spp = page.samplesPerPixel;
  const rows = Math.min(ch, page.height - y0);
  const columns = Math.min(cw, page.width - x0);
  for (let y = 0; y < rows; y++) {
    let from = y * cw * chunkSpp;
    let to = ((y0 + y) * page.width + x0) * spp + plane;
    if (chunkSpp === spp) {
      out.set(chunk.subarray(from, from + columns * spp), to);
      continue;
    }
    for (let x = 0; x < columns; x++, from += chunkSpp, to += spp) out[to] = chunk[from] as number;
  }
}
