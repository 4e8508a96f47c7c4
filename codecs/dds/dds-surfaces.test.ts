import { describe, expect, it } from "vitest";
import {
  allSurfaces,
  clampSelection,
  faceFileTag,
  singleImageFileName,
  sliceCount,
  surfaceCount,
  surfaceLabel,
  totalPixels,
  zipEntryName,
  zipEntryNames,
  zipFileName,
  type DdsLayout,
} from "./dds-surfaces.ts";

const FACES = ["+X", "-X", "+Y", "-Y", "+Z", "-Z"];
const plain: DdsLayout = { width: 256, height: 128, depth: 1, mipCount: 1, faces: 1, faceNames: [], arraySize: 1, isCubemap: false, isVolume: false };
const mipped: DdsLayout = { ...plain, mipCount: 9 };
const cube: DdsLayout = { ...plain, width: 64, height: 64, mipCount: 7, faces: 6, faceNames: FACES, isCubemap: true };
const array: DdsLayout = { ...plain, width: 16, height: 16, mipCount: 2, arraySize: 12 };
const volume: DdsLayout = { ...plain, width: 32, height: 32, depth: 8, mipCount: 4, isVolume: true };

describe("surfaces of a DDS file", () => {
  it("lists every image in file order, as parseDds lays them out", () => {
    expect(allSurfaces(plain)).toEqual([{ level: 0, face: 0, slice: 0 }]);
    const cubes = allSurfaces(cube);
    expect(cubes).toHaveLength(42);
    expect(cubes.slice(0, 8)).toEqual([
      ...[0, 1, 2, 3, 4, 5, 6].map((level) => ({ level, face: 0, slice: 0 })),
      { level: 0, face: 1, slice: 0 },
    ]);
    expect(allSurfaces(array)[2]).toEqual({ level: 0, face: 0, slice: 1 });
    // a volume's depth halves per level: 8 + 4 + 2 + 1 slices
    expect(allSurfaces(volume)).toHaveLength(15);
    expect(allSurfaces(volume)[8]).toEqual({ level: 1, face: 0, slice: 0 });
    for (const layout of [plain, mipped, cube, array, volume]) expect(surfaceCount(layout)).toBe(allSurfaces(layout).length);
  });

  it("counts the pixels of all images", () => {
    expect(totalPixels(plain)).toBe(256 * 128);
    // 64² cube with full mips: 6 × (4096 + 1024 + 256 + 64 + 16 + 4 + 1)
    expect(totalPixels(cube)).toBe(6 * 5461);
    expect(totalPixels(volume)).toBe(32 * 32 * 8 + 16 * 16 * 4 + 8 * 8 * 2 + 4 * 4);
  });

  it("offers the slices that exist at each level and clamps a stale selection", () => {
    expect(sliceCount(volume, 0)).toBe(8);
    expect(sliceCount(volume, 2)).toBe(2);
    expect(sliceCount(array, 1)).toBe(12);
    expect(clampSelection(volume, { level: 2, face: 0, slice: 7 })).toEqual({ level: 2, face: 0, slice: 1 });
    expect(clampSelection(cube, { level: 40, face: -1, slice: 3 })).toEqual({ level: 6, face: 0, slice: 0 });
    expect(clampSelection(plain, { level: Number.NaN, face: 0.5, slice: 0 })).toEqual({ level: 0, face: 0, slice: 0 });
  });
});

describe("names", () => {
  it("turns cube face names into file-safe tags", () => {
    expect(FACES.map(faceFileTag)).toEqual(["posx", "negx", "posy", "negy", "posz", "negz"]);
  });

  it("names zip entries with only the dimensions the file has, zero-padded so they sort, and always the size", () => {
    expect(zipEntryNames("photo", plain)).toEqual(["photo_256x128.png"]);
    expect(zipEntryNames("brick", mipped).slice(0, 3)).toEqual(["brick_mip0_256x128.png", "brick_mip1_128x64.png", "brick_mip2_64x32.png"]);
    expect(zipEntryNames("brick", mipped).at(-1)).toBe("brick_mip8_1x1.png");
    expect(zipEntryName("sky", cube, { level: 2, face: 3, slice: 0 })).toBe("sky_negy_mip2_16x16.png");
    expect(zipEntryName("atlas", array, { level: 1, face: 0, slice: 3 })).toBe("atlas_array03_mip1_8x8.png");
    expect(zipEntryName("fog", volume, { level: 1, face: 0, slice: 2 })).toBe("fog_mip1_depth2_16x16.png");
    const tenLevels = { ...plain, width: 512, height: 512, mipCount: 10 };
    expect(zipEntryName("t", tenLevels, { level: 3, face: 0, slice: 0 })).toBe("t_mip3_64x64.png");
    const elevenLevels = { ...plain, width: 1024, height: 1024, mipCount: 11 };
    expect(zipEntryName("t", elevenLevels, { level: 3, face: 0, slice: 0 })).toBe("t_mip03_128x128.png");
  });

  it("gives every image of a file its own zip entry", () => {
    for (const layout of [plain, mipped, cube, array, volume]) {
      const names = zipEntryNames("x", layout);
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it("names the single download after the input, with tags only for an image other than the main one", () => {
    expect(singleImageFileName("brick", mipped, { level: 0, face: 0, slice: 0 })).toBe("brick.png");
    expect(singleImageFileName("brick", mipped, { level: 4, face: 0, slice: 0 })).toBe("brick_mip4.png");
    expect(singleImageFileName("sky", cube, { level: 0, face: 5, slice: 0 })).toBe("sky_negz_mip0.png");
    expect(zipFileName("sky.v2")).toBe("sky.v2_all_images.zip");
  });

  it("labels an image for the pickers and the result", () => {
    expect(surfaceLabel(plain, { level: 0, face: 0, slice: 0 })).toBe("Mip 0 (256 × 128)");
    expect(surfaceLabel(cube, { level: 1, face: 1, slice: 0 })).toBe("Mip 1 (32 × 32), face -X");
    expect(surfaceLabel(array, { level: 0, face: 0, slice: 11 })).toBe("Mip 0 (16 × 16), array element 11");
    expect(surfaceLabel(volume, { level: 3, face: 0, slice: 0 })).toBe("Mip 3 (4 × 4), depth slice 0");
  });
});
