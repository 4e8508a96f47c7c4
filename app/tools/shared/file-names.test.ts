import { describe, expect, it } from "vitest";
import { formatFileSize, outputFileName } from "./file-names.ts";

describe("outputFileName", () => {
  it.each([
    ["photo.final.dds", "png", "photo.final.png"],
    ["photo.dds", ".png", "photo.png"],
    ["Texture.DDS", "png", "Texture.png"],
    ["README", "txt", "README.txt"],
    ["song.mp3", "ogg", "song.ogg"],
    ["data.bin", "fnv.txt", "data.fnv.txt"],
    [".dds", "png", ".dds.png"],
    ["", "png", "converted.png"],
    ["C:\\fakepath\\image.jfif", "png", "image.png"],
    ["  spaced name .jpg ", "ico", "spaced name .ico"],
    ["archive.tar", "", "archive"],
  ])("%s + %s → %s", (input, extension, expected) => {
    expect(outputFileName(input, extension)).toBe(expected);
  });
});

describe("formatFileSize", () => {
  it.each([
    [0, "0 bytes"],
    [1, "1 byte"],
    [512, "512 bytes"],
    [1024, "1 KB"],
    [1536, "1.5 KB"],
    [655_360, "640 KB"],
    [12.3 * 1024 * 1024, "12.3 MB"],
    [4 * 1024 ** 3, "4 GB"],
    [-1, ""],
    [Number.NaN, ""],
  ])("%d → %s", (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });
});
