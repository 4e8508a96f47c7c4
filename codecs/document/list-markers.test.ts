import { describe, expect, it } from "vitest";
import { listMarker } from "./list-markers.ts";

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
