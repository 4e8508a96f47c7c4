import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { propertyRuns } from "#tests/support/property.ts";
import { defaultChoice } from "./options.ts";
import { planConversion } from "./plan.ts";
import { etaSeconds, formatEta, progressAtSourceTime, progressOf } from "./progress.ts";
import { CHROMIUM_ENCODERS, INPUTS } from "#tests/support/codecs/media/test-helpers.ts";

const mp4 = INPUTS["MP4 H.264+AAC"];

describe("progressOf", () => {
  it("divides by the trimmed length, not the file's", () => {
    if (mp4 === undefined) throw new Error("fixture");
    const plan = planConversion(mp4, { ...defaultChoice("mkv"), trim: { startSeconds: 2, endSeconds: 6 } }, CHROMIUM_ENCODERS);
    expect(plan.outputSeconds).toBe(4);
    expect(progressOf(0, plan)).toBe(0);
    expect(progressOf(1, plan)).toBe(0.25);
    expect(progressOf(4, plan)).toBe(1);
    // an engine reporting the source's timestamps: the trim start is subtracted
    expect(progressAtSourceTime(2, plan)).toBe(0);
    expect(progressAtSourceTime(5, plan)).toBe(0.75);
  });

  it("clamps to 0–1 and is null when the length is unknown", () => {
    const plan = { outputSeconds: 10, trim: { startSeconds: 0, endSeconds: null } };
    expect(progressOf(-3, plan)).toBe(0);
    expect(progressOf(12, plan)).toBe(1);
    expect(progressOf(Number.NaN, plan)).toBeNull();
    expect(progressOf(3, { outputSeconds: null })).toBeNull();
    expect(progressOf(0, { outputSeconds: 0 })).toBe(1);
  });

  it("is monotone and within [0, 1] for any trim (property)", () => {
    const arbitrary = fc.record({
      duration: fc.double({ min: 0.2, max: 10_000, noNaN: true }),
      startShare: fc.double({ min: 0, max: 0.9, noNaN: true }),
      times: fc.array(fc.double({ min: -100, max: 20_000, noNaN: true }), { minLength: 2, maxLength: 20 }),
    });
    fc.assert(
      fc.property(arbitrary, ({ duration, startShare, times }) => {
        const start = duration * startShare;
        const plan = { outputSeconds: duration - start, trim: { startSeconds: start, endSeconds: null } };
        const sorted = times.toSorted((a, b) => a - b);
        let previous = -1;
        for (const t of sorted) {
          const p = progressAtSourceTime(t, plan);
          if (p === null || p < 0 || p > 1 || p < previous) return false;
          previous = p;
        }
        return true;
      }),
      propertyRuns(300),
    );
  });
});

describe("etaSeconds and formatEta", () => {
  it("waits for 3 % and 1 s, then extrapolates", () => {
    expect(etaSeconds(0.02, 5000)).toBeNull();
    expect(etaSeconds(0.5, 900)).toBeNull();
    expect(etaSeconds(0.03, 1000)).toBeCloseTo((1 * 0.97) / 0.03, 6);
    expect(etaSeconds(0.25, 10_000)).toBe(30);
    expect(etaSeconds(1, 10_000)).toBe(0);
  });

  it("falls as the work advances at a steady rate (property)", () => {
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 1, noNaN: true }), fc.double({ min: 0.05, max: 0.95, noNaN: true }), (rate, share) => {
        // a steady engine: fraction = rate × seconds
        const total = 1 / rate;
        const early = etaSeconds(share * 0.5, share * 0.5 * total * 1000);
        const late = etaSeconds(share, share * total * 1000);
        if (late === null) return true;
        return early === null || early >= late - 1e-9;
      }),
      propertyRuns(200),
    );
  });

  it("says it in seconds, minutes or hours", () => {
    expect(formatEta(0.2)).toBe("about 1 s left");
    expect(formatEta(12.4)).toBe("about 12 s left");
    expect(formatEta(59)).toBe("about 59 s left");
    expect(formatEta(60)).toBe("about 1 min left");
    expect(formatEta(185)).toBe("about 3 min left");
    expect(formatEta(3600)).toBe("about 1 h left");
    expect(formatEta(3900)).toBe("about 1 h 5 min left");
  });
});
