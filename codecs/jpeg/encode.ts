// A baseline JPEG encoder (ITU-T T.81: sequential DCT, Huffman coding, 8 bits): RGBA in, a JFIF
// file out, YCbCr with 4:2:0 chroma and the standard's example tables scaled by quality as libjpeg
// does. Pure TypeScript, so it runs in Node and in workers (jpeg-js's encoder returns a Node
// Buffer). Used to turn a camera JPEG upright when its EXIF orientation says so.
import type { RgbaImage } from "../image/rgba-image.ts";
import { AC_CHROMA, AC_LUMA, CHROMA_QUANT, DC_CHROMA, DC_LUMA, LUMA_QUANT, ZIGZAG, type HuffmanSpec } from "./tables.ts";

export interface EncodeJpegOptions {
  /** 1 to 100, as libjpeg's; 90 by default */
  quality?: number;
  /** pixels per inch written in the JFIF header */
  density?: { x: number; y: number };
}

/** The largest AC coefficient the standard's tables can code (size category 10). */
const MAX_AC = 1023;
/** Largest side a JPEG can declare (16-bit fields). */
const MAX_JPEG_SIDE = 65_535;

export function encodeJpeg(image: RgbaImage, options: EncodeJpegOptions = {}): Uint8Array {
  const { width, height } = image;
  if (width < 1 || height < 1 || width > MAX_JPEG_SIDE || height > MAX_JPEG_SIDE) throw new RangeError(`A JPEG cannot be ${width} × ${height} pixels.`);
  const asked = options.quality !== undefined && Number.isFinite(options.quality) ? options.quality : 90;
  const quality = Math.min(100, Math.max(1, Math.round(asked)));
  const lumaQ = scaledTable(LUMA_QUANT, quality);
  const chromaQ = scaledTable(CHROMA_QUANT, quality);
  const out = new ByteWriter(Math.max(1024, (width * height) >> 1));
  writeHeaders(out, width, height, lumaQ, chromaQ, options.density);
  const scan = new ScanEncoder(out, lumaQ, chromaQ);
  const y = new Float32Array(256);
  const cb = new Float32Array(64);
  const cr = new Float32Array(64);
  for (let top = 0; top < height; top += 16) {
    for (let left = 0; left < width; left += 16) {
      loadMcu(image, left, top, y, cb, cr);
      scan.block(y, 0, 0);
      scan.block(y, 8, 0);
      scan.block(y, 128, 0);
      scan.block(y, 136, 0);
      scan.block(cb, 0, 1);
      scan.block(cr, 0, 2);
    }
  }
  scan.finish();
  out.bytes([0xff, 0xd9]);
  return out.result();
}

/** libjpeg's quality scaling of a base table (50 keeps it, 100 makes every step 1). */
function scaledTable(base: readonly number[], quality: number): Uint8Array {
  const scale = quality < 50 ? 5000 / quality : 200 - quality * 2;
  return Uint8Array.from(base, (q) => Math.min(255, Math.max(1, Math.floor((q * scale + 50) / 100))));
}

/**
 * One 16 × 16 MCU as a 16 × 16 luma block (rows of 16) and 8 × 8 chroma blocks averaged over
 * 2 × 2 pixels, with the level shift of 128. Pixels past the edge repeat the last row and column.
 */
function loadMcu(image: RgbaImage, left: number, top: number, y: Float32Array, cb: Float32Array, cr: Float32Array): void {
  const { width, height, data } = image;
  cb.fill(0);
  cr.fill(0);
  for (let row = 0; row < 16; row++) {
    const sy = Math.min(top + row, height - 1);
    for (let col = 0; col < 16; col++) {
      const sx = Math.min(left + col, width - 1);
      const i = (sy * width + sx) * 4;
      const r = data[i]!;
      const g = data[i + 1]!;
      const b = data[i + 2]!;
      y[row * 16 + col] = 0.299 * r + 0.587 * g + 0.114 * b - 128;
      const c = (row >> 1) * 8 + (col >> 1);
      cb[c] = cb[c]! + (-0.168736 * r - 0.331264 * g + 0.5 * b) / 4;
      cr[c] = cr[c]! + (0.5 * r - 0.418688 * g - 0.081312 * b) / 4;
    }
  }
}

/** COS[u * 8 + x] = C(u)/2 · cos((2x + 1)uπ/16): the 1-D DCT as a matrix, applied to rows then columns. */
const COS = (() => {
  const table = new Float64Array(64);
  for (let u = 0; u < 8; u++) {
    for (let x = 0; x < 8; x++) table[u * 8 + x] = ((u === 0 ? Math.SQRT1_2 : 1) / 2) * Math.cos(((2 * x + 1) * u * Math.PI) / 16);
  }
  return table;
})();

/** Huffman codes and lengths by symbol, from a table's counts (T.81 Annex C). */
function huffmanCodes(spec: HuffmanSpec): { codes: Uint16Array; sizes: Uint8Array } {
  const codes = new Uint16Array(256);
  const sizes = new Uint8Array(256);
  let code = 0;
  let k = 0;
  spec.counts.forEach((count, i) => {
    for (let n = 0; n < count; n++) {
      const symbol = spec.symbols[k++]!;
      codes[symbol] = code++;
      sizes[symbol] = i + 1;
    }
    code <<= 1;
  });
  return { codes, sizes };
}

const TABLES = [DC_LUMA, AC_LUMA, DC_CHROMA, AC_CHROMA].map(huffmanCodes);

class ScanEncoder {
  private readonly out: ByteWriter;
  private readonly quant: Uint8Array[];
  private readonly previousDc = [0, 0, 0];
  private readonly rows = new Float64Array(64);
  private readonly coefficients = new Int32Array(64);
  private bitBuffer = 0;
  private bitCount = 0;

  constructor(out: ByteWriter, lumaQ: Uint8Array, chromaQ: Uint8Array) {
    this.out = out;
    this.quant = [lumaQ, chromaQ, chromaQ];
  }

  /** DCT, quantization and Huffman coding of the 8 × 8 block at `offset` (rows of `stride` = 16 for luma, 8 for chroma). */
  block(samples: Float32Array, offset: number, component: number): void {
    const stride = component === 0 ? 16 : 8;
    const rows = this.rows;
    for (let y = 0; y < 8; y++) {
      for (let u = 0; u < 8; u++) {
        let sum = 0;
        for (let x = 0; x < 8; x++) sum += samples[offset + y * stride + x]! * COS[u * 8 + x]!;
        rows[y * 8 + u] = sum;
      }
    }
    const quant = this.quant[component]!;
    const coefficients = this.coefficients;
    for (let v = 0; v < 8; v++) {
      for (let u = 0; u < 8; u++) {
        let sum = 0;
        for (let y = 0; y < 8; y++) sum += COS[v * 8 + y]! * rows[y * 8 + u]!;
        // baseline Huffman tables code AC magnitudes up to 10 bits; only quality 100 could pass that
        coefficients[v * 8 + u] = Math.max(-MAX_AC, Math.min(MAX_AC, Math.round(sum / quant[v * 8 + u]!)));
      }
    }
    const dc = TABLES[component === 0 ? 0 : 2]!;
    const ac = TABLES[component === 0 ? 1 : 3]!;
    const diff = coefficients[0]! - this.previousDc[component]!;
    this.previousDc[component] = coefficients[0]!;
    this.value(diff, dc, 0);
    let run = 0;
    for (let k = 1; k < 64; k++) {
      const value = coefficients[ZIGZAG[k]!]!;
      if (value === 0) {
        run++;
        continue;
      }
      for (; run > 15; run -= 16) this.symbol(ac, 0xf0);
      this.value(value, ac, run << 4);
      run = 0;
    }
    if (run > 0) this.symbol(ac, 0x00);
  }

  /** A value as its size category (with `high` in the upper nibble) then its bits, negatives as one's complement. */
  private value(value: number, table: { codes: Uint16Array; sizes: Uint8Array }, high: number): void {
    const magnitude = Math.abs(value);
    const size = magnitude === 0 ? 0 : 32 - Math.clz32(magnitude);
    this.symbol(table, high | size);
    if (size > 0) this.bits(value < 0 ? value + (1 << size) - 1 : value, size);
  }

  private symbol(table: { codes: Uint16Array; sizes: Uint8Array }, symbol: number): void {
    this.bits(table.codes[symbol]!, table.sizes[symbol]!);
  }

  private bits(value: number, count: number): void {
    this.bitBuffer = (this.bitBuffer << count) | (value & ((1 << count) - 1));
    this.bitCount += count;
    while (this.bitCount >= 8) {
      const byte = (this.bitBuffer >>> (this.bitCount - 8)) & 0xff;
      this.out.byte(byte);
      // a 0xFF in entropy-coded data is followed by a stuffed zero byte
      if (byte === 0xff) this.out.byte(0);
      this.bitCount -= 8;
    }
    this.bitBuffer &= (1 << this.bitCount) - 1;
  }

  /** Pads the last byte with one bits. */
  finish(): void {
    if (this.bitCount > 0) this.bits(0x7f, 8 - this.bitCount);
  }
}

function writeHeaders(out: ByteWriter, width: number, height: number, lumaQ: Uint8Array, chromaQ: Uint8Array, density: { x: number; y: number } | undefined): void {
  out.bytes([0xff, 0xd8]);
  // JFIF 1.01, density in dots per inch (or an aspect ratio of 1:1)
  const dx = density ? Math.min(65_535, Math.max(1, Math.round(density.x))) : 1;
  const dy = density ? Math.min(65_535, Math.max(1, Math.round(density.y))) : 1;
  out.bytes([0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, density ? 1 : 0, dx >> 8, dx & 0xff, dy >> 8, dy & 0xff, 0, 0]);
  out.bytes([0xff, 0xdb, 0, 2 + 65 * 2]);
  for (const [id, table] of [[0, lumaQ], [1, chromaQ]] as const) {
    out.byte(id);
    for (let k = 0; k < 64; k++) out.byte(table[ZIGZAG[k]!]!);
  }
  // SOF0: 8 bits, three components, luma sampled 2 × 2, chroma 1 × 1
  out.bytes([0xff, 0xc0, 0, 17, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  const specs: [number, HuffmanSpec][] = [[0x00, DC_LUMA], [0x10, AC_LUMA], [0x01, DC_CHROMA], [0x11, AC_CHROMA]];
  const length = 2 + specs.reduce((sum, [, spec]) => sum + 17 + spec.symbols.length, 0);
  out.bytes([0xff, 0xc4, length >> 8, length & 0xff]);
  for (const [id, spec] of specs) out.bytes([id, ...spec.counts, ...spec.symbols]);
  out.bytes([0xff, 0xda, 0, 12, 3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0]);
}

/** A growing byte buffer. */
class ByteWriter {
  private buffer: Uint8Array;
  private length = 0;

  constructor(capacity: number) {
    this.buffer = new Uint8Array(capacity);
  }

  byte(value: number): void {
    if (this.length === this.buffer.length) {
      const bigger = new Uint8Array(this.buffer.length * 2);
      bigger.set(this.buffer);
      this.buffer = bigger;
    }
    this.buffer[this.length++] = value;
  }

  bytes(values: readonly number[]): void {
    for (const value of values) this.byte(value);
  }

  result(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}
