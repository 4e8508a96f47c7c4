// Joining Ogg Vorbis streams that libvorbis encoders made of overlapping stretches of one sound (an
// Ogg Vorbis encode on several cores, like mp3-join.ts for MP3). Each stretch after the first is
// encoded from some samples before its part (the pre-roll) and each one before the last some samples
// past it (the post-roll). A Vorbis packet is one MDCT block; packet n gives out the samples between
// the centres of blocks n-1 and n, overlapping the halves of the two windows. So stream B can take
// over after a block of stream A whose centre is also the centre of a block of B, when the window
// that A's block ends with is the one B's next block starts with: both blocks the same size and, for
// a long block, A's "next window" flag saying the size of B's next block. libvorbis carries nothing
// else from block to block that the decoder needs (ffmpeg turns its bitrate management off), and a
// few thousand samples into its stretch an encoder writes the very packets the other one does, so
// the join prefers a block where both streams hold the same bytes: the decode is then the same.
// Such a join need not exist: libvorbis takes short blocks at transients, and a run of k short
// blocks between long ones moves the long blocks' centres by 128·k mod 1024 (at 256/2048), so two
// encoders that saw a different past sit on different grids for as long as the sound is steady
// (a click before B's stretch, then a tone). Then the join is refused (null): the caller encodes in
// one pass, or encodes B again from `gridShift` samples earlier. Stretches should start on multiples
// of half the long block (1024 samples covers every rate libvorbis encodes), and a stretch with a
// pre-roll should fade in over its first 1024 samples: libvorbis then opens every such stream with the
// same short blocks, where an abrupt start gives one or two depending on the sound.
// Pure: Ogg bytes in, Ogg bytes out; nothing is decoded.
import { MediaError } from "./media-error.ts";
import { readOggPackets, writeOggStream } from "./ogg-packets.ts";
import { blockCenters, readBlock, readIdentification, readModes, type VorbisBlock } from "./vorbis-packets.ts";

export interface VorbisLane {
  /** the lane's Ogg Vorbis file, as libvorbis (ffmpeg) wrote it */
  ogg: Uint8Array;
  /** the input sample the lane's encode starts at, its pre-roll included */
  start: number;
  /** the input samples [partStart, partEnd) the lane stands for; one lane's partEnd is the next one's partStart (null: the end of its stream, for the last lane) */
  partStart: number;
  partEnd: number | null;
}

/** A lane read into blocks, with each block's centre as an input sample. */
export interface LaneBlocks {
  serial: number;
  /** the short and the long block size */
  blocksizes: [number, number];
  /** identification, comment and setup header */
  headers: Uint8Array[];
  packets: Uint8Array[];
  blocks: VorbisBlock[];
  centers: number[];
  /** the input sample after the lane's last decoded one: its start plus its last granule position */
  end: number;
}

/** Reads a lane's packets and blocks; a MediaError when its granule positions are not the block centres (the libvorbis layout this join relies on). */
export function readLane(lane: VorbisLane): LaneBlocks {
  const { serial, packets } = readOggPackets(lane.ogg);
  const headers = packets.slice(0, 3).map(({ data }) => data);
  const [identification, , setup] = headers;
  if (identification === undefined || setup === undefined || packets.length < 5) throw new MediaError("The Vorbis stream has no audio.", "no-audio");
  const { blocksizes } = readIdentification(identification);
  const modes = readModes(setup);
  const audio = packets.slice(3);
  const blocks = audio.map(({ data }) => readBlock(data, blocksizes, modes));
  const relative = blockCenters(blocks.map(({ size }) => size));
  const final = audio.at(-1)?.granule ?? null;
  for (const [n, { granule }] of audio.entries()) {
    if (granule === null || n === audio.length - 1) continue;
    if (granule !== relative[n]) throw new MediaError(`A granule position of the Vorbis stream (${granule}) is not the centre of its block (${relative[n]}).`, "corrupt");
  }
  // the last granule position may end the sound inside the last packet's samples, not before them
  if (final === null || final > (relative.at(-1) ?? 0) || final <= (relative.at(-2) ?? 0)) throw new MediaError("The Vorbis stream's last granule position is not in its last packet.", "corrupt");
  return { serial, blocksizes, headers, packets: audio.map(({ data }) => data), blocks, centers: relative.map((center) => lane.start + center), end: lane.start + final };
}

/** Where stream B takes over: after packet `first` of A, from packet `second` + 1 of B; both blocks are centred on input sample `at`. */
export interface VorbisJoin {
  at: number;
  first: number;
  second: number;
  /** whether the two blocks are long */
  long: boolean;
  /** whether both streams hold the same bytes for the two blocks and the two after them: the join is then invisible in the decode */
  identical: boolean;
}

/** Samples kept clear of an encoder's start and end: its first blocks are shaped by the silence before the stretch, its last by the silence after. */
export const DEFAULT_MARGIN = 4096;

const isLong = (block: VorbisBlock | undefined) => block !== undefined && block.nextLong !== null;

/**
 * The join of `a` and `b` among blocks centred in [b's start + margin, a's end - margin]: the one
 * nearest to input sample `near` where both streams hold the same packets (their encoders had come to
 * the same state), else the nearest that keeps the windows consistent; null when there is none.
 * `bStart` is the input sample b's encode starts at.
 */
export function findVorbisJoin(a: LaneBlocks, b: LaneBlocks, bStart: number, near: number, margin = DEFAULT_MARGIN): VorbisJoin | null {
  const inB = new Map(b.centers.map((center, n) => [center, n]));
  let best: VorbisJoin | null = null;
  for (const [first, at] of a.centers.entries()) {
    const second = inB.get(at);
    if (second === undefined || at < bStart + margin || at > a.end - margin || !windowsFit(a.blocks[first], b.blocks[second], b.blocks[second + 1])) continue;
    const identical = sameBytes(a.packets[first], b.packets[second]) && sameBytes(a.packets[first + 1], b.packets[second + 1]);
    const join = { at, first, second, long: isLong(a.blocks[first]), identical };
    if (best === null || (identical && !best.identical) || (identical === best.identical && Math.abs(at - near) < Math.abs(best.at - near))) best = join;
  }
  return best;
}

/**
 * Whether B's block after `fromB` can follow A's block `fromA`, both centred on the same sample: the
 * two the same size, and for a long block the window's right half shaped for the block that follows.
 */
export function windowsFit(fromA: VorbisBlock | undefined, fromB: VorbisBlock | undefined, nextB: VorbisBlock | undefined): boolean {
  if (fromA === undefined || fromB === undefined || nextB === undefined || fromA.size !== fromB.size) return false;
  return (!isLong(fromA) || fromA.nextLong === isLong(nextB)) && (!isLong(nextB) || nextB.previousLong === isLong(fromA));
}

/**
 * When `findVorbisJoin` finds nothing because the two encoders' long blocks sit on different grids
 * (a run of short blocks moved one of them): how many samples earlier b's encode should start for
 * its long blocks around [from, to) to be centred where a's are. Null when either has no long block there.
 */
export function gridShift(a: LaneBlocks, b: LaneBlocks, from: number, to: number): number | null {
  const step = a.blocksizes[1] / 2;
  const phaseA = longPhase(a, from, to, step);
  const phaseB = longPhase(b, from, to, step);
  return phaseA === null || phaseB === null ? null : (((phaseB - phaseA) % step) + step) % step;
}

/** The commonest position modulo `step` of the long blocks centred in [from, to). */
function longPhase(lane: LaneBlocks, from: number, to: number, step: number): number | null {
  const counts = new Map<number, number>();
  for (const [n, center] of lane.centers.entries()) {
    if (center < from || center >= to || !isLong(lane.blocks[n])) continue;
    const phase = ((center % step) + step) % step;
    counts.set(phase, (counts.get(phase) ?? 0) + 1);
  }
  return [...counts].toSorted((x, y) => y[1] - x[1])[0]?.[0] ?? null;
}

/**
 * One Ogg Vorbis file of the lanes' parts, or null when some boundary has no join (encode in one pass
 * instead). Lanes in order; the first starts at its part (no pre-roll) and the last ends at its part's
 * end (no post-roll). The headers are lane 0's, which every lane must share byte for byte.
 */
export function joinVorbisLanes(lanes: readonly VorbisLane[], margin = DEFAULT_MARGIN): { ogg: Uint8Array<ArrayBuffer>; joins: VorbisJoin[] } | null {
  const read = lanes.map(readLane);
  const [head] = read;
  const [firstLane, lastLane] = [lanes[0], lanes.at(-1)];
  if (head === undefined || firstLane === undefined || lastLane === undefined) throw new RangeError("No lanes to join.");
  if (firstLane.start !== firstLane.partStart) throw new RangeError("The first lane must start at its part.");
  const end = read.at(-1)?.end ?? 0;
  if (lastLane.partEnd !== null && end !== lastLane.partEnd) throw new MediaError(`The last lane's stream ends at sample ${end}, not at its part's end ${lastLane.partEnd}.`, "engine-failed");
  for (const lane of read) {
    if (!sameBytes(lane.headers[0], head.headers[0]) || !sameBytes(lane.headers[2], head.headers[2])) {
      throw new MediaError("The lanes' Vorbis streams were encoded with different settings.", "engine-failed");
    }
  }

  const joins: VorbisJoin[] = [];
  const audio: { data: Uint8Array; granule: number }[] = [];
  let from = 0;
  for (const [k, lane] of read.entries()) {
    const next = read[k + 1];
    const nextLane = lanes[k + 1];
    let to = lane.packets.length;
    if (next !== undefined && nextLane !== undefined) {
      const join = findVorbisJoin(lane, next, nextLane.start, nextLane.partStart, margin);
      // a part so short that its end's join comes before its start's would leave the lane out
      if (join === null || join.first < from) return null;
      joins.push(join);
      to = join.first + 1;
    }
    for (let n = from; n < to; n++) audio.push({ data: lane.packets[n] as Uint8Array, granule: (lane.centers[n] as number) - firstLane.start });
    from = (joins.at(-1)?.second ?? -1) + 1;
  }
  const last = audio.at(-1);
  if (last !== undefined) last.granule = end - firstLane.start;
  return { ogg: writeOggStream(head.serial, head.headers, audio), joins };
}

/** A lane to encode again from `shift` samples earlier, so its long blocks fall on the grid of the lane before. */
export interface Regrid {
  lane: number;
  shift: number;
}

/**
 * For lanes `joinVorbisLanes` could not join: the first lane without a join to the one before and
 * how much earlier it should start (`gridShift` over their overlap); null when no shift can help
 * (every boundary joins, or the overlap has no long blocks on one side).
 */
export function regridLane(lanes: readonly VorbisLane[], margin = DEFAULT_MARGIN): Regrid | null {
  const read = lanes.map(readLane);
  for (let k = 1; k < read.length; k++) {
    const [a, b, lane] = [read[k - 1], read[k], lanes[k]];
    if (a === undefined || b === undefined || lane === undefined || findVorbisJoin(a, b, lane.start, lane.partStart, margin) !== null) continue;
    const shift = gridShift(a, b, lane.start + margin, a.end - margin);
    return shift === null || shift === 0 ? null : { lane: k, shift };
  }
  return null;
}

function sameBytes(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  return a !== undefined && b !== undefined && a.length === b.length && a.every((byte, i) => byte === b[i]);
}
