// Little-endian bit output for deflate: bits fill each byte from the lowest up (RFC 1951 §3.1.1).

export class BitWriter {
  out: Uint8Array;
  /** Whole bytes written to `out`. */
  at = 0;
  /** Pending bits, lowest first; fewer than 16 between calls. */
  bits = 0;
  count = 0;

  constructor(capacity: number) {
    this.out = new Uint8Array(capacity);
  }

  /** Makes room for `bytes` more bytes (the hot loops write without checking). */
  reserve(bytes: number): void {
    const need = this.at + bytes + 8;
    if (need <= this.out.length) return;
    const grown = new Uint8Array(Math.max(need, this.out.length * 2));
    grown.set(this.out.subarray(0, this.at));
    this.out = grown;
  }

  /** Appends the low `n` (at most 16) bits of `value`. */
  write(value: number, n: number): void {
    this.bits |= value << this.count;
    this.count += n;
    if (this.count >= 16) {
      this.out[this.at] = this.bits;
      this.out[this.at + 1] = this.bits >>> 8;
      this.at += 2;
      this.bits >>>= 16;
      this.count -= 16;
    }
  }

  /** Pads with zero bits to a byte boundary and writes the pending bits out. */
  alignToByte(): void {
    while (this.count > 0) {
      this.out[this.at++] = this.bits;
      this.bits >>>= 8;
      this.count -= 8;
    }
    this.bits = 0;
    this.count = 0;
  }

  /** The whole bytes written so far, handed over (a partial byte stays pending). */
  take(): Uint8Array {
    const bytes = this.out.slice(0, this.at);
    this.at = 0;
    return bytes;
  }
}
