// ThunderScan (compression 32809): 4-bit grey from Thunderware's scanner software, as libtiff reads
// it. Each row is a stream of bytes whose top two bits say what follows: a run of the last pixel
// (the low 6 bits its length), three 2-bit or two 3-bit differences from the last pixel, or one raw
// 4-bit pixel. Each row starts from pixel 0.

const TWO_BIT_DELTAS = [0, 1, 0, -1];
const THREE_BIT_DELTAS = [0, 1, 2, 3, 0, -3, -2, -1];
/** the difference codes that mean "no pixel" */
const SKIP_2 = 2;
const SKIP_3 = 4;

/** Decodes `rows` rows of `width` 4-bit pixels into `out` (packed two a byte, first in the high half). */
export function decodeThunderScan(data: Uint8Array, width: number, rows: number, out: Uint8Array): void {
  const stride = (width + 1) >> 1;
  let at = 0;
  for (let row = 0; row < rows && at < data.length; row++) {
    let last = 0;
    let x = 0;
    const base = row * stride;
    const put = (value: number): void => {
      last = value & 0xf;
      if (x < width) {
        const o = base + (x >> 1);
        out[o] = x & 1 ? (out[o] as number) | last : last << 4;
        x++;
      }
    };
    // every byte read is one step; the row ends when it is full or the data ends
    while (x < width && at < data.length) {
      const n = data[at++] as number;
      switch (n & 0xc0) {
        case 0x00: {
          // the last pixel again, n times. libtiff completes a half-filled byte first, then writes
          // the rest only when it ends before the row's end: a run reaching the end is dropped
          let count = n & 0x3f;
          if (count > 0 && x & 1) {
            put(last);
            count--;
          }
          if (x + count >= width) x = width;
          else for (let k = 0; k < count; k++) put(last);
          break;
        }
        case 0x40:
          for (const shift of [4, 2, 0]) {
            const delta = (n >> shift) & 3;
            if (delta !== SKIP_2) put(last + (TWO_BIT_DELTAS[delta] as number));
          }
          break;
        case 0x80:
          for (const shift of [3, 0]) {
            const delta = (n >> shift) & 7;
            if (delta !== SKIP_3) put(last + (THREE_BIT_DELTAS[delta] as number));
          }
          break;
        default:
          put(n);
      }
    }
  }
}
