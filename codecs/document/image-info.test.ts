import { execFileSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { HAVE_IMAGEMAGICK, IMAGEMAGICK } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import { pictureInfo } from "./image-info.ts";

const work = scratch("image-info");
afterAll(() => work.cleanup());

describe.skipIf(!HAVE_IMAGEMAGICK)("pictureInfo", () => {
  it("reads the size of JPEG and PNG files written by ImageMagick", () => {
    for (const [name, size] of [["a.jpg", "37x21"], ["b.png", "5x300"], ["c.jpg", "640x1"]] as const) {
      const path = work.path(name);
      execFileSync(IMAGEMAGICK, ["-size", size, "gradient:red-blue", ...(name === "c.jpg" ? ["-interlace", "JPEG"] : []), path]);
      const info = pictureInfo(work.read(name));
      expect(`${info.width}x${info.height}`).toBe(size);
      expect(info.kind).toBe(name.endsWith(".png") ? "png" : "jpeg");
    }
    execFileSync(IMAGEMAGICK, ["-size", "3x3", "xc:red", work.path("d.gif")]);
    execFileSync(IMAGEMAGICK, ["-size", "3x3", "xc:red", work.path("e.bmp")]);
    expect(pictureInfo(work.read("d.gif")).kind).toBe("gif");
    expect(pictureInfo(work.read("e.bmp")).kind).toBe("bmp");
  });
});
