// zlib (RFC 1950) decompression of PNG image data, streamed: the output goes to a callback a band
// at a time through one fixed buffer, so whatever a stream claims, it costs no more memory, and
// one that produces more than the image needs is refused after at most one band (a decompression
// bomb costs neither memory nor much time). The Adler-32 is summed band by band, while in cache.
import { unlimited, type WorkBudget } from "../common/work-budget.ts";
import { adler32 } from "./adler32.ts";
import { BitReader, streamTooLong, streamTruncated as truncated } from "./bit-reader.ts";
import { CODE_LENGTH_ORDER, FIXED_DISTANCE_LENGTHS, FIXED_LITERAL_LENGTHS } from "./deflate-tables.ts";
import { PngError } from "./errors.ts";
import { inflateBlock } from "./inflate-block.ts";
import { buildCodeLengthTable, buildDistanceTable, buildLiteralTable, DISTANCE_TABLE_SIZE, LITERAL_TABLE_SIZE } from "./inflate-table.ts";

export { INFLATE_PADDING } from "./bit-reader.ts";

const tooMuchWork = (budget: WorkBudget) => () =>
  new PngError(`This PNG file needs more work than this tool allows for one file (over ${budget.limit} bytes of image data inflated).`, "too-much-work");

const damaged = (what: string) => new PngError(`This PNG file is damaged: ${what}.`, "corrupt");

/** Output bytes handed to the sink at a time (besides the first call's WINDOW). */
const BAND = 1 << 18;
/** The most deflate can refer back: kept at the start of the buffer between bands. */
const WINDOW = 1 << 15;
/** Room past the band for the symbol that crosses its end: a 258-byte match and a copy's overrun. */
const SLACK = 258 + 8;
const SOFT_LIMIT = WINDOW + BAND;

/** Receives inflated bytes `bytes[start..stop)`, which are only valid until it returns. */
export type InflateSink = (bytes: Uint8Array, start: number, stop: number) => void;

/** The inflater's output buffer: history, then the bytes not yet handed to the sink. */
class Output {
  readonly bytes = new Uint8Array(WINDOW + BAND + SLACK);
  readonly view = new DataView(this.bytes.buffer);
  /** Where the bytes not yet handed to the sink start, and where the next byte goes. */
  start = 0;
  end = 0;
  /** Bytes handed to the sink so far, and their Adler-32. */
  produced = 0;
  adler = 1;
  private readonly total: number;
  private readonly sink: InflateSink;
  private readonly budget: WorkBudget;

  constructor(total: number, sink: InflateSink, budget: WorkBudget) {
    this.total = total;
    this.sink = sink;
    this.budget = budget;
  }

  /** Hands the new bytes to the sink and keeps the last WINDOW bytes as history. */
  flush(): void {
    const { bytes, start, end } = this;
    // work units: bytes inflated, counted before the too-long check so a bomb's one band shows
    this.budget.charge(end - start, tooMuchWork(this.budget));
    if (this.produced + (end - start) > this.total) throw streamTooLong();
    this.adler = adler32(bytes.subarray(start, end), this.adler);
    this.sink(bytes, start, end);
    this.produced += end - start;
    const keep = Math.min(end, WINDOW);
    bytes.copyWithin(0, end - keep, end);
    this.start = this.end = keep;
  }
}

/**
 * Inflates the zlib stream in `src[0..end)` (followed by INFLATE_PADDING zero bytes), handing the
 * output to `sink` a band at a time; the stream must produce exactly `total` bytes and match its
 * Adler-32. Memory use is fixed (about 300 KB), whatever the stream holds. Throws PngError.
 */
export function inflateZlib(src: Uint8Array, end: number, total: number, sink: InflateSink, budget: WorkBudget = unlimited()): void {
  if (end < 2) throw truncated();
  const cmf = src[0]!;
  const flg = src[1]!;
  if ((cmf & 15) !== 8 || cmf >> 4 > 7 || ((cmf << 8) | flg) % 31 !== 0) throw damaged("its image data is not a zlib stream");
  if (flg & 32) throw damaged("its image data asks for a preset dictionary");
  const reader = new BitReader(src, end, 2);
  const output = new Output(total, sink, budget);
  const literal = new Int32Array(LITERAL_TABLE_SIZE);
  const distance = new Int32Array(DISTANCE_TABLE_SIZE);
  let final = 0;
  do {
    final = reader.take(1);
    const type = reader.take(2);
    reader.checkEnd();
    if (type === 0) {
      copyStored(reader, output);
      continue;
    }
    if (type === 1) {
      buildLiteralTable(FIXED_LITERAL_LENGTHS, 288, literal);
      buildDistanceTable(FIXED_DISTANCE_LENGTHS, 30, distance);
    } else if (type === 2) {
      readDynamicTables(reader, literal, distance);
    } else {
      throw damaged("its compressed image data has a block of unknown type");
    }
    for (;;) {
      output.end = inflateBlock(reader, output.bytes, output.view, output.end, SOFT_LIMIT, literal, distance);
      if (reader.endOfBlock) break;
      output.flush();
    }
  } while (!final);
  output.flush();
  reader.alignToByte();
  reader.checkEnd();
  if (output.produced < total) throw new PngError("This PNG file is damaged or truncated: its image data is shorter than its header declares.", "truncated");
  const at = reader.pos;
  if (at + 4 > end) throw truncated();
  const expected = ((src[at]! << 24) | (src[at + 1]! << 16) | (src[at + 2]! << 8) | src[at + 3]!) >>> 0;
  if (output.adler !== expected) throw damaged("the checksum of its image data does not match");
}

/** A stored (uncompressed) block: LEN, its complement, then LEN bytes. */
function copyStored(reader: BitReader, output: Output): void {
  reader.alignToByte();
  const { src, pos, end } = reader;
  if (pos + 4 > end) throw truncated();
  let length = src[pos]! | (src[pos + 1]! << 8);
  if ((src[pos + 2]! | (src[pos + 3]! << 8)) !== (length ^ 0xffff)) throw damaged("its compressed image data has a bad stored block");
  let at = pos + 4;
  if (at + length > end) throw truncated();
  while (length > 0) {
    const n = Math.min(length, SOFT_LIMIT - output.end);
    output.bytes.set(src.subarray(at, at + n), output.end);
    output.end += n;
    at += n;
    length -= n;
    if (output.end >= SOFT_LIMIT) output.flush();
  }
  reader.pos = at;
}

/** A dynamic block's header: the code-length code, then the literal/length and distance code lengths. */
function readDynamicTables(reader: BitReader, literal: Int32Array, distance: Int32Array): void {
  const literals = reader.take(5) + 257;
  const distances = reader.take(5) + 1;
  const codeLengthCount = reader.take(4) + 4;
  if (literals > 286 || distances > 30) throw damaged("its compressed image data has too many Huffman codes");
  const codeLengths = new Uint8Array(19);
  for (let i = 0; i < codeLengthCount; i++) codeLengths[CODE_LENGTH_ORDER[i]!] = reader.take(3);
  const codeLengthTable = new Int32Array(1 << 7);
  buildCodeLengthTable(codeLengths, codeLengthTable);
  const lengths = new Uint8Array(literals + distances);
  for (let i = 0; i < lengths.length; ) {
    const entry = codeLengthTable[reader.peek(7)]!;
    reader.skip(entry & 15);
    const symbol = entry >>> 4;
    if (symbol < 16) {
      lengths[i++] = symbol;
      continue;
    }
    let value = 0;
    let repeat: number;
    if (symbol === 16) {
      if (i === 0) throw damaged("its compressed image data repeats a code length before the first");
      value = lengths[i - 1]!;
      repeat = 3 + reader.take(2);
    } else if (symbol === 17) repeat = 3 + reader.take(3);
    else if (symbol === 18) repeat = 11 + reader.take(7);
    else throw damaged("its compressed image data has an invalid code length");
    if (i + repeat > lengths.length) throw damaged("its compressed image data has too many code lengths");
    lengths.fill(value, i, i + repeat);
    i += repeat;
  }
  reader.checkEnd();
  if (lengths[256] === 0) throw damaged("its compressed image data has no end-of-block code");
  buildLiteralTable(lengths, literals, literal);
  buildDistanceTable(lengths.subarray(literals), distances, distance);
}
