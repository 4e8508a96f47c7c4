// The numeric converters: exact factors, results shown to 4 decimals; numbers read as people type
// them in their language (decimal commas, thousands separators), issue 31.
import { memoByKey } from "#app/lib/memo-by-key.ts";

export interface UnitSide {
  label: string;
  unit: string;
}

export interface UnitConversion {
  slug: string;
  from: UnitSide;
  to: UnitSide;
  forward: (x: number) => number;
  backward: (y: number) => number;
  /** negatives allowed (cm↔inches) or refused (BHP: min 0) */
  allowNegative: boolean;
  /** kW→dBm needs kW > 0 */
  requirePositive?: boolean;
  step?: number;
  /** shown when a number is refused (a negative BHP, 0 kW) */
  invalidMessage?: string;
}

const linear = (factor: number) => ({ forward: (x: number) => x * factor, backward: (y: number) => y / factor });

// In catalogue order (the order the site lists them and the seed writes their rows).
export const UNIT_CONVERSIONS: readonly UnitConversion[] = [
  {
    // 1 BHP = 0.212 tons; 1 ton = 4.715 BHP (each direction uses its own given figure, not the inverse)
    slug: "bhp-to-ton-calculator",
    from: { label: "Brake horsepower", unit: "BHP" },
    to: { label: "Tons of refrigeration", unit: "TR" },
    forward: (bhp) => bhp * 0.212,
    backward: (tons) => tons * 4.715,
    allowNegative: false,
    step: 0.01,
    invalidMessage: "Enter a number of 0 or more.",
  },
  { slug: "cm-to-inches-converter", from: { label: "Centimeters", unit: "cm" }, to: { label: "Inches", unit: "in" }, forward: (x) => x / 2.54, backward: (y) => y * 2.54, allowNegative: true },
  { slug: "cm-to-mm-converter", from: { label: "Centimeters", unit: "cm" }, to: { label: "Millimeters", unit: "mm" }, ...linear(10), allowNegative: true },
  { slug: "mm-to-cm-converter", from: { label: "Millimeters", unit: "mm" }, to: { label: "Centimeters", unit: "cm" }, forward: (x) => x / 10, backward: (y) => y * 10, allowNegative: true },
  { slug: "inches-to-cm-converter", from: { label: "Inches", unit: "in" }, to: { label: "Centimeters", unit: "cm" }, ...linear(2.54), allowNegative: true },
  { slug: "km-to-miles-converter", from: { label: "Kilometers", unit: "km" }, to: { label: "Miles", unit: "mi" }, ...linear(0.621371), allowNegative: true },
  { slug: "miles-to-km-converter", from: { label: "Miles", unit: "mi" }, to: { label: "Kilometers", unit: "km" }, ...linear(1.60934), allowNegative: true },
  { slug: "pounds-to-kg-converter", from: { label: "Pounds", unit: "lb" }, to: { label: "Kilograms", unit: "kg" }, ...linear(0.453592), allowNegative: true },
  { slug: "tons-to-pounds-converter", from: { label: "Tons (US short)", unit: "t" }, to: { label: "Pounds", unit: "lb" }, ...linear(2000), allowNegative: true },
  { slug: "radians-to-rpm-converter", from: { label: "Radians per second", unit: "rad/s" }, to: { label: "Revolutions per minute", unit: "RPM" }, ...linear(9.5493), allowNegative: true },
  {
    slug: "kilowatts-to-decibels-converter",
    from: { label: "Kilowatts", unit: "kW" },
    to: { label: "Decibel-milliwatts", unit: "dBm" },
    forward: (kw) => 10 * Math.log10(kw * 1_000_000),
    backward: (dbm) => 10 ** (dbm / 10) / 1_000_000,
    allowNegative: false,
    requirePositive: true,
    invalidMessage: "Enter a power greater than 0 kW: decibels are only defined for positive power.",
  },
];

/** How the visitor writes numbers: the decimal separator of their language ("." in English, "," in German). */
export type DecimalSeparator = "." | ",";

/** The decimal separator of a language tag, by the browser's own number formatting; asked once per tag (the converter asks on every keystroke). */
export const decimalSeparatorOf = memoByKey(separatorOf);

function separatorOf(locale: string | undefined): DecimalSeparator {
  try {
    return new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === "decimal")?.value === "," ? "," : ".";
  } catch {
    return ".";
  }
}

/** A value shown to 4 decimals, with the visitor's decimal separator, without "-0.0000". */
export function formatResult(value: number, decimal: DecimalSeparator = "."): string {
  const fixed = value.toFixed(4);
  const shown = /^-0\.0+$/.test(fixed) ? fixed.slice(1) : fixed;
  return decimal === "," ? shown.replace(".", ",") : shown;
}

/** The message for text that is not a number (issue 31: said at once, the other field cleared). */
export const NOT_A_NUMBER = "Enter a number, such as 12.5.";

// digits grouped by a separator: "1,500", "12.345.678"
const GROUPED = (separator: string) => new RegExp(`^[-+]?\\d{1,3}(\\${separator}\\d{3})+$`);

/**
 * A number as people type it: the point or their own decimal comma ("1,5"), spaces or apostrophes
 * between thousands ("1 000", "1'000"), a separator used as grouping ("1,500" in English, "1.500"
 * in German, "1.234,5"); null when it is not a number.
 */
export function parseNumberInput(input: string, decimal: DecimalSeparator = "."): number | null {
  // a space or apostrophe groups thousands only before three digits ("1 000", not "1 2")
  let text = input.trim().replace(/(?<=\d)[\s\u00a0\u202f'’](?=\d{3}(?!\d))/g, "");
  const comma = text.includes(",");
  const point = text.includes(".");
  if (comma && point) {
    // both: the last one is the decimal separator, the other groups thousands
    const decimalSign = text.lastIndexOf(",") > text.lastIndexOf(".") ? "," : ".";
    const group = decimalSign === "," ? "." : ",";
    if (text.indexOf(decimalSign) !== text.lastIndexOf(decimalSign)) return null;
    text = text.split(group).join("").replace(",", ".");
  } else if (comma && decimal === "." && GROUPED(",").test(text)) {
    text = text.replaceAll(",", "");
  } else if (comma) {
    // one comma is a decimal comma; several that do not group thousands are no number
    if (text.indexOf(",") !== text.lastIndexOf(",")) return null;
    text = text.replace(",", ".");
  } else if (point && decimal === "," && GROUPED(".").test(text)) {
    text = text.replaceAll(".", "");
  }
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

export type ConvertOutcome = { kind: "value"; text: string } | { kind: "clear"; message?: string };

/**
 * What typing `input` into one field means for the other field: a formatted result, or clearing it
 * (with the reason, unless the field was emptied).
 */
export function convertInput(conversion: UnitConversion, input: string, direction: "forward" | "backward", decimal: DecimalSeparator = "."): ConvertOutcome {
  if (input.trim() === "") return { kind: "clear" };
  const value = parseNumberInput(input, decimal);
  if (value === null) return { kind: "clear", message: NOT_A_NUMBER };
  const source = direction === "forward" ? "from" : "to";
  // the positivity rules apply to the physical input quantity (kW, BHP); dBm may be negative
  if (source === "from" && conversion.requirePositive && value <= 0) return { kind: "clear", message: conversion.invalidMessage };
  if (!conversion.allowNegative && value < 0 && !(source === "to" && conversion.requirePositive)) return { kind: "clear", message: conversion.invalidMessage };
  const result = direction === "forward" ? conversion.forward(value) : conversion.backward(value);
  if (!Number.isFinite(result)) return { kind: "clear", message: conversion.invalidMessage ?? NOT_A_NUMBER };
  return { kind: "value", text: formatResult(result, decimal) };
}
