// What the Vorbis join (vorbis-join.ts) reads of a Vorbis I stream without decoding it: the
// identification header's channels, rate and two block sizes, the block flag of each mode (the last
// thing in the setup header), and for each audio packet its block size and, for a long block, the
// sizes its window is shaped for on either side (Vorbis I §4.2.2, §4.2.4, §4.3.1).
// Block n's window is centred a quarter of block n-1 plus a quarter of block n after block n-1's,
// and packet n gives out the samples between the two centres (§4.3.8), so the centres are where a
// stream can be cut: the first packet gives out nothing, and a page's granule position is the centre
// of the last packet ending on it, counted from the stream's first centre.
import { LsbBitReader } from "../common/bit-reader.ts";
import { MediaError } from "./media-error.ts";

export interface VorbisIdentification {
  channels: number;
  sampleRate: number;
  /** the short and the long block size, in samples */
  blocksizes: [number, number];
}

const isHeader = (packet: Uint8Array, type: number) =>
  packet[0] === type && String.fromCharCode(...packet.subarray(1, 7)) === "vorbis";

/** The identification header's fields; a MediaError when the packet is not a valid one. */
export function readIdentification(packet: Uint8Array): VorbisIdentification {
  if (packet.length < 30 || !isHeader(packet, 1)) throw new MediaError("The stream does not start with a Vorbis identification header.", "corrupt");
  const view = new DataView(packet.buffer, packet.byteOffset, packet.byteLength);
  const channels = packet[11] ?? 0;
  const sampleRate = view.getUint32(12, true);
  const sizes = packet[28] ?? 0;
  const blocksizes: [number, number] = [1 << (sizes & 15), 1 << (sizes >> 4)];
  const [short, long] = blocksizes;
  if (view.getUint32(7, true) !== 0 || channels === 0 || sampleRate === 0 || short < 64 || long > 8192 || short > long || ((packet[29] ?? 0) & 1) === 0) {
    throw new MediaError("The Vorbis identification header is invalid.", "corrupt");
  }
  return { channels, sampleRate, blocksizes };
}

/** Bits of one mode: block flag, window type, transform type, mapping. */
const MODE_BITS = 1 + 16 + 16 + 8;

/**
 * The block flag of each mode (true: long blocks), read backwards from the setup header's framing
 * bit: the modes are the last thing before it, each 41 bits with window and transform type 0, after
 * a 6-bit count less one. The longest run of such modes whose count field agrees is taken (a shorter
 * run can agree by chance when it ends in the top of a mapping number).
 */
export function readModes(setup: Uint8Array): boolean[] {
  if (!isHeader(setup, 5)) throw new MediaError("The third Vorbis header is not a setup header.", "corrupt");
  let last = setup.length - 1;
  while (last > 7 && setup[last] === 0) last--;
  const framing = last * 8 + 31 - Math.clz32(setup[last] ?? 0);
  const bits = new LsbBitReader(setup);
  const field = (at: number, count: number) => {
    bits.seek(at);
    return bits.read(count);
  };
  const modeAt = (at: number) => ({ long: field(at, 1) === 1, zeros: field(at + 1, 32) === 0 && at >= 7 * 8 });
  let run = 0;
  while (run < 64 && modeAt(framing - MODE_BITS * (run + 1)).zeros) run++;
  for (let count = run; count >= 1; count--) {
    const start = framing - MODE_BITS * count;
    if (start - 6 < 7 * 8 || field(start - 6, 6) !== count - 1) continue;
    return Array.from({ length: count }, (_, i) => modeAt(start + MODE_BITS * i).long);
  }
  throw new MediaError("The Vorbis setup header's mode table cannot be read.", "corrupt");
}

export interface VorbisBlock {
  /** the block's size in samples */
  size: number;
  /** for a long block: whether the block before and the block after are long (the window's shape); null for a short block */
  previousLong: boolean | null;
  nextLong: boolean | null;
}

/** Bits of the mode number: ilog(modes - 1) (§9.2.1). */
const modeBits = (modes: number) => 32 - Math.clz32(modes - 1);

/** The block of an audio packet; a MediaError when it is not one (a header, or a mode the setup header has not). */
export function readBlock(packet: Uint8Array, blocksizes: readonly [number, number], modes: readonly boolean[]): VorbisBlock {
  const bits = new LsbBitReader(packet);
  const type = bits.read(1);
  const long = modes[bits.read(modeBits(modes.length))];
  if (type !== 0 || long === undefined || bits.overrun) throw new MediaError("A Vorbis audio packet is invalid.", "corrupt");
  if (!long) return { size: blocksizes[0], previousLong: null, nextLong: null };
  const previousLong = bits.read(1) === 1;
  const nextLong = bits.read(1) === 1;
  if (bits.overrun) throw new MediaError("A Vorbis audio packet ends in its header.", "corrupt");
  return { size: blocksizes[1], previousLong, nextLong };
}

/** Each block's centre in samples, counted from the first block's: block n's is a quarter of both sizes after block n-1's. */
export function blockCenters(sizes: readonly number[]): number[] {
  const centers: number[] = [];
  for (const [n, size] of sizes.entries()) centers.push(n === 0 ? 0 : (centers[n - 1] ?? 0) + ((sizes[n - 1] ?? 0) + size) / 4);
  return centers;
}
