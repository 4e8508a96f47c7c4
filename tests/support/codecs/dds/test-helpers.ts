/** Test helpers: DDS files around given pixels, a bit writer for hand-built blocks, and the reference decoders. */
import { expect } from "vitest";
import { fourCC } from "#codecs/dds/formats.ts";
export { HAVE_IMAGEMAGICK, HAVE_PILLOW, IMAGEMAGICK, PYTHON } from "#tests/support/reference-tools.ts";

/** LSB-first bit writer for hand-built 128-bit blocks. */
export class BitWriter {
  private bits: number[] = [];
  put(value: number, count: number): this {
    for (let k = 0; k < count; k++) this.bits.push((value >> k) & 1);
    return this;
  }
  /** Writes the single bit `bit` of `value`. */
  bit(value: number, bit: number): this {
    return this.put((value >> bit) & 1, 1);
  }
  /** Writes bits lo..hi of `value` in ascending order. */
  range(value: number, lo: number, hi: number): this {
    for (let b = lo; b <= hi; b++) this.bit(value, b);
    return this;
  }
  block(): Uint8Array {
    expect(this.bits.length).toBe(128);
    const out = new Uint8Array(16);
    this.bits.forEach((b, i) => {
      out[i >> 3]! |= b << (i & 7);
    });
    return out;
  }
}

export interface LegacyPixelFormat {
  flags: number;
  fourCC?: string | number;
  bits?: number;
  r?: number;
  g?: number;
  b?: number;
  a?: number;
}

export interface Dx10Fields {
  dxgiFormat: number;
  resourceDimension?: number;
  miscFlag?: number;
  arraySize?: number;
}

export interface DdsFileSpec {
  width: number;
  height: number;
  depth?: number;
  mipCount?: number;
  flags?: number;
  caps?: number;
  caps2?: number;
  pixelFormat?: LegacyPixelFormat;
  dx10?: Dx10Fields;
  headerSize?: number;
  pixelFormatSize?: number;
}

export function makeDds(spec: DdsFileSpec, pixels: Uint8Array | number[]): Uint8Array {
  const headerLength = 128 + (spec.dx10 ? 20 : 0);
  const data = pixels instanceof Uint8Array ? pixels : Uint8Array.from(pixels);
  const out = new Uint8Array(headerLength + data.length);
  const v = new DataView(out.buffer);
  const put = (o: number, x: number) => v.setUint32(o, x >>> 0, true);
  put(0, 0x20534444);
  put(4, spec.headerSize ?? 124);
  put(8, spec.flags ?? 0x1 | 0x2 | 0x4 | 0x1000 | (spec.mipCount ? 0x20000 : 0) | (spec.depth ? 0x800000 : 0));
  put(12, spec.height);
  put(16, spec.width);
  put(24, spec.depth ?? 0);
  put(28, spec.mipCount ?? 0);
  put(76, spec.pixelFormatSize ?? 32);
  if (spec.dx10) {
    put(80, 0x4);
    put(84, fourCC("DX10"));
    put(128, spec.dx10.dxgiFormat);
    put(132, spec.dx10.resourceDimension ?? 3);
    put(136, spec.dx10.miscFlag ?? 0);
    put(140, spec.dx10.arraySize ?? 1);
  } else {
    const pf = spec.pixelFormat ?? { flags: 0x41, bits: 32, r: 0xff, g: 0xff00, b: 0xff0000, a: 0xff000000 };
    put(80, pf.flags);
    put(84, typeof pf.fourCC === "string" ? fourCC(pf.fourCC) : (pf.fourCC ?? 0));
    put(88, pf.bits ?? 0);
    put(92, pf.r ?? 0);
    put(96, pf.g ?? 0);
    put(100, pf.b ?? 0);
    put(104, pf.a ?? 0);
  }
  put(108, spec.caps ?? 0x1000);
  put(112, spec.caps2 ?? 0);
  out.set(data, headerLength);
  return out;
}

/** Little-endian bytes of 16-bit values. */
export function u16(...values: number[]): number[] {
  return values.flatMap((x) => [x & 0xff, (x >> 8) & 0xff]);
}

/** Little-endian bytes of 32-bit values. */
export function u32(...values: number[]): number[] {
  return values.flatMap((x) => [x & 0xff, (x >>> 8) & 0xff, (x >>> 16) & 0xff, (x >>> 24) & 0xff]);
}

/** Little-endian bytes of float32 values. */
export function f32(...values: number[]): number[] {
  return [...new Uint8Array(Float32Array.from(values).buffer)];
}
