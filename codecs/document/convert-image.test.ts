import { execFileSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { HAVE_IMAGEMAGICK, IMAGEMAGICK, scratch } from "#tests/support/codecs/pdf/test-helpers.ts";
import { magickFormat } from "#tests/support/imagemagick.ts";
import { rampPng } from "#tests/support/office-fixtures.ts";
import { withExifOrientation } from "#tests/support/jpeg-exif.ts";
import { decodePng } from "../png/index.ts";
import { jpegToPng, pngToJpeg } from "./convert-image.ts";
import { decodeJpegPixels } from "../jpeg/decode.ts";

const dir = scratch("convert-image");
afterAll(() => dir.cleanup());

describe.skipIf(!HAVE_IMAGEMAGICK)("JPG and PNG conversions", () => {
  // a 400×200 photo stored sideways with EXIF "rotate 90° clockwise to view" (ImageMagick writes the tag)
  execFileSync(IMAGEMAGICK, ["-size", "400x200", "gradient:navy-orange", "-quality", "90", dir.path("plain.jpg")]);
  const sideways = withExifOrientation(dir.read("plain.jpg"), 6, false);

  it("converts JPG to PNG upright and PNG to JPG on white, as ImageMagick reads them", () => {
    const png = dir.write("upright.png", jpegToPng(sideways));
    expect(magickFormat(png, "%w %h %m")).toBe("200 400 PNG");
    const jpg = dir.write("ramp.jpg", pngToJpeg(rampPng(), 90));
    expect(magickFormat(jpg, "%w %h %m")).toBe("120 80 JPEG");
    // the colours survive: the ramp's corners through JPEG stay within a few levels
    const back = decodeJpegPixels(dir.read("ramp.jpg"));
    const source = decodePng(rampPng());
    for (const i of [0, 119, 80 * 120 - 1]) {
      for (let c = 0; c < 3; c++) expect(Math.abs(back.data[i * 4 + c]! - source.data[i * 4 + c]!)).toBeLessThan(24);
    }
  });
});
