import { execFileSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { HAVE_IMAGEMAGICK, HAVE_POPPLER, HAVE_QPDF, IMAGEMAGICK, pdfinfo, pdftoppm, qpdfCheck, scratch } from "#tests/support/codecs/pdf/test-helpers.ts";
import { magickFormat } from "#tests/support/imagemagick.ts";
import { rampPng } from "#tests/support/office-fixtures.ts";
import { withExifOrientation } from "#tests/support/jpeg-exif.ts";
import { decodePng } from "../png/index.ts";
import { jpegToPng, pngToJpeg } from "./convert-image.ts";
import { imagesToPdf } from "./images-to-pdf.ts";
import { decodeJpegPixels } from "../jpeg/decode.ts";

const dir = scratch("images-to-pdf");
afterAll(() => dir.cleanup());

/** The bounding box of the page's non-white pixels. */
function inkBox(page: { width: number; height: number; rgb: Uint8Array }): { width: number; height: number } {
  let left = page.width, right = -1, top = page.height, bottom = -1;
  for (let y = 0; y < page.height; y++) {
    for (let x = 0; x < page.width; x++) {
      const i = (y * page.width + x) * 3;
      if (page.rgb[i]! < 240 || page.rgb[i + 1]! < 240 || page.rgb[i + 2]! < 240) {
        left = Math.min(left, x); right = Math.max(right, x); top = Math.min(top, y); bottom = Math.max(bottom, y);
      }
    }
  }
  return { width: right - left + 1, height: bottom - top + 1 };
}

describe.skipIf(!HAVE_IMAGEMAGICK || !HAVE_POPPLER || !HAVE_QPDF)("imagesToPdf", () => {
  // a 400×200 photo stored sideways with EXIF "rotate 90° clockwise to view" (ImageMagick writes the tag)
  execFileSync(IMAGEMAGICK, ["-size", "400x200", "gradient:navy-orange", "-quality", "90", dir.path("plain.jpg")]);
  const sideways = withExifOrientation(dir.read("plain.jpg"), 6, false);

  it("puts each image on its own page in the order given, the JPEG's own data kept", async () => {
    const pdf = dir.write("two.pdf", await imagesToPdf([{ bytes: rampPng(), name: "ramp.png" }, { bytes: sideways, name: "sideways.jpg" }], { title: "Two" }));
    qpdfCheck(pdf);
    const info = pdfinfo(pdf);
    expect(info.pages).toBe(2);
    // the wide ramp on a landscape page; the photo is upright (200 wide, 400 high) on a portrait page
    expect(info.sizes[0]!.width).toBeGreaterThan(info.sizes[0]!.height);
    expect(info.sizes[1]!.width).toBeLessThan(info.sizes[1]!.height);
    const list = execFileSync("pdfimages", ["-list", pdf], { encoding: "utf8" });
    expect(list).toMatch(/^\s+1\s+\d+\s+image\s+120\s+80\b/m);
    expect(list).toMatch(/^\s+2\s+\d+\s+image\s+400\s+200\s+rgb\s+3\s+8\s+jpeg/m);
    // drawn upright: the ink on page 2 is twice as high as wide
    const box = inkBox(pdftoppm(pdf, 2, 72));
    expect(box.height / box.width).toBeCloseTo(2, 1);
  });

  it("refuses a file that is not an image, by name", async () => {
    await expect(imagesToPdf([{ bytes: new TextEncoder().encode("hello"), name: "notes.png" }])).rejects.toMatchObject({ code: "damaged", message: expect.stringContaining("notes.png") });
    const cut = rampPng().subarray(0, 60);
    await expect(imagesToPdf([{ bytes: cut, name: "cut.png" }])).rejects.toMatchObject({ code: "damaged" });
  });

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
