import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { scratch } from "#tests/support/scratch.ts";
import { HAVE_IMAGEMAGICK, IMAGEMAGICK } from "#tests/support/codecs/dds/test-helpers.ts";
import { jpegOrientation } from "./exif-orientation.ts";
import { propertyRuns } from "#tests/support/property.ts";
import { withExifOrientation } from "#tests/support/jpeg-exif.ts";

const work = scratch("exif-test");
const dir = work.dir;
afterAll(() => work.cleanup());

/** APP1 "Exif", big-endian TIFF, IFD0 with one entry: 0x0112, type 3 (SHORT) or 4 (LONG), value 6. */
function exifSegment(type: number): number[] {
  const value = type === 4 ? [0, 0, 0, 6] : [0, 6, 0, 0];
  const tiff = [0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, type, 0, 0, 0, 1, ...value, 0, 0, 0, 0];
  return [0xff, 0xe1, 0, tiff.length + 8, 0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
}

describe("jpegOrientation", () => {
  it.skipIf(!HAVE_IMAGEMAGICK).each([
    [1, "TopLeft", true],
    [2, "TopRight", false],
    [3, "BottomRight", true],
    [6, "RightTop", false],
    [8, "LeftBottom", true],
  ] as const)("reads %i (%s) as ImageMagick does", (orientation, name, littleEndian) => {
    const plain = join(dir, "plain.jpg");
    execFileSync(IMAGEMAGICK, ["-size", "16x8", "xc:red", plain]);
    const file = join(dir, `${name}.jpg`);
    writeFileSync(file, withExifOrientation(readFileSync(plain), orientation, littleEndian));
    expect(execFileSync(IMAGEMAGICK.replace("convert-", "identify-"), ["-format", "%[orientation]", file]).toString()).toBe(name);
    expect(jpegOrientation(readFileSync(file))).toBe(orientation);
  });

  it("finds the tag past junk and fill bytes before the EXIF segment, and as a LONG", () => {
    const app0 = [0xff, 0xe0, 0, 4, 1, 2];
    expect(jpegOrientation(Uint8Array.from([0xff, 0xd8, ...app0, 0x12, 0x34, 0xff, 0xff, ...exifSegment(3), 0xff, 0xda]))).toBe(6);
    expect(jpegOrientation(Uint8Array.from([0xff, 0xd8, ...exifSegment(4), 0xff, 0xda]))).toBe(6);
  });

  it("is 1 for files without EXIF, and for anything else", () => {
    expect(jpegOrientation(Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toBe(1);
    expect(jpegOrientation(new TextEncoder().encode("not a jpeg"))).toBe(1);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 120 }), (tail) => {
        const bytes = Uint8Array.from([0xff, 0xd8, 0xff, 0xe1, 0, tail.length + 8, 0x45, 0x78, 0x69, 0x66, 0, 0, ...tail]);
        const value = jpegOrientation(bytes);
        expect(value >= 1 && value <= 8).toBe(true);
      }),
      propertyRuns(100),
    );
  });
});
