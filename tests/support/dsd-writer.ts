// DSD test files (DSF and DSDIFF/DFF) written here, since no tool on these machines encodes DSD
// (ffmpeg only decodes it). Both layouts are public: Sony's "DSF File Format Specification" 1.01
// and Philips' "DSDIFF" 1.5. The sound is a sine through a second-order sigma-delta modulator, the
// way a DSD recorder makes its 1-bit stream, so a decoder's low-pass gives the tone back.
import { concatBytes } from "./bytes.ts";

/** The DSD64 rate: 64 × 44.1 kHz. */
export const DSD64_RATE = 2_822_400;

export interface DsdTone {
  /** one frequency per channel, in Hz */
  frequencies: readonly number[];
  seconds: number;
  /** of full scale; DSD is usually kept at or below 0.5 */
  amplitude?: number;
  sampleRate?: number;
}

/** Each channel's 1-bit stream, 8 samples a byte, the first sample in the most significant bit. */
function modulate({ frequencies, seconds, amplitude = 0.5, sampleRate = DSD64_RATE }: DsdTone): Uint8Array[] {
  const bytes = Math.ceil((seconds * sampleRate) / 8);
  return frequencies.map((hz) => {
    const out = new Uint8Array(bytes);
    let first = 0;
    let second = 0;
    let bit = 1;
    for (let n = 0; n < bytes * 8; n++) {
      const x = amplitude * Math.sin((2 * Math.PI * hz * n) / sampleRate);
      first += x - bit;
      second += first - bit;
      bit = second >= 0 ? 1 : -1;
      if (bit > 0) out[n >> 3]! |= 0x80 >> (n & 7);
    }
    return out;
  });
}

/** Reverses the bits of a byte: DSF stores the first sample in the least significant bit. */
function reverseBits(byte: number): number {
  let out = 0;
  for (let i = 0; i < 8; i++) out |= ((byte >> i) & 1) << (7 - i);
  return out;
}

const DSF_BLOCK = 4096;
/** DSF's channel type: 1 mono, 2 stereo, 3 three channels, 4 quad, 5 four channels, 6 five, 7 5.1. */
const DSF_CHANNEL_TYPES = [0, 1, 2, 3, 4, 6, 7];

/** A DSF file: "DSD " chunk, "fmt " chunk, then "data" in 4096-byte blocks per channel, interleaved by block. */
export function writeDsf(tone: DsdTone): Uint8Array {
  const channels = modulate(tone);
  const rate = tone.sampleRate ?? DSD64_RATE;
  const perChannel = channels[0]?.length ?? 0;
  const blocks = Math.ceil(perChannel / DSF_BLOCK);
  const dataBytes = blocks * DSF_BLOCK * channels.length;
  const total = 28 + 52 + 12 + dataBytes;
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  const ascii = (at: number, text: string) => out.set(new TextEncoder().encode(text), at);
  ascii(0, "DSD ");
  view.setBigUint64(4, 28n, true);
  view.setBigUint64(12, BigInt(total), true);
  view.setBigUint64(20, 0n, true); // no ID3 tag
  ascii(28, "fmt ");
  view.setBigUint64(32, 52n, true);
  view.setUint32(40, 1, true); // format version
  view.setUint32(44, 0, true); // DSD raw
  view.setUint32(48, DSF_CHANNEL_TYPES[channels.length] ?? 0, true);
  view.setUint32(52, channels.length, true);
  view.setUint32(56, rate, true);
  view.setUint32(60, 1, true); // bits per sample: LSB first
  view.setBigUint64(64, BigInt(perChannel * 8), true); // samples per channel
  view.setUint32(72, DSF_BLOCK, true);
  ascii(80, "data");
  view.setBigUint64(84, BigInt(12 + dataBytes), true);
  for (let block = 0; block < blocks; block++) {
    channels.forEach((bits, channel) => {
      const at = 92 + (block * channels.length + channel) * DSF_BLOCK;
      const part = bits.subarray(block * DSF_BLOCK, (block + 1) * DSF_BLOCK);
      for (let i = 0; i < part.length; i++) out[at + i] = reverseBits(part[i]!);
    });
  }
  return out;
}

/** A big-endian IFF chunk: id, 64-bit size, body, a pad byte when the size is odd. */
function chunk(id: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + body.length + (body.length & 1));
  out.set(new TextEncoder().encode(id), 0);
  new DataView(out.buffer).setBigUint64(4, BigInt(body.length));
  out.set(body, 12);
  return out;
}

const concat = (parts: Uint8Array[]): Uint8Array => concatBytes(...parts);

function u32(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
}

const DFF_CHANNEL_IDS = ["SLFT", "SRGT", "MLFT", "MRGT", "LS  ", "RS  "];

/** A DSDIFF (.dff) file: FRM8 "DSD " holding FVER, PROP "SND " (FS, CHNL, CMPR) and the "DSD " sound chunk, channels interleaved byte by byte. */
export function writeDff(tone: DsdTone): Uint8Array {
  const channels = modulate(tone);
  const rate = tone.sampleRate ?? DSD64_RATE;
  const text = new TextEncoder();
  const channelList = new Uint8Array(2 + 4 * channels.length);
  new DataView(channelList.buffer).setUint16(0, channels.length);
  channels.forEach((_, i) => channelList.set(text.encode(DFF_CHANNEL_IDS[i] ?? `C${String(i).padStart(3, "0")}`), 2 + 4 * i));
  const name = "not compressed";
  const compression = concat([text.encode("DSD "), Uint8Array.of(name.length), text.encode(name)]);
  const prop = chunk("PROP", concat([text.encode("SND "), chunk("FS  ", u32(rate)), chunk("CHNL", channelList), chunk("CMPR", compression)]));
  const perChannel = channels[0]?.length ?? 0;
  const sound = new Uint8Array(perChannel * channels.length);
  for (let i = 0; i < perChannel; i++) channels.forEach((bits, c) => (sound[i * channels.length + c] = bits[i]!));
  const form = concat([text.encode("DSD "), chunk("FVER", u32(0x01050000)), prop, chunk("DSD ", sound)]);
  return chunk("FRM8", form);
}
