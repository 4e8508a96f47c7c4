// A walk over an MP3's frame headers: its real length when no Xing/VBRI header states it (a VBR file
// without one: mediabunny guesses the length from the first frame's bitrate), and whether its sample
// rate changes partway (two MP3s joined, as radio rips often are: mediabunny keeps only the frames at
// the first rate). Only headers are read, 4 bytes a frame; a large file is walked in its first part
// and sampled in evenly spread windows after it, so a multi-GB file is never read whole.
import { readFrameHeader, type Mp3FrameHeader } from "./lame-tag.ts";
import { id3v2TagBytes, ID3V2_HEADER_BYTES } from "./mp3-tags.ts";

/** Reads bytes [start, end) of the file (fewer at its end). */
export type ReadBytes = (start: number, end: number) => Promise<Uint8Array>;

export interface Mp3Scan {
  /** seconds of sound in the audio frames (the Xing/Info frame left out) */
  seconds: number;
  /** the sample rates of the frames, in the order they first appear (a rate held a few frames only is noise) */
  sampleRates: number[];
  /** whether the first frame is a Xing, Info or VBRI frame, which states the length itself */
  hasLengthHeader: boolean;
  /** whether every frame was walked (false: the length after the first part is estimated from samples) */
  exact: boolean;
}

export interface ScanLimits {
  /** bytes walked frame by frame from the start */
  walkBytes: number;
  /** windows sampled after them, and the bytes of each */
  windows: number;
  windowBytes: number;
}

export const DEFAULT_LIMITS: ScanLimits = { walkBytes: 32 << 20, windows: 64, windowBytes: 64 << 10 };
/** Frames in a row at a new rate before it counts as a rate change, not a stray header. */
const RATE_RUN = 4;
const READ_BYTES = 1 << 20;

/** Buffered reads of a byte range, in large pieces. */
class Bytes {
  private start = 0;
  private data: Uint8Array = new Uint8Array();
  private readonly read: ReadBytes;
  readonly end: number;
  constructor(read: ReadBytes, end: number) {
    this.read = read;
    this.end = end;
  }
  /** The bytes, read if they are not held: most calls are answered from the held piece without an await. */
  at(position: number, length: number): Uint8Array | null | Promise<Uint8Array | null> {
    if (position + length > this.end) return null;
    if (position < this.start || position + length > this.start + this.data.byteLength) return this.load(position, length);
    return this.data.subarray(position - this.start, position - this.start + length);
  }
  private async load(position: number, length: number): Promise<Uint8Array | null> {
    this.start = position;
    this.data = await this.read(position, Math.min(this.end, position + Math.max(READ_BYTES, length)));
    return this.data.byteLength < length ? null : this.data.subarray(0, length);
  }
}

function header(bytes: Uint8Array | null): Mp3FrameHeader | null {
  // most bytes are not a frame sync: skip them without the cost of a thrown error
  if (bytes === null || bytes[0] !== 0xff || ((bytes[1] ?? 0) & 0xe0) !== 0xe0) return null;
  try {
    return readFrameHeader(bytes);
  } catch {
    return null;
  }
}

interface Walk {
  seconds: number;
  /** bytes from the first frame found to the end of the last */
  bytes: number;
  frames: number;
  rates: number[];
  firstAt: number | null;
}

/**
 * Walks frames from `from` to `to`. Out of step (at the start, after junk), a header counts only
 * when another one follows it, so a stray 0xFF in tags or damage is not taken for a frame.
 */
async function walk(source: Bytes, from: number, to: number): Promise<Walk> {
  const result: Walk = { seconds: 0, bytes: 0, frames: 0, rates: [], firstAt: null };
  let run = { rate: 0, frames: 0 };
  let at = from;
  let inStep = false;
  while (at + 4 <= to) {
    // no await when the bytes are held: a microtask per frame would double the walk's time
    const bytes = source.at(at, 4);
    const found = header(bytes instanceof Promise ? await bytes : bytes);
    let confirmed = found !== null && (inStep || at + found.frameBytes + 4 > source.end);
    if (found !== null && !confirmed) {
      const next = source.at(at + found.frameBytes, 4);
      confirmed = header(next instanceof Promise ? await next : next) !== null;
    }
    if (found === null || !confirmed || at + found.frameBytes > source.end) {
      inStep = false;
      at++;
      continue;
    }
    inStep = true;
    result.firstAt ??= at;
    result.frames++;
    result.seconds += found.samplesPerFrame / found.sampleRate;
    run = run.rate === found.sampleRate ? { rate: run.rate, frames: run.frames + 1 } : { rate: found.sampleRate, frames: 1 };
    if (run.frames === RATE_RUN && !result.rates.includes(run.rate)) result.rates.push(run.rate);
    at += found.frameBytes;
    result.bytes = at - result.firstAt;
  }
  return result;
}

const text = (bytes: Uint8Array | null) => (bytes === null ? "" : String.fromCharCode(...bytes));

/** Whether the frame at `at` is a Xing/Info frame (at its side-information offset) or a VBRI one (at 36). */
async function isLengthHeader(source: Bytes, at: number, frame: Mp3FrameHeader): Promise<boolean> {
  const xing = text(await source.at(at + frame.xingOffset, 4));
  return xing === "Xing" || xing === "Info" || text(await source.at(at + 36, 4)) === "VBRI";
}

/** Scans the MP3 whose audio starts at `audioStart` (after its ID3v2 tags) and whose file is `size` bytes. */
export async function scanMp3(read: ReadBytes, size: number, audioStart: number, limits: ScanLimits = DEFAULT_LIMITS): Promise<Mp3Scan> {
  const source = new Bytes(read, size);
  const walkEnd = Math.min(size, audioStart + limits.walkBytes);
  const first = await walk(source, audioStart, walkEnd);
  let seconds = first.seconds;
  const rates = [...first.rates];
  let hasLengthHeader = false;
  if (first.firstAt !== null) {
    const frame = header(await source.at(first.firstAt, 4));
    if (frame !== null && (await isLengthHeader(source, first.firstAt, frame))) {
      hasLengthHeader = true;
      seconds -= frame.samplesPerFrame / frame.sampleRate;
    }
  }
  const exact = walkEnd >= size;
  if (!exact) {
    // the rest: seconds per byte from evenly spread windows, times its bytes
    const rest = size - walkEnd;
    const step = rest / limits.windows;
    let sampledSeconds = first.seconds;
    let sampledBytes = first.bytes;
    for (let i = 0; i < limits.windows; i++) {
      const start = Math.floor(walkEnd + i * step);
      const part = await walk(source, start, Math.min(size, start + limits.windowBytes));
      sampledSeconds += part.seconds;
      sampledBytes += part.bytes;
      for (const rate of part.rates) if (!rates.includes(rate)) rates.push(rate);
    }
    if (sampledBytes > 0) seconds += (rest * sampledSeconds) / sampledBytes;
  }
  return { seconds, sampleRates: rates, hasLengthHeader, exact };
}

/** Where the audio starts: after every ID3v2 tag in a row at the file's start (as mediabunny skips them). */
export async function mp3AudioStart(read: ReadBytes): Promise<number> {
  let start = 0;
  for (let tag = id3v2TagBytes(await read(0, ID3V2_HEADER_BYTES)); tag !== null; tag = id3v2TagBytes(await read(start, start + ID3V2_HEADER_BYTES))) start += tag;
  return start;
}

/**
 * The length to trust, in seconds: the walk's when it saw every frame (a Xing count covers only the
 * first of two files joined) or when no header states one (mediabunny then guesses from the first
 * frame's bitrate); else the stated length. A walk that found no layer III frame (layer I/II) says nothing.
 */
export function mp3Seconds(scan: Mp3Scan, statedSeconds: number): number {
  if (!(scan.seconds > 0)) return statedSeconds;
  return scan.exact || !scan.hasLengthHeader ? scan.seconds : statedSeconds;
}
