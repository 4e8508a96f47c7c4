import { describe, expect, it } from "vitest";
import { dayShiftNote, INVALID_TIME_MESSAGE, shiftTime, TIME_CONVERSIONS } from "./offsets.ts";

describe("time offsets", () => {
  it("has the seven converters with the spec's offsets", () => {
    expect(Object.fromEntries(TIME_CONVERSIONS.map((t) => [t.slug, t.offsetHours]))).toEqual({
      "est-to-gmt-converter": 5,
      "gmt-to-eest-converter": 3,
      "gmt-to-est-converter": -5,
      "gmt-to-kst-converter": 9,
      "kst-to-gmt-converter": -9,
      "pdt-to-gmt-converter": 7,
      "pdt-to-bst-converter": 8,
    });
  });
  it("wraps at 24 hours and says when the day changes", () => {
    expect(shiftTime("23:30", 5)).toEqual({ ok: true, time: "04:30", dayShift: 1 });
    expect(shiftTime("02:15", -5)).toEqual({ ok: true, time: "21:15", dayShift: -1 });
    expect(shiftTime("12:00", 9)).toEqual({ ok: true, time: "21:00", dayShift: 0 });
    expect(shiftTime("15:00", 9)).toEqual({ ok: true, time: "00:00", dayShift: 1 });
    expect(shiftTime("09:00", -9)).toEqual({ ok: true, time: "00:00", dayShift: 0 });
    expect(shiftTime("7:05", 7)).toEqual({ ok: true, time: "14:05", dayShift: 0 });
    expect(dayShiftNote(1)).toBe("next day");
    expect(dayShiftNote(-1)).toBe("previous day");
  });
  it.each(["", "24:00", "12:60", "12", "ab:cd", "1:2", "12:00:00", "-1:00"])("refuses %j", (input) => {
    expect(shiftTime(input, 5)).toEqual({ ok: false, message: INVALID_TIME_MESSAGE });
  });
});
