import { describe, expect, it } from "vitest";
import { formatNumber, listMarker } from "./list-markers.ts";

describe("listMarker", () => {
  it("cycles bullets and number styles by level, as Word's numbering does", () => {
    expect([0, 1, 2, 3].map((level) => listMarker(false, level, 1))).toEqual(["•", "◦", "▪", "•"]);
    expect([0, 1, 2, 3].map((level) => listMarker(true, level, 4))).toEqual(["4.", "d.", "iv.", "4."]);
  });

  it("counts letters past z and roman numerals into the thousands", () => {
    expect([26, 27, 52, 703].map((n) => listMarker(true, 1, n))).toEqual(["z.", "aa.", "az.", "aaa."]);
    expect([9, 14, 40, 1994].map((n) => listMarker(true, 2, n))).toEqual(["ix.", "xiv.", "xl.", "mcmxciv."]);
  });
});

describe("formatNumber", () => {
  it("writes Word's number formats: repeated letters, roman numerals, leading zero, ordinals", () => {
    expect([1, 26, 27, 28].map((n) => formatNumber(n, "lowerLetter"))).toEqual(["a", "z", "aa", "bb"]);
    // a hostile start value does not make a megabyte of letters
    expect(formatNumber(2 ** 31 - 1, "upperLetter")).toBe("2147483647");
    expect([4, 9, 2024].map((n) => formatNumber(n, "upperRoman"))).toEqual(["IV", "IX", "MMXXIV"]);
    expect([3, 12].map((n) => formatNumber(n, "decimalZero"))).toEqual(["03", "12"]);
    expect([1, 2, 3, 11, 22].map((n) => formatNumber(n, "ordinal"))).toEqual(["1st", "2nd", "3rd", "11th", "22nd"]);
  });
});
