// Bits read least significant first, as Vorbis packs its headers and audio packets (Vorbis I §2.1.4):
// a byte's bit 0 comes first, and a field's first bit is its lowest. Reading past the end gives zeros
// and sets `overrun`: a caller checks it once, after its fields.

export class LsbBitReader {
  private readonly bytes: Uint8Array;
  private position: number;
  overrun = false;

  constructor(bytes: Uint8Array, byteOffset = 0) {
    this.bytes = bytes;
    this.position = byteOffset * 8;
  }

  /** The next `count` bits (up to 32) as an unsigned number. */
  read(count: number): number {
    let value = 0;
    for (let i = 0, weight = 1; i < count; i++, weight *= 2) {
      const byte = this.bytes[this.position >> 3];
      if (byte === undefined) this.overrun = true;
      value += (((byte ?? 0) >> (this.position & 7)) & 1) * weight;
      this.position++;
    }
    return value;
  }

  skip(count: number): void {
    this.position += count;
    if (this.position > this.bytes.byteLength * 8) this.overrun = true;
  }

  /** Goes to bit `position` of the bytes (byte × 8 + bit, bit 0 the lowest). */
  seek(position: number): void {
    this.position = position;
    if (position > this.bytes.byteLength * 8) this.overrun = true;
  }
}
