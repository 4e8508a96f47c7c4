import { describe, expect, it } from "vitest";
import { encoderLaneCount, MIN_PARALLEL_CORES } from "./encoder-lanes.ts";

describe("encoderLaneCount", () => {
  it("takes the thread cap when set, else the cores from MIN_PARALLEL_CORES, at most 4", () => {
    expect(encoderLaneCount(2, undefined)).toBe(1);
    expect(encoderLaneCount(MIN_PARALLEL_CORES, undefined)).toBe(MIN_PARALLEL_CORES);
    expect(encoderLaneCount(16, undefined)).toBe(4);
    expect(encoderLaneCount(2, 2)).toBe(2);
    expect(encoderLaneCount(8, 1)).toBe(1);
  });
});
