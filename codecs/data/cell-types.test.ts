import { describe, expect, it } from "vitest";
import { typedCell } from "./cell-types.ts";
import { JsonNumber } from "./data-model.ts";

describe("typedCell: a CSV cell in JSON with keepTypes", () => {
  it.each(["0", "7", "-3", "19.90", "0.1000", "-0.5", "1e5", "1.5E+3", "2e-7", "-0", "12345678901234567890"])("%j is a number written as its text", (text) => {
    expect(typedCell(text)).toEqual(new JsonNumber(text));
  });

  it.each(["007", "00123", "-01", "01.5", "+1", "1.", ".5", "1e", "1,5", "1 000", " 12", "12 ", "", "NaN", "Infinity", "-Infinity", "0x1F", "1_000", "١٢", "12a"])(
    "%j stays text",
    (text) => {
      expect(typedCell(text)).toBe(text);
    },
  );

  it("true and false as JSON, Python and Excel write them; other spellings stay text", () => {
    expect(["true", "True", "TRUE", "false", "False", "FALSE"].map(typedCell)).toEqual([true, true, true, false, false, false]);
    expect(["tRUE", "yes", "no", "t", "f", "1", "0"].map(typedCell)).toEqual(["tRUE", "yes", "no", "t", "f", new JsonNumber("1"), new JsonNumber("0")]);
  });
});
