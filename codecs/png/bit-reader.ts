// Deflate's input side: bytes read lowest bit first (RFC 1951 §3.1.1). The whole input is in
// memory, followed by INFLATE_PADDING zero bytes, so the block decoder's hot loop can refill
// without bounds checks and only compare its read position against the end.
import { PngError } from "./errors.ts";

/** Zero bytes the caller leaves after the compressed data. */
export const INFLATE_PADDING = 16;

export const streamTruncated = () => new PngError("This PNG file is damaged or truncated: its compressed image data ends too early.", "truncated");
export const streamTooLong = () => new PngError("This PNG file is damaged: its compressed image data holds more than the image its header declares.", "corrupt");

/** Input position and bit buffer (the next `count` bits, lowest first) between blocks. */
export class BitReader {
  readonly src: Uint8Array;
  readonly view: DataView;
  /** Length of the real input; src holds INFLATE_PADDING zero bytes more. */
  readonly end: number;
  pos: number;
  bits = 0;
  count = 0;
  /** Set by the block decoder: whether it stopped at the end of the block (else at its output limit). */
  endOfBlock = false;

  constructor(src: Uint8Array, end: number, pos: number) {
    this.src = src;
    this.view = new DataView(src.buffer, src.byteOffset, src.byteLength);
    this.end = end;
    this.pos = pos;
  }

  /** The next `n` (at most 16) bits, not consumed; zeros past the end (see checkEnd). */
  peek(n: number): number {
    while (this.count < n) {
      this.bits |= (this.pos < this.end ? this.src[this.pos]! : 0) << this.count;
      this.pos += 1;
      this.count += 8;
    }
    return this.bits & ((1 << n) - 1);
  }

  skip(n: number): void {
    this.bits >>>= n;
    this.count -= n;
  }

  /** The next `n` (at most 16) bits, consumed. */
  take(n: number): number {
    const value = this.peek(n);
    this.skip(n);
    return value;
  }

  /** Drops the bits up to the next byte boundary and hands the whole bytes back to the input. */
  alignToByte(): void {
    this.pos -= this.count >> 3;
    this.bits = 0;
    this.count = 0;
  }

  /** Throws if more bits were consumed than the input holds. */
  checkEnd(): void {
    if (this.pos * 8 - this.count > this.end * 8) throw streamTruncated();
  }
}
