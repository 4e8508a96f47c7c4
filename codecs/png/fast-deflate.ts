// A fast zlib compressor (RFC 1950 around RFC 1951 deflate) tuned for PNG-filtered rows: it
// matches only runs, repeats one row up and cheap hash hits (./deflate-parse.ts), which on
// filtered photos finds more than fflate's level 1 does, several times faster. Each block of
// 128 KB then gets its own Huffman codes, or is stored when that is smaller (./deflate-block.ts).
// With `raw`, it writes bare deflate data (no zlib header or trailer) and can end a piece with a
// sync flush: the pieces of ./parallel-deflate.ts, compressed apart and joined into one stream.
import { adler32 } from "./adler32.ts";
import { BitWriter } from "./bit-writer.ts";
import { writeBlock, type ParsedBlock } from "./deflate-block.ts";
import { Matcher, SHORTEST_MATCH, WINDOW } from "./deflate-parse.ts";

export interface FastZlibOptions {
  /** Distance to the same byte in the previous row (PNG: row bytes + 1); 0 = no row matches. */
  rowDistance?: number;
  /** Bare deflate data: no zlib header and no Adler-32 trailer (read it from `adler`); default false. */
  raw?: boolean;
}

/** Input bytes per deflate block: large enough to amortise the header, small enough to adapt. */
const BLOCK = 1 << 17;

/** Streaming zlib compressor: push() input as it comes; `ondata` receives the compressed bytes. */
export class FastZlib {
  private readonly ondata: (chunk: Uint8Array, final: boolean) => void;
  private readonly matcher: Matcher;
  /** The last WINDOW bytes already compressed, then the pending input. */
  private readonly buffer = new Uint8Array(WINDOW + BLOCK);
  private readonly view = new DataView(this.buffer.buffer);
  private filled = 0;
  private done = 0;
  private checksum = 1;
  private finished = false;
  private readonly raw: boolean;
  private readonly writer = new BitWriter(BLOCK >> 1);
  private readonly matches = new Int32Array(Math.ceil((WINDOW + BLOCK) / SHORTEST_MATCH) * 3 + 3);
  private readonly literalFreq = new Int32Array(286);
  private readonly distanceFreq = new Int32Array(30);

  constructor(ondata: (chunk: Uint8Array, final: boolean) => void, options: FastZlibOptions = {}) {
    this.ondata = ondata;
    this.matcher = new Matcher(options.rowDistance ?? 0);
    this.raw = options.raw ?? false;
    this.start();
  }

  private start(): void {
    if (this.raw) return;
    // CMF: deflate, 32 KB window; FLG: "fastest" level, check bits make the pair a multiple of 31
    this.writer.write(0x78, 8);
    this.writer.write(0x01, 8);
  }

  /** Starts a new stream with the same options, keeping the buffers (fresh memory is slow to touch). */
  reset(): void {
    this.filled = 0;
    this.done = 0;
    this.checksum = 1;
    this.finished = false;
    this.writer.at = 0;
    this.writer.bits = 0;
    this.writer.count = 0;
    this.matcher.reset();
    this.start();
  }

  /** Adler-32 of the input pushed so far. */
  get adler(): number {
    return this.checksum;
  }

  push(chunk: Uint8Array, final = false): void {
    if (this.finished) throw new Error("FastZlib.push after the final chunk");
    this.checksum = adler32(chunk, this.checksum);
    let at = 0;
    while (at < chunk.length) {
      const n = Math.min(chunk.length - at, this.buffer.length - this.filled);
      this.buffer.set(chunk.subarray(at, at + n), this.filled);
      this.filled += n;
      at += n;
      if (this.filled === this.buffer.length) this.compress(false);
    }
    if (final) {
      this.compress(true);
      this.finished = true;
      const w = this.writer;
      w.alignToByte();
      if (!this.raw) {
        w.reserve(4);
        for (let shift = 24; shift >= 0; shift -= 8) w.out[w.at++] = this.checksum >>> shift;
      }
    }
    if (this.writer.at > 0 || final) this.ondata(this.writer.take(), final);
  }

  /**
   * Sync flush (zlib's Z_SYNC_FLUSH): the pending input as a block, then an empty stored block, so
   * the output so far ends on a byte boundary and decodes whole; the stream goes on after it.
   */
  flush(): void {
    if (this.finished) throw new Error("FastZlib.flush after the final chunk");
    if (this.filled > this.done) this.compress(false);
    const w = this.writer;
    w.reserve(8);
    w.write(0, 3); // BFINAL 0, BTYPE 00 (stored)
    w.alignToByte();
    w.out.set([0x00, 0x00, 0xff, 0xff], w.at); // LEN 0, NLEN ~0
    w.at += 4;
    this.ondata(w.take(), false);
  }

  /** Compresses the pending input as one block, then keeps its last WINDOW bytes as history. */
  private compress(final: boolean): void {
    const block: ParsedBlock = {
      input: this.buffer,
      start: this.done,
      end: this.filled,
      matches: this.matches,
      matchValues: 0,
      literalFreq: this.literalFreq.fill(0),
      distanceFreq: this.distanceFreq.fill(0),
    };
    this.matcher.parse(block, this.view);
    writeBlock(this.writer, block, final);
    if (this.filled > WINDOW) {
      this.buffer.copyWithin(0, this.filled - WINDOW, this.filled);
      this.matcher.slide(this.filled - WINDOW);
      this.filled = WINDOW;
    }
    this.done = this.filled;
  }
}

/** Compresses `data` in one call. */
export function fastZlibSync(data: Uint8Array, options: FastZlibOptions = {}): Uint8Array {
  const parts: Uint8Array[] = [];
  new FastZlib((chunk) => parts.push(chunk), options).push(data, true);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
