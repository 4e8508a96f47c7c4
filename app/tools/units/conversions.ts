// The numeric converters: exact factors, results shown to 4 decimals.

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
  /** what a non-numeric (or refused) value in one field does to the other field */
  onInvalid: "ignore" | "clear";
  /** shown when a value is refused */
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
    onInvalid: "clear",
    invalidMessage: "Enter a number of 0 or more.",
  },
  { slug: "cm-to-inches-converter", from: { label: "Centimeters", unit: "cm" }, to: { label: "Inches", unit: "in" }, forward: (x) => x / 2.54, backward: (y) => y * 2.54, allowNegative: true, onInvalid: "clear" },
  { slug: "cm-to-mm-converter", from: { label: "Centimeters", unit: "cm" }, to: { label: "Millimeters", unit: "mm" }, ...linear(10), allowNegative: true, onInvalid: "ignore" },
  { slug: "mm-to-cm-converter", from: { label: "Millimeters", unit: "mm" }, to: { label: "Centimeters", unit: "cm" }, forward: (x) => x / 10, backward: (y) => y * 10, allowNegative: true, onInvalid: "ignore" },
  { slug: "inches-to-cm-converter", from: { label: "Inches", unit: "in" }, to: { label: "Centimeters", unit: "cm" }, ...linear(2.54), allowNegative: true, onInvalid: "ignore" },
  { slug: "km-to-miles-converter", from: { label: "Kilometers", unit: "km" }, to: { label: "Miles", unit: "mi" }, ...linear(0.621371), allowNegative: true, onInvalid: "ignore" },
  { slug: "miles-to-km-converter", from: { label: "Miles", unit: "mi" }, to: { label: "Kilometers", unit: "km" }, ...linear(1.60934), allowNegative: true, onInvalid: "ignore" },
  { slug: "pounds-to-kg-converter", from: { label: "Pounds", unit: "lb" }, to: { label: "Kilograms", unit: "kg" }, ...linear(0.453592), allowNegative: true, onInvalid: "ignore" },
  { slug: "tons-to-pounds-converter", from: { label: "Tons (US short)", unit: "t" }, to: { label: "Pounds", unit: "lb" }, ...linear(2000), allowNegative: true, onInvalid: "ignore" },
  { slug: "radians-to-rpm-converter", from: { label: "Radians per second", unit: "rad/s" }, to: { label: "Revolutions per minute", unit: "RPM" }, ...linear(9.5493), allowNegative: true, onInvalid: "ignore" },
  {
    slug: "kilowatts-to-decibels-converter",
    from: { label: "Kilowatts", unit: "kW" },
    to: { label: "Decibel-milliwatts", unit: "dBm" },
    forward: (kw) => 10 * Math.log10(kw * 1_000_000),
    backward: (dbm) => 10 ** (dbm / 10) / 1_000_000,
    allowNegative: false,
    requirePositive: true,
    onInvalid: "clear",
    invalidMessage: "Enter a power greater than 0 kW: decibels are only defined for positive power.",
  },
];

/** A value shown to 4 decimals, without "-0.0000". */
export function formatResult(value: number): string {
  const fixed = value.toFixed(4);
  return /^-0\.0+$/.test(fixed) ? fixed.slice(1) : fixed;
}

export type ConvertOutcome = { kind: "value"; text: string } | { kind: "ignore" } | { kind: "clear"; message?: string };

/**
 * What typing `input` into one field means for the other field: a formatted result, nothing
 * (ignored input), or clearing it (with a message when the value was refused).
 */
export function convertInput(conversion: UnitConversion, input: string, direction: "forward" | "backward"): ConvertOutcome {
  const trimmed = input.trim();
  if (trimmed === "") return { kind: "clear" };
  const refuse = (message?: string): ConvertOutcome => (conversion.onInvalid === "clear" ? { kind: "clear", message } : { kind: "ignore" });
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(trimmed)) return refuse();
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return refuse();
  const source = direction === "forward" ? "from" : "to";
  // the positivity rules apply to the physical input quantity (kW, BHP); dBm may be negative
  if (source === "from" && conversion.requirePositive && value <= 0) return { kind: "clear", message: conversion.invalidMessage };
  if (!conversion.allowNegative && value < 0 && !(source === "to" && conversion.requirePositive)) return { kind: "clear", message: conversion.invalidMessage };
  const result = direction === "forward" ? conversion.forward(value) : conversion.backward(value);
  if (!Number.isFinite(result)) return refuse(conversion.invalidMessage);
  return { kind: "value", text: formatResult(result) };
}
