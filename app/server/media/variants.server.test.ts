import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { magick, magickFormat } from "#tests/support/imagemagick.ts";
import { HAVE_IMAGEMAGICK } from "#tests/support/reference-tools.ts";
import { readImageSize } from "./image-size.server.ts";
import { makeVariants } from "./variants.server.ts";

// The variants are checked by an independent decoder (ImageMagick with libheif for AVIF, which
// reports it as HEIC): each is a whole image of the right size, lighter than what it stands in for.
describe.skipIf(!HAVE_IMAGEMAGICK)("upload variants (ImageMagick decodes them)", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "media-variants-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const decoded = (name: string, data: Uint8Array) => {
    const file = path.join(dir, name);
    writeFileSync(file, data);
    return magickFormat(file, "%m %w %h");
  };

  it("a 1200 × 900 photo: JPEG copies at 480 and 960, AVIF at 480, 960 and full size, all lighter", async () => {
    const source = path.join(dir, "photo.jpg");
    magick(["-seed", "7", "-size", "1200x900", "plasma:fractal", "-blur", "0x0.7", "-quality", "90", source]);
    const original = new Uint8Array(readFileSync(source));
    expect(readImageSize(original, "jpg")).toEqual({ width: 1200, height: 900 });

    const variants = await makeVariants(original, "jpg");
    const listed = variants.map((v) => `${v.mime} ${v.width}x${v.height}`).toSorted();
    expect(listed).toEqual(["image/avif 1200x900", "image/avif 480x360", "image/avif 960x720", "image/jpeg 480x360", "image/jpeg 960x720"]);
    for (const v of variants) {
      expect(decoded(`v-${v.width}.${v.ext}`, v.data)).toBe(`${v.ext === "avif" ? "HEIC" : "JPEG"} ${v.width} ${v.height}`);
      expect(v.data.length).toBeLessThan(original.length);
    }
    // each AVIF is lighter than the JPEG of its width (the original at full width)
    for (const avif of variants.filter((v) => v.ext === "avif")) {
      const jpeg = variants.find((v) => v.ext === "jpg" && v.width === avif.width)?.data.length ?? original.length;
      expect(avif.data.length).toBeLessThan(jpeg);
    }
  });

  it("a PNG with transparency keeps it in its copies; an image under 480 px wide gets no resized copy", async () => {
    const source = path.join(dir, "alpha.png");
    magick(["-seed", "3", "-size", "800x500", "plasma:", "(", "-size", "800x500", "radial-gradient:white-black", ")", "-alpha", "off", "-compose", "copy-opacity", "-composite", source]);
    const original = new Uint8Array(readFileSync(source));
    const variants = await makeVariants(original, "png");
    const png480 = variants.find((v) => v.ext === "png" && v.width === 480);
    expect(png480).toBeDefined();
    expect(decoded("a-480.png", png480!.data)).toBe("PNG 480 300");
    expect(magickFormat(path.join(dir, "a-480.png"), "%A")).toMatch(/^(True|Blend)/);
    for (const v of variants) expect(decoded(`a-${v.width}.${v.ext}`, v.data)).toBe(`${v.ext === "avif" ? "HEIC" : "PNG"} ${v.width} ${v.height}`);

    const small = path.join(dir, "small.png");
    magick(["-size", "300x200", "gradient:red-blue", small]);
    expect((await makeVariants(new Uint8Array(readFileSync(small)), "png")).filter((v) => v.ext === "png")).toEqual([]);
  });

  it("formats it cannot decode, or images too large to process in an upload, get none", async () => {
    const gif = path.join(dir, "a.gif");
    magick(["-size", "900x600", "gradient:red-blue", gif]);
    expect(await makeVariants(new Uint8Array(readFileSync(gif)), "gif")).toEqual([]);
  });
});
