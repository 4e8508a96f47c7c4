// What an AV1 item's own bytes say about its image, for files whose 'ispe' or 'pixi' property is
// missing: the frame size from the sequence header OBU (AV1 spec 5.5), and the bit depth and
// planes from the 'av1C' configuration box.
import { MsbBitReader } from "../common/bit-reader.ts";

export interface Av1Config {
  bitDepth: 8 | 10 | 12;
  monochrome: boolean;
}

/** 'av1C' (its bytes with the box header): marker/version, profile/level, then the colour flags. */
export function readAv1Config(av1C: Uint8Array): Av1Config | undefined {
  if (av1C.length < 8 + 4) return undefined;
  const flags = av1C[8 + 2]!;
  const highBitDepth = (flags & 0x40) !== 0;
  const twelveBit = (flags & 0x20) !== 0;
  return { bitDepth: highBitDepth ? (twelveBit ? 12 : 10) : 8, monochrome: (flags & 0x10) !== 0 };
}

/** The largest frame size the item's sequence header allows (its max_frame_*), or undefined when there is none. */
export function av1FrameSize(data: Uint8Array): { width: number; height: number } | undefined {
  let at = 0;
  // each OBU is at least one byte, so this loop ends within data.length steps
  while (at < data.length) {
    const header = data[at]!;
    const type = (header >> 3) & 15;
    const hasExtension = (header & 4) !== 0;
    const hasSize = (header & 2) !== 0;
    at += 1 + (hasExtension ? 1 : 0);
    let size = data.length - at;
    if (hasSize) {
      const leb = readLeb128(data, at);
      if (!leb) return undefined;
      size = leb.value;
      at += leb.length;
    }
    if (type === 1) return sequenceHeaderSize(data.subarray(at, Math.min(data.length, at + size)));
    at += size;
  }
  return undefined;
}

function readLeb128(data: Uint8Array, at: number): { value: number; length: number } | undefined {
  let value = 0;
  for (let i = 0; i < 8 && at + i < data.length; i++) {
    const byte = data[at + i]!;
    value += (byte & 0x7f) * 2 ** (7 * i);
    if ((byte & 0x80) === 0) return { value, length: i + 1 };
  }
  return undefined;
}

function sequenceHeaderSize(obu: Uint8Array): { width: number; height: number } | undefined {
  const bits = new MsbBitReader(obu);
  bits.read(3); // seq_profile
  bits.read(1); // still_picture
  const reduced = bits.read(1);
  if (reduced) {
    bits.read(5);
  } else {
    const timingInfo = bits.read(1);
    let decoderModel = 0;
    let bufferDelayLength = 0;
    if (timingInfo) {
      bits.read(32);
      bits.read(32);
      if (bits.read(1)) uvlc(bits);
      decoderModel = bits.read(1);
      if (decoderModel) {
        bufferDelayLength = bits.read(5) + 1;
        bits.read(32);
        bits.read(5);
        bits.read(5);
      }
    }
    const initialDisplayDelay = bits.read(1);
    const operatingPoints = bits.read(5) + 1;
    for (let i = 0; i < operatingPoints; i++) {
      bits.read(12);
      const level = bits.read(5);
      if (level > 7) bits.read(1);
      if (decoderModel && bits.read(1)) {
        bits.read(bufferDelayLength);
        bits.read(bufferDelayLength);
        bits.read(1);
      }
      if (initialDisplayDelay && bits.read(1)) bits.read(4);
    }
  }
  const widthBits = bits.read(4) + 1;
  const heightBits = bits.read(4) + 1;
  const width = bits.read(widthBits) + 1;
  const height = bits.read(heightBits) + 1;
  return bits.overrun ? undefined : { width, height };
}

/** AV1's uvlc(): a run of zero bits, then as many bits of value (spec 4.10.3). */
function uvlc(bits: MsbBitReader): number {
  let zeros = 0;
  while (!bits.overrun && bits.read(1) === 0 && zeros < 32) zeros++;
  return zeros >= 32 ? 0 : bits.read(zeros) + 2 ** zeros - 1;
}
