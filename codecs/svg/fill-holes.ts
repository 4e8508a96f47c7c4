// Stacked shapes for tracing: a colour's shape is traced with its holes filled wherever the hole
// holds opaque colours, and shapes are drawn largest first. What lies inside a hole is then drawn on
// top of the shape that surrounds it, so every edge is antialiased against its real neighbour
// instead of two edges meeting with a hairline seam between them; side by side, the shape drawn
// first reaches one pixel under the later one for the same reason. Transparent parts of a hole
// (the middle of a ring-shaped logo) stay holes.
import type { IndexedImage } from "./imagetracer.ts";

/** Working memory for one image, reused for every colour. */
export interface HoleFiller {
  width: number;
  height: number;
  /** the palette index of every pixel, row by row */
  colors: Int32Array;
  /** per pixel: 1 outside the shape (reached from the border), then 1 inside the filled shape */
  marks: Uint8Array;
  stack: Int32Array;
}

export function createHoleFiller(indexed: IndexedImage): HoleFiller {
  const height = indexed.array.length - 2;
  const width = (indexed.array[0]?.length ?? 2) - 2;
  const colors = new Int32Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = indexed.array[y + 1]!;
    for (let x = 0; x < width; x++) colors[y * width + x] = row[x + 1]!;
  }
  // a pixel is seeded at most once from the run above it and once from the run below, plus the border seeds
  return { width, height, colors, marks: new Uint8Array(width * height), stack: new Int32Array(2 * width * height + 2 * (width + height)) };
}

/**
 * Writes into `mask` (an indexed image's array, border -1) 1 for the pixels of colour `index`, the
 * opaque pixels it encloses and a one-pixel rim into `drawnLater` colours (opaque ones drawn over
 * it), 0 elsewhere; trace `mask` with colour 1.
 */
export function fillLayerMask(mask: number[][], index: number, opaque: Uint8Array, drawnLater: Uint8Array, filler: HoleFiller): void {
  const { width, height, colors, marks, stack } = filler;
  const last = width * height - 1;
  marks.fill(0);
  // scanline flood fill (4-connected) of everything but the colour, from the border inwards
  let top = 0;
  const seed = (p: number) => {
    if (colors[p] !== index) stack[top++] = p;
  };
  for (let x = 0; x < width; x++) {
    seed(x);
    seed(last - x);
  }
  for (let y = 0; y < height; y++) {
    seed(y * width);
    seed(y * width + width - 1);
  }
  while (top > 0) {
    const p = stack[--top]!;
    if (marks[p] === 1) continue;
    const y = (p / width) | 0;
    const rowStart = y * width;
    const rowEnd = rowStart + width - 1;
    let left = p;
    while (left > rowStart && marks[left - 1] === 0 && colors[left - 1] !== index) left--;
    let right = p;
    while (right < rowEnd && marks[right + 1] === 0 && colors[right + 1] !== index) right++;
    // one seed per run of open pixels above and below
    let upOpen = false;
    let downOpen = false;
    for (let q = left; q <= right; q++) {
      marks[q] = 1;
      if (y > 0) {
        const up = q - width;
        const open = marks[up] === 0 && colors[up] !== index;
        if (open && !upOpen) stack[top++] = up;
        upOpen = open;
      }
      if (y < height - 1) {
        const down = q + width;
        const open = marks[down] === 0 && colors[down] !== index;
        if (open && !downOpen) stack[top++] = down;
        downOpen = open;
      }
    }
  }
  // marks becomes the filled shape: the colour, or an opaque pixel the flood did not reach
  for (let p = 0; p <= last; p++) {
    const value = colors[p]!;
    marks[p] = value === index || (marks[p] === 0 && opaque[value] === 1) ? 1 : 0;
  }
  // grown by one pixel into colours drawn later, so this shape also lies under their antialiased edges
  for (let y = 0; y < height; y++) {
    const target = mask[y + 1]!;
    for (let x = 0, p = y * width; x < width; x++, p++) {
      let inside = marks[p]!;
      if (inside === 0 && drawnLater[colors[p]!] === 1) {
        inside = (x > 0 && marks[p - 1] === 1) || (x < width - 1 && marks[p + 1] === 1) || (y > 0 && marks[p - width] === 1) || (y < height - 1 && marks[p + width] === 1) ? 1 : 0;
      }
      target[x + 1] = inside;
    }
  }
}
