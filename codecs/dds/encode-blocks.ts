/**
 * Walks an RGBA image in 4x4 blocks for the block encoders. Partial blocks at the right and bottom
 * edges are padded by replicating the last column and row (what Direct3D samplers never see but
 * what keeps the fit of the real pixels undisturbed).
 */
import type { RgbaImage } from "../image/rgba-image.ts";

/** Encodes the 16 pixels of `px` (64 bytes, RGBA, row-major) into out[o..]. */
export type BlockEncoder = (px: Uint8Array, out: Uint8Array, o: number) => void;

const px = new Uint8Array(64);
const px32 = new Uint32Array(px.buffer);

/**
 * Encodes every block of `image` row by row into out[offset..]; returns the offset after the last
 * block. `onBlockRow(pixelsDone)` is told after each row of blocks.
 */
export function encodeBlockSurface(
  image: RgbaImage,
  blockBytes: number,
  encodeBlock: BlockEncoder,
  out: Uint8Array,
  offset: number,
  onBlockRow?: (pixelsDone: number) => void,
): number {
  const { width, height } = image;
  const src32 = wordsOf(image);
  const bw = Math.ceil(width / 4);
  const bh = Math.ceil(height / 4);
  const fullW = width >> 2;
  let o = offset;
  for (let by = 0; by < bh; by++) {
    const y0 = by * 4;
    const fullRows = y0 + 4 <= height;
    for (let bx = 0; bx < bw; bx++, o += blockBytes) {
      const x0 = bx * 4;
      if (fullRows && bx < fullW) {
        for (let y = 0, s = y0 * width + x0; y < 4; y++, s += width) {
          const d = y * 4;
          px32[d] = src32[s]!;
          px32[d + 1] = src32[s + 1]!;
          px32[d + 2] = src32[s + 2]!;
          px32[d + 3] = src32[s + 3]!;
        }
      } else {
        for (let y = 0; y < 4; y++) {
          const row = Math.min(y0 + y, height - 1) * width;
          for (let x = 0; x < 4; x++) px32[y * 4 + x] = src32[row + Math.min(x0 + x, width - 1)]!;
        }
      }
      encodeBlock(px, out, o);
    }
    onBlockRow?.(Math.min(height, y0 + 4) * width);
  }
  return o;
}

/** The pixels as 32-bit words (a view when the bytes are 4-aligned, else an aligned copy). */
function wordsOf(image: RgbaImage): Uint32Array {
  const { data, width, height } = image;
  const n = width * height;
  if ((data.byteOffset & 3) === 0) return new Uint32Array(data.buffer, data.byteOffset, n);
  const copy = new Uint8Array(n * 4);
  copy.set(data.subarray(0, n * 4));
  return new Uint32Array(copy.buffer);
}
