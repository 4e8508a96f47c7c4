import { describe, expect, it } from "vitest";
import { logicalLine, logicalWords } from "./poppler-text.ts";

describe("logicalLine", () => {
  it("leaves a line without right-to-left stretches alone", () => {
    expect(logicalLine("Plain words.")).toBe("Plain words.");
  });

  it("reads a right-to-left line's stretches from the last to the first", () => {
    // poppler's rendering of "יש 900 אלף" seen as stretches side by side
    expect(logicalWords(".\u202b אלף\u202c900 \u202bיש\u202c")).toEqual(["יש", "900", "אלף"]);
  });

  it("keeps one embedding with nested left-to-right stretches in order, their edges as word edges", () => {
    expect(logicalWords("\u202bأكثر من \u202a 20\u202cمليون\u202c")).toEqual(["أكثر", "من", "20", "مليون"]);
  });

  it("keeps a left-to-right line with a right-to-left word in its place", () => {
    expect(logicalWords("The word \u202bשלום\u202c means peace")).toEqual(["the", "word", "שלום", "means", "peace"]);
  });
});
