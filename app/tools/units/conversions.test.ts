import { describe, expect, it } from "vitest";
import { convertInput, formatResult, UNIT_CONVERSIONS, type UnitConversion } from "./conversions";

const bySlug = (slug: string): UnitConversion => {
  const c = UNIT_CONVERSIONS.find((u) => u.slug === slug);
  if (!c) throw new Error(slug);
  return c;
};
const forward = (slug: string, input: string) => convertInput(bySlug(slug), input, "forward");
const backward = (slug: string, input: string) => convertInput(bySlug(slug), input, "backward");
const value = (text: string) => ({ kind: "value", text });

describe("unit conversions: the spec's factors", () => {
  it.each([
    ["cm-to-mm-converter", "12.5", "125.0000", "125", "12.5000"],
    ["mm-to-cm-converter", "125", "12.5000", "12.5", "125.0000"],
    ["cm-to-inches-converter", "10", "3.9370", "1", "2.5400"],
    ["inches-to-cm-converter", "1", "2.5400", "2.54", "1.0000"],
    ["km-to-miles-converter", "10", "6.2137", "6.21371", "10.0000"],
    ["miles-to-km-converter", "26.2", "42.1647", "1.60934", "1.0000"],
    ["pounds-to-kg-converter", "150", "68.0388", "0.453592", "1.0000"],
    ["tons-to-pounds-converter", "1.5", "3000.0000", "2000", "1.0000"],
    ["radians-to-rpm-converter", "1", "9.5493", "9.5493", "1.0000"],
    ["kilowatts-to-decibels-converter", "1", "60.0000", "30", "0.0010"],
    ["bhp-to-ton-calculator", "100", "21.2000", "1", "4.7150"],
  ])("%s: %s → %s and %s → %s", (slug, a, b, c, d) => {
    expect(forward(slug, a)).toEqual(value(b));
    expect(backward(slug, c)).toEqual(value(d));
  });

  it("round-trips linear factors to 4 decimals", () => {
    for (const c of UNIT_CONVERSIONS.filter((u) => u.slug !== "bhp-to-ton-calculator")) {
      for (const x of [0.5, 3, 42.125]) {
        expect(Number(formatResult(c.backward(c.forward(x))))).toBeCloseTo(x, 4);
      }
    }
  });

  it("rounds to 4 decimals and never shows -0.0000", () => {
    expect(formatResult(1 / 3)).toBe("0.3333");
    expect(formatResult(2 / 3)).toBe("0.6667");
    expect(formatResult(-0.00001)).toBe("0.0000");
  });
});

describe("input rules (§5)", () => {
  it("empty input clears the other field", () => {
    expect(forward("cm-to-mm-converter", "  ")).toEqual({ kind: "clear" });
  });
  it("most converters ignore non-numeric input", () => {
    expect(forward("cm-to-mm-converter", "abc")).toEqual({ kind: "ignore" });
    expect(forward("km-to-miles-converter", "1,5")).toEqual({ kind: "ignore" });
  });
  it("cm↔inches clears the other field on non-numeric values and allows negatives", () => {
    expect(forward("cm-to-inches-converter", "abc")).toEqual({ kind: "clear" });
    expect(forward("cm-to-inches-converter", "-2.54")).toEqual(value("-1.0000"));
  });
  it("BHP: min 0; a negative or non-numeric value clears the other field", () => {
    expect(forward("bhp-to-ton-calculator", "-1")).toMatchObject({ kind: "clear", message: "Enter a number of 0 or more." });
    expect(forward("bhp-to-ton-calculator", "x")).toEqual({ kind: "clear" });
    expect(forward("bhp-to-ton-calculator", "0")).toEqual(value("0.0000"));
    expect(bySlug("bhp-to-ton-calculator").step).toBe(0.01);
  });
  it("kW→dBm needs kW > 0 with a clear message; negative dBm is fine", () => {
    expect(forward("kilowatts-to-decibels-converter", "0")).toMatchObject({ kind: "clear", message: expect.stringContaining("greater than 0") });
    expect(forward("kilowatts-to-decibels-converter", "-5")).toMatchObject({ kind: "clear" });
    expect(backward("kilowatts-to-decibels-converter", "-30")).toEqual(value("0.0000"));
    expect(forward("kilowatts-to-decibels-converter", "0.000001")).toEqual(value("0.0000"));
  });
  it("accepts decimals, a leading dot, signs and exponents", () => {
    expect(forward("cm-to-mm-converter", ".5")).toEqual(value("5.0000"));
    expect(forward("cm-to-mm-converter", "+1e2")).toEqual(value("1000.0000"));
    expect(forward("cm-to-mm-converter", "1e999")).toEqual({ kind: "ignore" });
  });
});
