// Uncompressed (or LZW, Deflate...) YCbCr with subsampled colour (TIFF 6.0 section 21): each
// chunk holds "data units" of h × v luma samples followed by one Cb and one Cr. Expanded here to
// full-resolution Y, Cb, Cr triples, each chroma pair repeated over its block (as libtiff does,
// whatever YCbCrPositioning says); the conversion to RGB follows in ./pixels.ts.

/** Bytes of a chunk of cw × ch pixels in h × v data units (8-bit samples). */
export function subsampledSize(cw: number, ch: number, [h, v]: [number, number]): number {
  return Math.ceil(cw / h) * Math.ceil(ch / v) * (h * v + 2);
}

export function expandSubsampled(chunk: Uint8Array, cw: number, ch: number, [h, v]: [number, number]): Uint8Array {
  const out = new Uint8Array(cw * ch * 3);
  const across = Math.ceil(cw / h);
  const down = Math.ceil(ch / v);
  let i = 0;
  // hot loop: one data unit at a time, its luma placed first, then its chroma spread over it
  for (let by = 0; by < down; by++) {
    for (let bx = 0; bx < across; bx++) {
      const lumaAt = i;
      i += h * v;
      const cb = chunk[i++] ?? 128;
      const cr = chunk[i++] ?? 128;
      for (let dy = 0; dy < v; dy++) {
        const y = by * v + dy;
        if (y >= ch) break;
        for (let dx = 0; dx < h; dx++) {
          const x = bx * h + dx;
          if (x >= cw) break;
          const o = (y * cw + x) * 3;
          out[o] = chunk[lumaAt + dy * h + dx] ?? 0;
          out[o + 1] = cb;
          out[o + 2] = cr;
        }
      }
    }
  }
  return out;
}
