import { describe, expect, it } from "vitest";
import { icoSuccessDescription, paddingNote, toggleSize, validSizes } from "./ico-job.ts";

const OFFERED = [16, 24, 32, 48, 64, 128, 256];

describe("ICO sizes", () => {
  it("ticks and unticks sizes, keeping them unique and sorted", () => {
    expect(toggleSize([16, 32, 48], 256, true)).toEqual([16, 32, 48, 256]);
    expect(toggleSize([16, 32, 48], 24, true)).toEqual([16, 24, 32, 48]);
    expect(toggleSize([16, 32, 48], 32, false)).toEqual([16, 48]);
    expect(toggleSize([16], 16, true)).toEqual([16]);
    expect(toggleSize([16], 16, false)).toEqual([]);
  });

  it("keeps only offered sizes in a request, and none is no request", () => {
    expect(validSizes([48, 16, 16, 300, 32], OFFERED)).toEqual([16, 32, 48]);
    expect(validSizes([], OFFERED)).toBeNull();
    expect(validSizes([0, 17], OFFERED)).toBeNull();
  });

  it("uses the spec's texts", () => {
    expect(icoSuccessDescription(3)).toBe("ICO file created with 3 size(s)");
    expect(icoSuccessDescription(1)).toBe("ICO file created with 1 size(s)");
  });

  it("explains the padding of a non-square image", () => {
    expect(paddingNote(64, 64)).toBe("");
    expect(paddingNote(300, 200)).toBe("The 300 × 200 image was centred on a transparent 300 × 300 square, so it keeps its proportions.");
  });
});
