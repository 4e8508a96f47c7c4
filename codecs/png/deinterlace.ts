// The reduced images of a PNG (PNG spec §8.2): the whole image, or Adam7's seven passes, each with
// its own filtered rows. A pass that holds no pixel has no rows (not even filter bytes).

export interface Pass {
  /** First column and row of the full image this pass covers, and its strides. */
  x0: number;
  y0: number;
  dx: number;
  dy: number;
  /** The pass's own size in pixels (both at least 1). */
  width: number;
  height: number;
  /** Bytes of one row without its filter byte. */
  rowBytes: number;
}

// x0, y0, dx, dy of each Adam7 pass
export const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** The non-empty passes of a `width` × `height` image with `bitsPerPixel` bits a pixel. */
export function passes(width: number, height: number, bitsPerPixel: number, interlaced: boolean): Pass[] {
  const layout = interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const);
  const result: Pass[] = [];
  for (const [x0, y0, dx, dy] of layout) {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    if (w > 0 && h > 0) result.push({ x0, y0, dx, dy, width: w, height: h, rowBytes: Math.ceil((w * bitsPerPixel) / 8) });
  }
  return result;
}

/** Bytes of filtered data (rows with their filter bytes) that the passes hold. */
export function filteredSize(list: Pass[]): number {
  return list.reduce((sum, pass) => sum + pass.height * (pass.rowBytes + 1), 0);
}
