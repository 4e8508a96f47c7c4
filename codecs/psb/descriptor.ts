// Photoshop's "descriptor" structure (Photoshop File Formats, "Descriptor structure"), the typed
// key/value tree that fill layers, vector strokes and effects are stored in. Only what the layer
// drawing needs is kept (numbers, booleans, enums, text, lists, nested descriptors); every read is
// checked against the block's end and the nesting depth is bounded, so a damaged block gives null.

export type DescriptorValue = number | boolean | string | DescriptorValue[] | Descriptor;
export interface Descriptor {
  [key: string]: DescriptorValue;
}

class Reader {
  readonly view: DataView;
  offset: number;
  readonly end: number;
  constructor(bytes: Uint8Array, start: number, end: number) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.offset = start;
    this.end = end;
  }
  need(size: number): void {
    if (size < 0 || this.offset + size > this.end) throw new RangeError("descriptor cut short");
  }
  u32(): number {
    this.need(4);
    this.offset += 4;
    return this.view.getUint32(this.offset - 4);
  }
  f64(): number {
    this.need(8);
    this.offset += 8;
    return this.view.getFloat64(this.offset - 8);
  }
  ascii(size: number): string {
    this.need(size);
    let s = "";
    for (let i = 0; i < size; i++) s += String.fromCharCode(this.view.getUint8(this.offset + i));
    this.offset += size;
    return s;
  }
  /** A key or class ID: a length, then that many characters, or 4 when the length is 0. */
  id(): string {
    const length = this.u32();
    return this.ascii(length === 0 ? 4 : length);
  }
  unicode(): string {
    const units = this.u32();
    this.need(units * 2);
    let s = "";
    for (let i = 0; i < units; i++) s += String.fromCharCode(this.view.getUint16(this.offset + i * 2));
    this.offset += units * 2;
    return s.replace(/\0+$/, "");
  }
}

const MAX_DEPTH = 16;
const MAX_ITEMS = 10_000;

/** Reads a descriptor that starts at `start` (its name, class ID and items), or null when it is damaged. */
export function readDescriptor(bytes: Uint8Array, start: number, end: number): Descriptor | null {
  try {
    return descriptor(new Reader(bytes, start, end), 0);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

function descriptor(r: Reader, depth: number): Descriptor {
  if (depth > MAX_DEPTH) throw new RangeError("descriptor nested too deeply");
  r.unicode(); // the class's display name
  const out: Descriptor = { _class: r.id() };
  const count = r.u32();
  if (count > MAX_ITEMS) throw new RangeError("too many items");
  for (let i = 0; i < count; i++) {
    const key = r.id();
    out[key] = value(r, r.ascii(4), depth);
  }
  return out;
}

function value(r: Reader, type: string, depth: number): DescriptorValue {
  switch (type) {
    case "Objc":
    case "GlbO":
      return descriptor(r, depth + 1);
    case "VlLs": {
      const count = r.u32();
      if (count > MAX_ITEMS) throw new RangeError("too many items");
      const list: DescriptorValue[] = [];
      for (let i = 0; i < count; i++) list.push(value(r, r.ascii(4), depth + 1));
      return list;
    }
    case "doub":
      return r.f64();
    case "UntF": {
      r.ascii(4); // the unit (#Ang, #Prc, #Pxl...)
      return r.f64();
    }
    case "UnFl": {
      r.ascii(4);
      const count = r.u32();
      r.need(count * 8);
      const first = count > 0 ? r.view.getFloat64(r.offset) : 0;
      r.offset += count * 8;
      return first;
    }
    case "long": {
      r.need(4);
      r.offset += 4;
      return r.view.getInt32(r.offset - 4);
    }
    case "comp": {
      r.need(8);
      const high = r.view.getInt32(r.offset);
      const low = r.view.getUint32(r.offset + 4);
      r.offset += 8;
      return high * 2 ** 32 + low;
    }
    case "bool":
      r.need(1);
      return r.view.getUint8(r.offset++) !== 0;
    case "enum":
      r.id(); // the enum's type
      return r.id();
    case "TEXT":
      return r.unicode();
    case "type":
    case "GlbC":
      r.unicode();
      return r.id();
    case "alis":
    case "tdta":
    case "Pth ": {
      const length = r.u32();
      r.need(length);
      r.offset += length;
      return "";
    }
    case "obj ": {
      // a reference: a list of typed items whose shapes vary; not needed for drawing
      throw new RangeError("references are not read");
    }
    default:
      throw new RangeError(`unknown item type ${type}`);
  }
}

/** A number item, or `fallback`. */
export function numberOf(d: Descriptor | undefined, key: string, fallback: number): number {
  const v = d?.[key];
  return typeof v === "number" && Number.isFinite(v) ? v : fallback;
}

/** A nested descriptor item, or undefined. */
export function descriptorOf(d: Descriptor | undefined, key: string): Descriptor | undefined {
  const v = d?.[key];
  return v !== null && typeof v === "object" && !Array.isArray(v) ? v : undefined;
}
