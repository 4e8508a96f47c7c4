import { describe, expect, it } from "vitest";
import { holdsWholeFrame, id3v2TagBytes } from "./mp3-tags.ts";

const header = (flags: number, size: number[]) => new Uint8Array([0x49, 0x44, 0x33, 4, 0, flags, ...size]);

describe("MP3 tags", () => {
  it("reads an ID3v2 tag's size: synchsafe, with the header and a flagged footer", () => {
    expect(id3v2TagBytes(header(0, [0, 0, 0x0d, 0x10]))).toBe(10 + 13 * 128 + 16);
    expect(id3v2TagBytes(header(0x10, [0, 0, 0, 100]))).toBe(120);
    // a byte with its top bit set is not synchsafe; "ID4" is not a tag
    expect(id3v2TagBytes(header(0, [0, 0, 0x80, 0]))).toBeNull();
    expect(id3v2TagBytes(new Uint8Array([0x49, 0x44, 0x34, 4, 0, 0, 0, 0, 0, 0]))).toBeNull();
  });

  it("tells bytes holding a whole layer III frame from a frame cut short or no frame at all", () => {
    // MPEG-1 layer III, 128 kbps, 44.1 kHz, no padding: 417 bytes
    const frame = new Uint8Array(417);
    frame.set([0xff, 0xfb, 0x90, 0x64]);
    expect(holdsWholeFrame(new Uint8Array([1, 2, 3, ...frame]))).toBe(true);
    expect(holdsWholeFrame(frame.subarray(0, 300))).toBe(false);
    expect(holdsWholeFrame(new Uint8Array(2000).fill(0x41))).toBe(false);
  });
});
