// Vorbis streams for the tests of vorbis-packets.ts and vorbis-join.ts. Made-up ones: headers with the
// fields those modules read, and audio packets that carry only a block's mode and window flags (and a
// marker to tell them apart), paged by our Ogg writer with each granule at its block's centre. Real
// ones: native ffmpeg's libvorbis encodes of stretches of a sound, and its decodes.
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { writeOggStream } from "#codecs/media/ogg-packets.ts";
import { blockCenters } from "#codecs/media/vorbis-packets.ts";
import { FFMPEG } from "#tests/support/reference-tools.ts";

/** Bits written least significant first, as Vorbis packs them: [value, bit count] fields. */
export function lsbBits(fields: readonly (readonly [value: number, bits: number])[]): Uint8Array {
  const out: number[] = [];
  let at = 0;
  for (const [value, bits] of fields) {
    for (let i = 0; i < bits; i++, at++) out[at >> 3] = (out[at >> 3] ?? 0) | ((Math.floor(value / 2 ** i) & 1) << (at & 7));
  }
  return Uint8Array.from(out, (byte) => byte ?? 0);
}

const VORBIS = [..."vorbis"].map((c) => c.charCodeAt(0));
const byteFields = (values: readonly number[]) => values.map((value) => [value, 8] as const);

/** An identification header (Vorbis I §4.2.2); `nominal` is the nominal bitrate, which differs between encodes of other settings. */
export function identificationHeader(channels: number, rate: number, short: number, long: number, nominal = 128_000): Uint8Array {
  const out = new Uint8Array(30);
  out.set([1, ...VORBIS]);
  const view = new DataView(out.buffer);
  out[11] = channels;
  view.setUint32(12, rate, true);
  view.setInt32(20, nominal, true);
  out[28] = Math.log2(short) | (Math.log2(long) << 4);
  out[29] = 1;
  return out;
}

/** A setup header whose codebooks, floors, residues and mappings are `filler` bytes, then the given modes (block flag, mapping) and the framing bit. */
export function setupHeader(modes: readonly (readonly [long: boolean, mapping: number])[], filler: readonly number[] = [0x5a, 0xc3, 0x99, 0x17]): Uint8Array {
  return lsbBits([
    [5, 8],
    ...byteFields(VORBIS),
    ...byteFields(filler),
    [modes.length - 1, 6],
    ...modes.flatMap(([long, mapping]) => [[long ? 1 : 0, 1] as const, [0, 16] as const, [0, 16] as const, [mapping, 8] as const]),
    [1, 1],
  ]);
}

/** "s" for a short block, "L" for a long one. */
export type BlockPattern = string;

/**
 * A 44.1 kHz stereo stream (blocks 256/2048, mode 0 short, mode 1 long) of the given blocks, its long
 * blocks flagged for their neighbours, each packet carrying `marker(centre)` after its header bits;
 * granules at the block centres from 0, the last one `end` (the sound's length).
 */
export function vorbisStream(pattern: BlockPattern, end: number, marker: (center: number) => number, serial = 1, nominal = 128_000): Uint8Array {
  const longs = [...pattern].map((block) => block === "L");
  const centers = blockCenters(longs.map((long) => (long ? 2048 : 256)));
  const audio = longs.map((long, n) => {
    const flags = long ? [[longs[n - 1] ?? false ? 1 : 0, 1] as const, [longs[n + 1] ?? false ? 1 : 0, 1] as const] : [];
    const at = centers[n] ?? 0;
    return { data: lsbBits([[0, 1], [long ? 1 : 0, 1], ...flags, [0, 8], [marker(at), 32]]), granule: n === longs.length - 1 ? end : at };
  });
  const headers = [identificationHeader(2, 44100, 256, 2048, nominal), new Uint8Array([3, ...VORBIS, 0, 0, 0, 0, 0, 0, 0, 0, 1]), setupHeader([[false, 0], [true, 1]])];
  return writeOggStream(serial, headers, audio);
}

/** An output of `encodeVorbis`: the whole sound, or input samples [start, end) of it. */
export interface Stretch {
  file: string;
  start?: number;
  end?: number;
  /** samples faded in at the start (a lane's pre-roll, which the join drops) */
  fadeIn?: number;
}

/**
 * One ffmpeg run: the lavfi source `sound` as raw 32-bit floats into `raw`, and a libvorbis encode
 * (`-c:a libvorbis -b:a`) of each stretch, cut as the lanes are: atrim by sample index, asetpts.
 * One run with one encoder per output gives the same streams as a run per lane, in less time.
 */
export function encodeVorbis(sound: string, kbps: number, stretches: readonly Stretch[], raw?: string): void {
  const labels = stretches.map((_, i) => `s${i}`);
  const split = `[0:a]asplit=${stretches.length + (raw === undefined ? 0 : 1)}${labels.map((label) => `[${label}]`).join("")}${raw === undefined ? "" : "[raw]"}`;
  const filters = stretches.map(({ start, end, fadeIn }, i) => {
    const trim = start === undefined ? "anull" : `atrim=start_sample=${start}${end === undefined ? "" : `:end_sample=${end}`},asetpts=PTS-STARTPTS`;
    return `[s${i}]${trim}${fadeIn ? `,afade=t=in:ns=${fadeIn}` : ""}[e${i}]`;
  });
  const outputs = stretches.flatMap(({ file }, i) => ["-map", `[e${i}]`, "-c:a", "libvorbis", "-b:a", `${kbps}k`, "-f", "ogg", file]);
  const rawOutput = raw === undefined ? [] : ["-map", "[raw]", "-f", "f32le", raw];
  execFileSync(FFMPEG, ["-v", "error", "-y", "-f", "lavfi", "-i", sound, "-filter_complex", [split, ...filters].join(";"), ...outputs, ...rawOutput], { stdio: "pipe" });
}

/** Raw 32-bit floats from a file. */
export function readFloats(file: string): Float32Array {
  const bytes = readFileSync(file);
  return new Float32Array(new Uint8Array(bytes).buffer, 0, bytes.length >> 2);
}

/** ffmpeg's decodings of the files (interleaved floats, each also left beside its file as .f32), and whatever it complained of. */
export function decodeVorbis(files: readonly string[]): { samples: Float32Array[]; complaints: string } {
  const inputs = files.flatMap((file) => ["-i", file]);
  const outputs = files.flatMap((file, i) => ["-map", `${i}:a`, "-f", "f32le", `${file}.f32`]);
  const result = spawnSync(FFMPEG, ["-v", "error", "-y", ...inputs, ...outputs], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`ffmpeg cannot decode ${files.join(", ")}: ${result.stderr}`);
  return { samples: files.map((file) => readFloats(`${file}.f32`)), complaints: result.stderr.trim() };
}
