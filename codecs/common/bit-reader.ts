// Bit readers over bytes, in the two orders formats pack their fields:
// - most significant first (MsbBitReader): MPEG audio side information, AV1 headers;
// - least significant first (LsbBitReader): Vorbis headers and packets (Vorbis I §2.1.4), where a
//   byte's bit 0 comes first and a field's first bit is its lowest.
// Reading past the end gives zeros and sets `overrun`: a caller checks it once, after its fields.

abstract class BitReader {
  protected readonly bytes: Uint8Array;
  protected position: number;
  overrun = false;

  constructor(bytes: Uint8Array, byteOffset = 0) {
    this.bytes = bytes;
    this.position = byteOffset * 8;
  }

  /** The next `count` bits (up to 32) as an unsigned number, in this reader's order. */
  abstract read(count: number): number;

  skip(count: number): void {
    this.seek(this.position + count);
  }

  /** Goes to bit `position` of the bytes (byte × 8 + bit, bit 0 the first read of its byte). */
  seek(position: number): void {
    this.position = position;
    if (position > this.bytes.byteLength * 8) this.overrun = true;
  }

  /** The byte under the position; 0 past the end (and `overrun` set). */
  protected byte(): number {
    const byte = this.bytes[this.position >> 3];
    if (byte === undefined) this.overrun = true;
    return byte ?? 0;
  }
}

export class MsbBitReader extends BitReader {
  read(count: number): number {
    let value = 0;
    for (let i = 0; i < count; i++, this.position++) value = value * 2 + ((this.byte() >> (7 - (this.position & 7))) & 1);
    return value;
  }
}

export class LsbBitReader extends BitReader {
  read(count: number): number {
    let value = 0;
    for (let i = 0, weight = 1; i < count; i++, weight *= 2, this.position++) value += ((this.byte() >> (this.position & 7)) & 1) * weight;
    return value;
  }
}
