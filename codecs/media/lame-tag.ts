// The LAME tag ("LAME/Info tag", rev. 1): 36 bytes after the Xing fields of an MP3's first frame that
// tell a decoder how many priming samples (encoder delay) and end padding to drop, so the decoded
// sound is exactly as long as the source (gapless). mediabunny writes a Xing frame without it, and
// too small to hold it: lameFrame() rebuilds that frame at the smallest bitrate whose frame fits.
// Layout: https://wiki.hydrogenaud.io/index.php?title=LAME#VBR_header_and_LAME_tag and the LAME
// sources' VbrTag.c; CRCs are CRC-16/ARC (polynomial 0x8005 reflected, start 0), as LAME computes them.

/** LAME's own delay before the first source sample (measured on @mediabunny/mp3-encoder: a click at sample n decodes at n + 576 + 529). */
export const LAME_ENCODER_DELAY = 576;

const MPEG1_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MPEG1_RATES = [44100, 48000, 32000];
/** Xing fields with all four present: id, flags, frames, bytes, 100-byte TOC, quality. */
const XING_BYTES = 120;
const LAME_TAG_BYTES = 36;
const XING_ALL_FIELDS = 0x0f;

export interface Mp3FrameHeader {
  /** MPEG-1 (1152 samples a frame) or MPEG-2/2.5 (576) */
  mpeg1: boolean;
  sampleRate: number;
  /** 0 stereo, 1 joint stereo, 2 dual channel, 3 mono */
  channelMode: number;
  samplesPerFrame: number;
  /** bytes of the frame from its header to the end */
  frameBytes: number;
  /** offset of the Xing/Info id: the header and the side information */
  xingOffset: number;
}

export function readFrameHeader(bytes: Uint8Array): Mp3FrameHeader {
  const [b0 = 0, b1 = 0, b2 = 0, b3 = 0] = bytes;
  const version = (b1 >> 3) & 3;
  const layer = (b1 >> 1) & 3;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0 || version === 1 || layer !== 1 || rateIndex === 3 || bitrateIndex === 0 || bitrateIndex === 15) {
    throw new RangeError("Not an MPEG audio layer III frame header.");
  }
  const mpeg1 = version === 3;
  const sampleRate = (MPEG1_RATES[rateIndex] ?? 0) / (mpeg1 ? 1 : version === 2 ? 2 : 4);
  const channelMode = b3 >> 6;
  const kbps = (mpeg1 ? MPEG1_KBPS : MPEG2_KBPS)[bitrateIndex] ?? 0;
  const sideInfo = mpeg1 ? (channelMode === 3 ? 17 : 32) : channelMode === 3 ? 9 : 17;
  return {
    mpeg1,
    sampleRate,
    channelMode,
    samplesPerFrame: mpeg1 ? 1152 : 576,
    frameBytes: frameSize(mpeg1, kbps, sampleRate) + ((b2 >> 1) & 1),
    xingOffset: 4 + sideInfo,
  };
}

function frameSize(mpeg1: boolean, kbps: number, sampleRate: number): number {
  return Math.floor(((mpeg1 ? 144 : 72) * kbps * 1000) / sampleRate);
}

/** The smallest bitrate index whose frame holds the Xing fields and the LAME tag. */
function fittingBitrateIndex(header: Mp3FrameHeader): number {
  const needed = header.xingOffset + XING_BYTES + LAME_TAG_BYTES;
  const table = header.mpeg1 ? MPEG1_KBPS : MPEG2_KBPS;
  const index = table.findIndex((kbps, i) => i > 0 && frameSize(header.mpeg1, kbps, header.sampleRate) >= needed);
  if (index < 0) throw new RangeError("No MP3 frame is large enough for the LAME tag.");
  return index;
}

/** Bytes of the rebuilt frame for a Xing frame starting with this header. */
export function lameFrameBytes(xingHeader: Uint8Array): number {
  const header = readFrameHeader(xingHeader);
  const index = fittingBitrateIndex(header);
  return frameSize(header.mpeg1, (header.mpeg1 ? MPEG1_KBPS : MPEG2_KBPS)[index] ?? 0, header.sampleRate);
}

/**
 * The delay and padding a stream copy of `source` keeps, from the copy's own Xing frame. A copy cuts
 * on frames: a copy that starts later than the source's first frame has no priming left (0), and
 * one that ends before its last frame has no padding (every sample of its last frame is sound).
 */
export function copyGapless(copyXing: Uint8Array, source: SourceGapless, fromStart: boolean): { encoderDelay: number; padding: number } {
  const header = readFrameHeader(copyXing);
  const frames = Math.max(0, readXing(copyXing, header.xingOffset).frames - 1);
  const whole = fromStart && source.frames !== null && frames === source.frames;
  return { encoderDelay: fromStart ? source.delay : 0, padding: whole ? source.padding : 0 };
}

/** CRC-16/ARC, continuing from `crc` so a stream can be fed piece by piece. */
export function crc16(bytes: Uint8Array, crc = 0): number {
  let value = crc;
  for (const byte of bytes) {
    value ^= byte;
    for (let bit = 0; bit < 8; bit++) value = value & 1 ? (value >>> 1) ^ 0xa001 : value >>> 1;
  }
  return value;
}

export interface GaplessInfo {
  /** source samples (per channel) the encoder was given */
  samples: number;
  /** priming samples the encoder put before them */
  encoderDelay: number;
  /** the constant bitrate in kbps, or null when unknown or variable */
  constantKbps: number | null;
  /** CRC-16 of every audio frame after the tag frame, or null when it could not be computed */
  musicCrc: number | null;
  /** end padding to write as is (a stream copy keeps the source's), instead of the one `samples` implies */
  padding?: number;
}

/** The gapless counts of a source MP3's LAME tag, for a stream copy to keep. */
export interface SourceGapless {
  /** priming samples (the encoder delay, without the decoder's 529) */
  delay: number;
  padding: number;
  /** audio frames after the tag frame, from the Xing count */
  frames: number | null;
}

/**
 * The encoder delay and padding of the LAME tag in an MP3's first frame (`frame` starts at its
 * header, after any ID3v2 tag), or null without one. Like FFmpeg, only a tag written by LAME or by
 * FFmpeg itself ("LAME", "Lavf", "Lavc") is trusted: other encoders put other things there.
 */
export function readSourceGapless(frame: Uint8Array): SourceGapless | null {
  let header: Mp3FrameHeader;
  try {
    header = readFrameHeader(frame);
  } catch {
    return null;
  }
  const at = header.xingOffset;
  if (frame.byteLength < at + 8) return null;
  const id = String.fromCharCode(...frame.subarray(at, at + 4));
  if (id !== "Xing" && id !== "Info") return null;
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  const flags = view.getUint32(at + 4);
  const frames = flags & 1 ? view.getUint32(at + 8) : null;
  // the fields present, each 4 bytes but the 100-byte seek table
  const tag = at + 8 + (flags & 1 ? 4 : 0) + (flags & 2 ? 4 : 0) + (flags & 4 ? 100 : 0) + (flags & 8 ? 4 : 0);
  if (frame.byteLength < tag + 24 || tag + 24 > header.frameBytes) return null;
  const encoder = String.fromCharCode(...frame.subarray(tag, tag + 4));
  if (encoder !== "LAME" && encoder !== "Lavf" && encoder !== "Lavc") return null;
  const delays = ((frame[tag + 21] ?? 0) << 16) | ((frame[tag + 22] ?? 0) << 8) | (frame[tag + 23] ?? 0);
  return { delay: delays >> 12, padding: delays & 0xfff, frames };
}

interface XingFields {
  id: Uint8Array;
  /** frames in the file, the Xing frame included (how mediabunny counts them) */
  frames: number;
  bytes: number;
  toc: Uint8Array | null;
}

function readXing(frame: Uint8Array, offset: number): XingFields {
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  const id = frame.slice(offset, offset + 4);
  const text = String.fromCharCode(...id);
  if (text !== "Xing" && text !== "Info") throw new RangeError("The frame holds no Xing header.");
  const flags = view.getUint32(offset + 4);
  let at = offset + 8;
  const field = (flag: number): number | null => {
    if ((flags & flag) === 0) return null;
    const value = view.getUint32(at);
    at += 4;
    return value;
  };
  const frames = field(1) ?? 1;
  const bytes = field(2) ?? frame.byteLength;
  const toc = flags & 4 ? frame.slice(at, at + 100) : null;
  return { id, frames, bytes, toc };
}

/** The Xing byte count (the frame and the audio after it), or null without one. */
export function xingByteCount(xingFrame: Uint8Array): number | null {
  const header = readFrameHeader(xingFrame);
  const view = new DataView(xingFrame.buffer, xingFrame.byteOffset, xingFrame.byteLength);
  const flags = view.getUint32(header.xingOffset + 4);
  return flags & 2 ? view.getUint32(header.xingOffset + (flags & 1 ? 12 : 8)) : null;
}

/**
 * Rebuilds mediabunny's Xing frame as a frame with all Xing fields and a LAME tag. The frame grows
 * by lameFrameBytes(frame) - frame.length bytes; the caller moves everything after it by as much.
 * The Xing frame count leaves out the tag frame itself, as LAME and FFmpeg count.
 */
export function lameFrame(xingFrame: Uint8Array, gapless: GaplessInfo): Uint8Array<ArrayBuffer> {
  const header = readFrameHeader(xingFrame);
  const xing = readXing(xingFrame, header.xingOffset);
  const index = fittingBitrateIndex(header);
  const out = new Uint8Array(lameFrameBytes(xingFrame));
  const growth = out.byteLength - xingFrame.byteLength;
  const view = new DataView(out.buffer);
  // same version, layer, rate and channels; no CRC (mediabunny's frame claims one it lacks), no padding
  out.set([0xff, (xingFrame[1] ?? 0) | 1, (index << 4) | ((xingFrame[2] ?? 0) & 0x0c), xingFrame[3] ?? 0]);

  let at = header.xingOffset;
  out.set(xing.id, at);
  view.setUint32(at + 4, XING_ALL_FIELDS);
  const audioFrames = Math.max(0, xing.frames - 1);
  view.setUint32(at + 8, audioFrames);
  const totalBytes = xing.bytes + growth;
  view.setUint32(at + 12, totalBytes);
  out.set(shiftToc(xing.toc, xing.bytes, growth), at + 16);
  view.setUint32(at + 116, 0); // quality: unknown
  at += XING_BYTES;

  const tagStart = at;
  out.set([..."LAME3.100"].map((c) => c.charCodeAt(0)), at);
  // tag revision 0, VBR method 1 (constant bitrate) or 0 (unknown); lowpass, peak, gains, flags unknown
  out[at + 9] = gapless.constantKbps === null ? 0 : 1;
  out[at + 20] = Math.min(255, gapless.constantKbps ?? 0);
  const padding = gapless.padding ?? audioFrames * header.samplesPerFrame - gapless.encoderDelay - gapless.samples;
  // a delay or padding that does not fit 12 bits means the counts are wrong: say "unknown" (0, 0)
  const fits = gapless.encoderDelay >= 0 && gapless.encoderDelay < 4096 && padding >= 0 && padding < 4096;
  const delays = fits ? gapless.encoderDelay * 4096 + padding : 0;
  out.set([delays >> 16, (delays >> 8) & 0xff, delays & 0xff], at + 21);
  out[at + 24] = (STEREO_MODE[header.channelMode] ?? 0) << 2 | sourceRateBits(header.sampleRate) << 6;
  view.setUint32(at + 28, totalBytes);
  view.setUint16(at + 32, gapless.musicCrc ?? 0);
  view.setUint16(at + 34, crc16(out.subarray(0, tagStart + 34)));
  return out;
}

/** LAME's stereo-mode code for a header's channel mode (stereo, joint, dual, mono). */
const STEREO_MODE = [1, 3, 2, 0];

function sourceRateBits(rate: number): number {
  if (rate <= 32000) return 0;
  if (rate === 44100) return 1;
  return rate === 48000 ? 2 : 3;
}

/** The seek table with every audio byte `growth` later, as fractions (×256) of the grown total. */
function shiftToc(toc: Uint8Array | null, bytes: number, growth: number): Uint8Array {
  const out = new Uint8Array(100);
  for (let i = 0; i < 100; i++) {
    // mediabunny truncated each entry: its offset lies within the next 1/256 of the file, take the middle
    const offset = toc === null ? (bytes * i) / 100 : (((toc[i] ?? 0) + 0.5) * bytes) / 256;
    out[i] = Math.min(255, Math.floor((256 * (offset + growth)) / (bytes + growth)));
  }
  return out;
}
