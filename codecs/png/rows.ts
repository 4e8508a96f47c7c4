// Turns the inflated stream into pixels as it arrives: the filtered rows of each pass (the whole
// image, or Adam7's seven) come in pieces of any size; each complete row is unfiltered against
// the previous row of its pass and written out as RGBA8. Rows that arrive whole are unfiltered
// straight from the inflater's buffer; a row split between two pieces is gathered first.
import type { Pass } from "./deinterlace.ts";
import type { RowWriter } from "./to-rgba.ts";
import { unfilterRow } from "./unfilter.ts";

export class RowSink {
  private readonly passes: Pass[];
  private readonly width: number;
  private readonly bpp: number;
  private readonly write: RowWriter;
  /** The row being gathered (filter byte first), the current and previous unfiltered rows, and a zero row. */
  private readonly gather: Uint8Array;
  private current: Uint8Array;
  private prior: Uint8Array;
  /** 32-bit views of `current` and `prior`, swapped with them. */
  private currentWords: Uint32Array;
  private priorWords: Uint32Array;
  private readonly zeros: Uint8Array;
  private gathered = 0;
  private pass = 0;
  private row = 0;

  constructor(passes: Pass[], width: number, bpp: number, write: RowWriter) {
    this.passes = passes;
    this.width = width;
    this.bpp = bpp;
    this.write = write;
    const longest = Math.max(...passes.map((p) => p.rowBytes));
    this.gather = new Uint8Array(longest + 1);
    // whole words, so the writer can read the row as 32-bit words
    const size = (longest + 3) & ~3;
    this.current = new Uint8Array(size);
    this.prior = new Uint8Array(size);
    this.currentWords = new Uint32Array(this.current.buffer);
    this.priorWords = new Uint32Array(this.prior.buffer);
    this.zeros = new Uint8Array(longest);
  }

  /** Takes the filtered bytes `bytes[start..stop)`; the inflater never gives more than the passes hold. */
  readonly push = (bytes: Uint8Array, start: number, stop: number): void => {
    while (start < stop) {
      const pass = this.passes[this.pass]!;
      const stride = pass.rowBytes + 1;
      let src = bytes;
      let at = start;
      if (this.gathered === 0 && stop - start >= stride) {
        start += stride;
      } else {
        const n = Math.min(stride - this.gathered, stop - start);
        this.gather.set(bytes.subarray(start, start + n), this.gathered);
        this.gathered += n;
        start += n;
        if (this.gathered < stride) return;
        this.gathered = 0;
        src = this.gather;
        at = 0;
      }
      const out = this.current;
      const words = this.currentWords;
      unfilterRow(src, at, out, pass.rowBytes, this.bpp, this.row === 0 ? this.zeros : this.prior);
      this.write(out, words, pass.width, (pass.y0 + this.row * pass.dy) * this.width + pass.x0, pass.dx);
      this.current = this.prior;
      this.currentWords = this.priorWords;
      this.prior = out;
      this.priorWords = words;
      if (++this.row === pass.height) {
        this.pass += 1;
        this.row = 0;
      }
    }
  };
}
