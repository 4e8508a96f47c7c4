import { describe, expect, it } from "vitest";
import { encodeJpeg } from "./encode.ts";
import { jpegSize } from "./jpeg-size.ts";

function encodedJpeg(width: number, height: number): Uint8Array {
  return encodeJpeg({ width, height, data: new Uint8Array(width * height * 4).fill(128) }, { quality: 80 });
}

describe("jpegSize", () => {
  it("reads the frame header of a real JPEG", () => {
    expect(jpegSize(encodedJpeg(37, 21))).toEqual({ width: 37, height: 21 });
  });

  it("skips fill bytes and other segments before the frame header", () => {
    const app0 = [0xff, 0xe0, 0x00, 0x04, 1, 2];
    const sof2 = [0xff, 0xff, 0xc2, 0x00, 0x0b, 8, 0x01, 0x00, 0x02, 0x00, 3, 1, 0x11, 0];
    expect(jpegSize(new Uint8Array([0xff, 0xd8, ...app0, ...sof2]))).toEqual({ width: 512, height: 256 });
  });

  it("answers null for files that are not JPEG, end early or scan before any frame", () => {
    expect(jpegSize(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(jpegSize(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]))).toBeNull();
    expect(jpegSize(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0xff, 0xd9]))).toBeNull();
    expect(jpegSize(new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x0b, 8, 0]))).toBeNull();
    expect(jpegSize(new Uint8Array([0xff, 0xd8, 0x00, 0x00]))).toBeNull();
  });

  it("skips junk bytes before a marker, as libjpeg does", () => {
    const sof0 = [0xff, 0xc0, 0x00, 0x0b, 8, 0x00, 0x20, 0x00, 0x30, 1, 1, 0x11, 0];
    expect(jpegSize(new Uint8Array([0xff, 0xd8, 0x12, 0x34, 0x00, ...sof0]))).toEqual({ width: 48, height: 32 });
  });
});
