// A PNG's pixel density from its pHYs chunk (PNG spec §11.3.5.3), which must come before the image
// data: read from the chunk headers alone, without checking CRCs or inflating anything.

const PHYS = 0x70485973;
const IDAT = 0x49444154;
const INCH_PER_METRE = 0.0254;

/** Pixels per inch, or null when there is no pHYs chunk or it gives only an aspect ratio (unit 0). */
export function pngDensity(bytes: Uint8Array): { x: number; y: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 8;
  while (at + 8 <= bytes.length) {
    const length = view.getUint32(at);
    const type = view.getUint32(at + 4);
    if (type === IDAT) return null;
    if (type === PHYS) {
      if (length !== 9 || at + 17 > bytes.length) return null;
      const x = view.getUint32(at + 8);
      const y = view.getUint32(at + 12);
      if (bytes[at + 16] !== 1 || x === 0 || y === 0) return null;
      return { x: x * INCH_PER_METRE, y: y * INCH_PER_METRE };
    }
    at += 12 + length;
  }
  return null;
}
