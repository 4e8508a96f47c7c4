// Bits read most significant first, as MPEG audio side information and AV1 headers store them.
// Reading past the end gives zeros and sets `overrun`: a caller checks it once, after its fields.

export class MsbBitReader {
  private readonly bytes: Uint8Array;
  private position: number;
  overrun = false;

  constructor(bytes: Uint8Array, byteOffset = 0) {
    this.bytes = bytes;
    this.position = byteOffset * 8;
  }

  read(count: number): number {
    let value = 0;
    for (let i = 0; i < count; i++) {
      const byte = this.bytes[this.position >> 3];
      if (byte === undefined) this.overrun = true;
      value = value * 2 + (((byte ?? 0) >> (7 - (this.position & 7))) & 1);
      this.position++;
    }
    return value;
  }

  skip(count: number): void {
    this.position += count;
    if (this.position > this.bytes.byteLength * 8) this.overrun = true;
  }
}
