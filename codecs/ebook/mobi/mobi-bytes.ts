// Byte helpers shared by the MOBI/KF8 writers: a growable big-endian buffer and the format's
// variable-width integers (7 bits a byte, big-endian, one byte flagged with the high bit).

/** The value the MOBI headers and indexes use for "no such record". */
export const NULL_INDEX = 0xffffffff;

const encoder = new TextEncoder();
export const utf8 = (text: string): Uint8Array => encoder.encode(text);

/** A big-endian byte buffer that grows as it is written. */
export class ByteWriter {
  private bytes: Uint8Array;
  private view: DataView;
  length = 0;

  constructor(capacity = 256) {
    this.bytes = new Uint8Array(Math.max(16, capacity));
    this.view = new DataView(this.bytes.buffer);
  }

  private room(extra: number): void {
    if (this.length + extra <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.length + extra) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
    this.view = new DataView(grown.buffer);
  }

  u8(value: number): this {
    this.room(1);
    this.bytes[this.length++] = value & 0xff;
    return this;
  }

  u16(value: number): this {
    this.room(2);
    this.view.setUint16(this.length, value & 0xffff);
    this.length += 2;
    return this;
  }

  u32(value: number): this {
    this.room(4);
    this.view.setUint32(this.length, value >>> 0);
    this.length += 4;
    return this;
  }

  bytesOf(data: Uint8Array | readonly number[]): this {
    this.room(data.length);
    this.bytes.set(data, this.length);
    this.length += data.length;
    return this;
  }

  /** `text` as UTF-8. */
  text(text: string): this {
    this.room(text.length * 3);
    const { written } = encoder.encodeInto(text, this.bytes.subarray(this.length));
    this.length += written;
    return this;
  }

  ascii(text: string): this {
    for (let i = 0; i < text.length; i++) this.u8(text.charCodeAt(i));
    return this;
  }

  zeros(count: number): this {
    this.room(count);
    this.bytes.fill(0, this.length, this.length + count);
    this.length += count;
    return this;
  }

  fill(count: number, value: number): this {
    this.room(count);
    this.bytes.fill(value, this.length, this.length + count);
    this.length += count;
    return this;
  }

  /** Pads with zeros to a multiple of `multiple` bytes. */
  align(multiple = 4): this {
    const extra = this.length % multiple;
    return extra === 0 ? this : this.zeros(multiple - extra);
  }

  /** Overwrites a 32-bit value already written at `offset`. */
  setU32(offset: number, value: number): this {
    this.view.setUint32(offset, value >>> 0);
    return this;
  }

  setU16(offset: number, value: number): this {
    this.view.setUint16(offset, value & 0xffff);
    return this;
  }

  result(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

function sevenBitGroups(value: number): number[] {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Cannot encode ${value} as a variable-width integer`);
  const groups: number[] = [];
  let rest = value;
  do {
    groups.unshift(rest % 128);
    rest = Math.floor(rest / 128);
  } while (rest > 0);
  return groups;
}

/** Forward-encoded variable-width integer (index tag values, TBS): the LAST byte has the high bit. */
export function forwardVwi(value: number): Uint8Array {
  const groups = sevenBitGroups(value);
  groups[groups.length - 1] = (groups[groups.length - 1] ?? 0) | 0x80;
  return Uint8Array.from(groups);
}

/** Backward-encoded variable-width integer (trailing entry sizes): the FIRST byte has the high bit. */
export function backwardVwi(value: number): Uint8Array {
  const groups = sevenBitGroups(value);
  groups[0] = (groups[0] ?? 0) | 0x80;
  return Uint8Array.from(groups);
}

/**
 * A trailing entry of a text record: `data` then its size (counting the size bytes themselves) as a
 * backward-encoded integer, so a reader can peel entries off the record's end.
 */
export function trailingEntry(data: Uint8Array): Uint8Array {
  let sizeBytes = 1;
  for (;;) {
    const size = backwardVwi(data.length + sizeBytes);
    if (size.length === sizeBytes) {
      const entry = new Uint8Array(data.length + size.length);
      entry.set(data);
      entry.set(size, data.length);
      return entry;
    }
    sizeBytes = size.length;
  }
}

export { concatBytes } from "#codecs/common/bytes.ts";
