import { describe, expect, it } from "vitest";
import { downscale, downscaleToFit, fitWithin } from "./downscale.ts";
import { paintImage, RED, threeShapes } from "#tests/support/codecs/svg/test-helpers.ts";

describe("fitWithin", () => {
  it("keeps sizes that fit and shrinks others to the pixel budget, aspect ratio kept", () => {
    expect(fitWithin(1000, 1000, 1_000_000)).toEqual({ width: 1000, height: 1000 });
    expect(fitWithin(4000, 3000, 1_000_000)).toEqual({ width: 1154, height: 866 });
    expect(fitWithin(100_000, 2, 1000)).toEqual({ width: 1000, height: 1 });
    expect(fitWithin(2, 100_000, 1000)).toEqual({ width: 1, height: 1000 });
  });
});

describe("downscale", () => {
  it("averages each block of source pixels", () => {
    const image = paintImage(4, 2, (x) => (x < 2 ? [0, 0, 0, 255] : [200, 100, 50, 255]));
    expect(Array.from(downscale(image, 2, 1).data)).toEqual([0, 0, 0, 255, 200, 100, 50, 255]);
    expect(Array.from(downscale(image, 1, 1).data)).toEqual([100, 50, 25, 255]);
  });

  it("weights colours by alpha, so transparent pixels do not darken edges", () => {
    const image = paintImage(2, 1, (x) => (x === 0 ? RED : [0, 0, 0, 0]));
    expect(Array.from(downscale(image, 1, 1).data)).toEqual([220, 30, 40, 128]);
  });

  it("returns the image itself when it fits, a reduced copy otherwise", () => {
    const image = threeShapes(300, 200);
    expect(downscaleToFit(image, 60_000)).toBe(image);
    const reduced = downscaleToFit(image, 15_000);
    expect([reduced.width, reduced.height]).toEqual([150, 100]);
    expect(Array.from(reduced.data.slice(0, 4))).toEqual([255, 255, 255, 255]);
  });
});
