import { describe, expect, it } from "vitest";
import { crc16, lameFrame, lameFrameBytes, readFrameHeader, xingByteCount } from "./lame-tag.ts";

/** A Xing frame as mediabunny 1.61 writes it for 44.1 kHz stereo: 48 kbps (156 bytes), "protected" bit clear, 4 fields. */
function mediabunnyXing(frames: number, bytes: number): Uint8Array {
  const frame = new Uint8Array(156);
  frame.set([0xff, 0xfa, 0x30, 0x44]);
  const view = new DataView(frame.buffer);
  frame.set([0x58, 0x69, 0x6e, 0x67], 36); // "Xing"
  view.setUint32(40, 7);
  view.setUint32(44, frames);
  view.setUint32(48, bytes);
  for (let i = 0; i < 100; i++) frame[52 + i] = Math.floor((256 * (156 + ((bytes - 156) * i) / 100)) / bytes);
  return frame;
}

describe("LAME tag", () => {
  it("computes CRC-16/ARC, in pieces too", () => {
    const text = new TextEncoder().encode("123456789");
    expect(crc16(text)).toBe(0xbb3d);
    expect(crc16(text.subarray(4), crc16(text.subarray(0, 4)))).toBe(0xbb3d);
  });

  it("reads frame headers: sizes and the Xing offset per MPEG version and channel mode", () => {
    expect(readFrameHeader(new Uint8Array([0xff, 0xfb, 0xb0, 0x00]))).toMatchObject({ mpeg1: true, sampleRate: 44100, frameBytes: 626, xingOffset: 36, samplesPerFrame: 1152 });
    expect(readFrameHeader(new Uint8Array([0xff, 0xfb, 0x52, 0xc4]))).toMatchObject({ sampleRate: 44100, channelMode: 3, frameBytes: 209, xingOffset: 21 });
    expect(readFrameHeader(new Uint8Array([0xff, 0xf3, 0x40, 0x00]))).toMatchObject({ mpeg1: false, sampleRate: 22050, frameBytes: 104, xingOffset: 21, samplesPerFrame: 576 });
    expect(() => readFrameHeader(new Uint8Array([0x49, 0x44, 0x33, 0x04]))).toThrow(RangeError);
  });

  it("rebuilds the frame large enough, with the gapless counts and both CRCs", () => {
    const xing = mediabunnyXing(41, 156 + 40 * 627);
    expect(lameFrameBytes(xing)).toBe(208); // 64 kbps: the first 44.1 kHz frame that holds 36 + 120 + 36 bytes
    const frame = lameFrame(xing, { samples: 44100, encoderDelay: 576, constantKbps: 192, musicCrc: 0x1234 });
    const view = new DataView(frame.buffer);
    expect(frame.byteLength).toBe(208);
    expect([...frame.subarray(0, 4)]).toEqual([0xff, 0xfb, 0x50, 0x44]);
    expect(readFrameHeader(frame).frameBytes).toBe(208);
    expect(String.fromCharCode(...frame.subarray(36, 40))).toBe("Xing");
    expect(view.getUint32(40)).toBe(15);
    expect(view.getUint32(44)).toBe(40); // audio frames, the tag frame not counted
    expect(view.getUint32(48)).toBe(156 + 40 * 627 + 52);
    expect(xingByteCount(frame)).toBe(156 + 40 * 627 + 52);
    const tag = frame.subarray(156, 192);
    expect(new TextDecoder().decode(tag.subarray(0, 9))).toBe("LAME3.100");
    expect(tag[9]).toBe(1);
    expect(tag[20]).toBe(192);
    // 40 × 1152 = 576 + 44100 + 1404
    expect(((tag[21] ?? 0) << 16) | ((tag[22] ?? 0) << 8) | (tag[23] ?? 0)).toBe((576 << 12) | 1404);
    expect(tag[24]).toBe((1 << 6) | (3 << 2)); // 44.1 kHz source, joint stereo (0x44)
    expect(view.getUint32(156 + 28)).toBe(156 + 40 * 627 + 52);
    expect(view.getUint16(156 + 32)).toBe(0x1234);
    expect(view.getUint16(156 + 34)).toBe(crc16(frame.subarray(0, 190)));
    // the seek table moved with the audio (within its 1/256 rounding): entry 50 near the middle of the grown file
    const middle = (256 * (156 + 52 + 20 * 627)) / (156 + 40 * 627 + 52);
    expect(Math.abs((frame[52 + 50] ?? 0) - Math.floor(middle))).toBeLessThanOrEqual(1);
  });

  it("says 'unknown' (0, 0) when the counts cannot be right, and 0 for a missing music CRC", () => {
    const frame = lameFrame(mediabunnyXing(3, 156 + 2 * 627), { samples: 44100, encoderDelay: 576, constantKbps: null, musicCrc: null });
    expect([...frame.subarray(156 + 21, 156 + 24)]).toEqual([0, 0, 0]);
    expect(frame[156 + 9]).toBe(0);
    expect(new DataView(frame.buffer).getUint16(156 + 32)).toBe(0);
  });
});
