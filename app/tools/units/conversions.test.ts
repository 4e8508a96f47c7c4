import { describe, expect, it } from "vitest";
import { convertInput, decimalSeparatorOf, formatResult, NOT_A_NUMBER, parseNumberInput, UNIT_CONVERSIONS, type UnitConversion } from "./conversions.ts";
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
  it("non-numeric input clears the other field and says why, on every converter (issue 31, finding 2)", () => {
    for (const c of UNIT_CONVERSIONS) {
      expect(convertInput(c, "abc", "forward"), c.slug).toEqual({ kind: "clear", message: NOT_A_NUMBER });
      expect(convertInput(c, "4x", "forward"), c.slug).toEqual({ kind: "clear", message: NOT_A_NUMBER });
    }
  });
  it("cm↔inches allows negatives", () => {
    expect(forward("cm-to-inches-converter", "-2.54")).toEqual(value("-1.0000"));
  });
  it("BHP: min 0; a negative value clears the other field with the reason", () => {
    expect(forward("bhp-to-ton-calculator", "-1")).toMatchObject({ kind: "clear", message: "Enter a number of 0 or more." });
    expect(forward("bhp-to-ton-calculator", "0")).toEqual(value("0.0000"));
    expect(bySlug("bhp-to-ton-calculator").step).toBe(0.01);
  });
  it("kW→dBm needs kW > 0 with a clear message; negative dBm is fine", () => {
    expect(forward("kilowatts-to-decibels-converter", "0")).toMatchObject({ kind: "clear", message: expect.stringContaining("greater than 0") });
    expect(forward("kilowatts-to-decibels-converter", "-5")).toMatchObject({ kind: "clear" });
    expect(backward("kilowatts-to-decibels-converter", "-30")).toEqual(value("0.0000"));
    expect(forward("kilowatts-to-decibels-converter", "0.000001")).toEqual(value("0.0000"));
  });
  it("accepts decimals, a leading dot, signs and exponents; refuses what overflows", () => {
    expect(forward("cm-to-mm-converter", ".5")).toEqual(value("5.0000"));
    expect(forward("cm-to-mm-converter", "+1e2")).toEqual(value("1000.0000"));
    expect(forward("cm-to-mm-converter", "1e999")).toEqual({ kind: "clear", message: NOT_A_NUMBER });
  });
});

describe("numbers as people write them (issue 31, finding 2)", () => {
  it("reads a decimal comma, and thousands grouped by spaces, apostrophes or the other separator", () => {
    expect(parseNumberInput("1,5")).toBe(1.5);
    expect(parseNumberInput("1,5", ",")).toBe(1.5);
    expect(parseNumberInput("1 000")).toBe(1000);
    expect(parseNumberInput("1\u00a0000,25", ",")).toBe(1000.25);
    expect(parseNumberInput("1'000.5")).toBe(1000.5);
    expect(parseNumberInput("1,234.5")).toBe(1234.5);
    expect(parseNumberInput("1.234,5")).toBe(1234.5);
    expect(parseNumberInput("-3,25")).toBe(-3.25);
  });
  it("reads '1,500' and '1.500' as each language groups thousands", () => {
    expect(parseNumberInput("1,500", ".")).toBe(1500);
    expect(parseNumberInput("1,500", ",")).toBe(1.5);
    expect(parseNumberInput("1.500", ",")).toBe(1500);
    expect(parseNumberInput("1.500", ".")).toBe(1.5);
  });
  it("refuses what is not one number", () => {
    for (const text of ["", "abc", "1,2,3", "1.2.3", "1,2.3,4", "1 2", "12-3", "--1"]) expect(parseNumberInput(text), text).toBeNull();
  });
  it("shows results with the visitor's decimal separator", () => {
    expect(formatResult(3.10686)).toBe("3.1069");
    expect(formatResult(3.10686, ",")).toBe("3,1069");
    expect(forward("km-to-miles-converter", "5")).toEqual(value("3.1069"));
    expect(convertInput(bySlug("km-to-miles-converter"), "5", "forward", ",")).toEqual(value("3,1069"));
    expect(convertInput(bySlug("km-to-miles-converter"), "1,5", "forward", ",")).toEqual(value("0,9321"));
  });
  it("knows each language's decimal separator", () => {
    expect(decimalSeparatorOf("en-US")).toBe(".");
    expect(decimalSeparatorOf("de-DE")).toBe(",");
    expect(decimalSeparatorOf("fr-FR")).toBe(",");
    expect(decimalSeparatorOf("not a locale")).toBe(".");
  });
});
