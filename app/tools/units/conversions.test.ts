import { describe, expect, it } from "vitest";
import { convertInput, formatResult, UNIT_CONVERSIONS, type UnitConversion } from "./conversions.ts";
import { UNIT_CASES } from "#tests/support/unit-cases.ts";

const bySlug = (slug: string): UnitConversion => {
  const c = UNIT_CONVERSIONS.find((u) => u.slug === slug);
  if (!c) throw new Error(slug);
  return c;
};
const forward = (slug: string, input: string) => convertInput(bySlug(slug), input, "forward");
const backward = (slug: string, input: string) => convertInput(bySlug(slug), input, "backward");
const value = (text: string) => ({ kind: "value", text });

describe("unit conversions: the spec's factors", () => {
  it.each(UNIT_CASES)("%s: %s → %s and %s → %s", (slug, a, b, c, d) => {
    expect(forward(slug, a)).toEqual(value(b));
    expect(backward(slug, c)).toEqual(value(d));
  });

  it("turns 9.5493 rpm back into 1 rad/s", () => {
    expect(backward("radians-to-rpm-converter", "9.5493")).toEqual(value("1.0000"));
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

describe("input rules", () => {
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
