// Joining MP3 streams that two LAME encoders made of overlapping stretches of one sound (issue 33:
// an MP3 encode on several cores). Each stretch after the first is encoded from a few frames before
// its part (the pre-roll) and each one before the last a few frames past it, so both encoders saw the
// same sound around the join, and frame k of either is the same 1152 (or 576) samples of the whole.
// Two things make a plain cut wrong, and the join handles both:
// - The bit reservoir: a frame's main data may begin up to 511 bytes back, in the bytes of earlier
//   frames (main_data_begin). The second stream's first kept frame points into its own pre-roll,
//   which is dropped. At a join frame j where the first stream left at least as many bytes free
//   before frame j as the second stream's frame j points back, those free bytes are overwritten
//   with the ones it points to; every frame keeps its side information as LAME wrote it.
// - The window sequence: a granule's window (long, start, short, stop) must match the next one's,
//   so the join is only where both streams ended frame j - 1 with the same block types.
// Pure: frames in, frames out; nothing is decoded. Layer III only (what LAME writes).
import { MsbBitReader } from "../common/bit-reader.ts";
import { MediaError } from "./media-error.ts";

/** What the join reads of a frame's header and side information. */
export interface FrameLayout {
  /** bytes of the whole frame */
  frameBytes: number;
  /** where its main data area starts: after the header, the CRC if any, and the side information */
  mainDataOffset: number;
  /** how many bytes before this frame's main data area its main data begins (the reservoir) */
  mainDataBegin: number;
  /** per granule, per channel: the block type (0 long, 1 start, 2 short, 3 stop) and the mixed flag, as "2m" */
  windows: string[][];
}

const MPEG1_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MPEG1_RATES = [44100, 48000, 32000];

/** The layout of the Layer III frame at `offset`; throws a MediaError when no such frame is there. */
export function frameLayout(bytes: Uint8Array, offset = 0): FrameLayout {
  const b1 = bytes[offset + 1] ?? 0;
  const b2 = bytes[offset + 2] ?? 0;
  const b3 = bytes[offset + 3] ?? 0;
  const version = (b1 >> 3) & 3; // 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0 || version === 1 || ((b1 >> 1) & 3) !== 1 || rateIndex === 3 || bitrateIndex === 0 || bitrateIndex === 15) {
    throw new MediaError(`No MP3 frame starts at byte ${offset}.`, "corrupt");
  }
  const mpeg1 = version === 3;
  const sampleRate = (MPEG1_RATES[rateIndex] ?? 0) / (mpeg1 ? 1 : version === 2 ? 2 : 4);
  const kbps = (mpeg1 ? MPEG1_KBPS : MPEG2_KBPS)[bitrateIndex] ?? 0;
  const frameBytes = Math.floor(((mpeg1 ? 144 : 72) * kbps * 1000) / sampleRate) + ((b2 >> 1) & 1);
  const channels = b3 >> 6 === 3 ? 1 : 2;
  const crcBytes = (b1 & 1) === 0 ? 2 : 0;
  const sideInfoBytes = mpeg1 ? (channels === 1 ? 17 : 32) : channels === 1 ? 9 : 17;

  // side information (ISO 11172-3 2.4.1.7; ISO 13818-3 for the one-granule MPEG-2 form)
  const bits = new MsbBitReader(bytes, offset + 4 + crcBytes);
  const mainDataBegin = bits.read(mpeg1 ? 9 : 8);
  bits.skip(mpeg1 ? (channels === 1 ? 5 : 3) : channels === 1 ? 1 : 2); // private bits
  if (mpeg1) bits.skip(4 * channels); // scfsi
  const windows: string[][] = [];
  for (let granule = 0; granule < (mpeg1 ? 2 : 1); granule++) {
    const row: string[] = [];
    for (let channel = 0; channel < channels; channel++) {
      bits.skip(12 + 9 + 8 + (mpeg1 ? 4 : 9)); // part2_3_length, big_values, global_gain, scalefac_compress
      if (bits.read(1) === 1) {
        const blockType = bits.read(2);
        const mixed = bits.read(1);
        bits.skip(2 * 5 + 3 * 3); // table_select ×2, subblock_gain ×3
        row.push(`${blockType}${mixed === 1 ? "m" : ""}`);
      } else {
        bits.skip(3 * 5 + 4 + 3); // table_select ×3, region0_count, region1_count
        row.push("0");
      }
      bits.skip(mpeg1 ? 3 : 2); // (preflag,) scalefac_scale, count1table_select
    }
    windows.push(row);
  }
  return { frameBytes, mainDataOffset: 4 + crcBytes + sideInfoBytes, mainDataBegin, windows };
}

/** Splits an MP3 elementary stream (frames only: no tags, no Xing frame) into its frames. */
export function splitFrames(stream: Uint8Array): Uint8Array[] {
  const frames: Uint8Array[] = [];
  for (let offset = 0; offset < stream.byteLength; ) {
    const { frameBytes } = frameLayout(stream, offset);
    if (offset + frameBytes > stream.byteLength) throw new MediaError(`The MP3 stream ends inside a frame at byte ${offset}.`, "corrupt");
    frames.push(stream.subarray(offset, offset + frameBytes));
    offset += frameBytes;
  }
  return frames;
}

/** One encoder's frames, and the index in the whole sound of its first frame. */
export interface LaneFrames {
  first: number;
  frames: readonly Uint8Array[];
}

const frameAt = (lane: LaneFrames, index: number): Uint8Array | undefined => lane.frames[index - lane.first];

/** Bytes free at the end of the main data areas before frame `index`: what that frame's main_data_begin says. */
function freeBefore(lane: LaneFrames, index: number): number | null {
  const frame = frameAt(lane, index);
  return frame === undefined ? null : frameLayout(frame).mainDataBegin;
}

/**
 * The first frame j in [earliest, latest) where `second` can take over from `first`: both hold
 * frames j - 1 and j, `first` left enough bytes free before j, and both ended frame j - 1 with the
 * same windows. Null when no frame there will do. `latest` keeps the join away from the end of
 * `first`'s sound, where its last frames were shaped by the silence after it.
 */
export function findJoin(first: LaneFrames, second: LaneFrames, earliest: number, latest: number): number | null {
  const start = Math.max(earliest, first.first + 1, second.first + 1);
  const end = Math.min(latest, first.first + first.frames.length, second.first + second.frames.length);
  for (let j = start; j < end; j++) {
    const free = freeBefore(first, j);
    const needed = freeBefore(second, j);
    if (free === null || needed === null || needed > free) continue;
    const before = [frameAt(first, j - 1), frameAt(second, j - 1)];
    if (before[0] === undefined || before[1] === undefined) continue;
    const [a, b] = before.map((frame) => frameLayout(frame as Uint8Array).windows.at(-1)?.join(",") ?? "");
    if (a === b) return j;
  }
  return null;
}

/** Where the last `count` bytes of main data before frame `index` lie: [frame, from, to) pieces, in stream order. */
function reservoirPieces(frames: readonly Uint8Array[], count: number): { frame: Uint8Array; from: number; to: number }[] {
  const pieces: { frame: Uint8Array; from: number; to: number }[] = [];
  let left = count;
  for (let i = frames.length - 1; i >= 0 && left > 0; i--) {
    const frame = frames[i] as Uint8Array;
    const { mainDataOffset } = frameLayout(frame);
    const take = Math.min(left, frame.byteLength - mainDataOffset);
    pieces.unshift({ frame, from: frame.byteLength - take, to: frame.byteLength });
    left -= take;
  }
  if (left > 0) throw new MediaError("An MP3 frame points back before the stream's start.", "corrupt");
  return pieces;
}

/**
 * The frames of `first` before `at` and of `second` from `at` on, as one stream (`findJoin` chose
 * `at`). The bytes `second`'s frame `at` points back to replace free bytes at the end of `first`'s
 * last frames; those frames are copies, the inputs are not changed.
 */
export function joinAt(first: LaneFrames, second: LaneFrames, at: number): LaneFrames {
  const head = first.frames.slice(0, at - first.first).map((frame) => frame.slice());
  const tail = second.frames.slice(at - second.first);
  const join = tail[0];
  if (join === undefined || head.length === 0) throw new RangeError(`Frame ${at} is not in both streams.`);
  const needed = frameLayout(join).mainDataBegin;
  const from = reservoirPieces(second.frames.slice(0, at - second.first), needed);
  const into = reservoirPieces(head, needed);
  // both lists cover `needed` bytes in stream order; copy byte for byte across their piece edges
  const source = concat(from.map(({ frame, from: start, to }) => frame.subarray(start, to)));
  let written = 0;
  for (const { frame, from: start, to } of into) {
    frame.set(source.subarray(written, written + (to - start)), start);
    written += to - start;
  }
  return { first: first.first, frames: [...head, ...tail] };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}
