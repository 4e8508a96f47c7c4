import { describe, expect, it } from "vitest";
import { bidiLevels, mirrored, paragraphLevel, visualOrder } from "./pdf-bidi.ts";
import { paragraphPieces } from "./pdf-pieces.ts";

/** The text's characters in visual order (one character a piece), as a line on the page. */
function visual(text: string): string {
  const base = paragraphLevel(text);
  const levels = Array.from(bidiLevels(text, base));
  return visualOrder(levels)
    .map((i) => (levels[i]! % 2 === 1 ? mirrored(text[i]!) : text[i]!))
    .join("");
}

describe("the bidi algorithm", () => {
  it("finds the paragraph's direction from its first strong letter", () => {
    expect(paragraphLevel("123 שלום abc")).toBe(1);
    expect(paragraphLevel("(abc) שלום")).toBe(0);
    expect(paragraphLevel("123 ...")).toBe(0);
  });

  it("levels letters, numbers and neutrals (W and N rules)", () => {
    // Hebrew letters 1, the number in them 2, the space between two Hebrew words 1
    expect(Array.from(bidiLevels("אב 12 גד", 1))).toEqual([1, 1, 1, 2, 2, 1, 1, 1]);
    // in a left-to-right paragraph the Hebrew word is 1 and the spaces around it 0
    expect(Array.from(bidiLevels("a אב b", 0))).toEqual([0, 0, 1, 1, 0, 0]);
    // European digits after Arabic letters are Arabic numbers (W2), still level 2
    expect(Array.from(bidiLevels("عدد 20", 1))).toEqual([1, 1, 1, 1, 2, 2]);
    // a separator between digits joins them (W4), a terminator goes with them (W5)
    expect(Array.from(bidiLevels("א 1,5%", 1))).toEqual([1, 1, 2, 2, 2, 2]);
  });

  it("reorders a line: reversed runs from the highest level down", () => {
    expect(visualOrder([0, 0, 1, 1, 0])).toEqual([0, 1, 3, 2, 4]);
    expect(visualOrder([1, 1, 2, 2, 1])).toEqual([4, 2, 3, 1, 0]);
    expect(visualOrder([])).toEqual([]);
  });

  it("shows right-to-left text the way it is read on the page, numbers and Latin left to right", () => {
    expect(visual("שלום עולם")).toBe("םלוע םולש");
    expect(visual("גרים כ-900 אלף.")).toBe(".ףלא 900-כ םירג");
    expect(visual("לשון HTML היא")).toBe("איה HTML ןושל");
    // brackets mirrored: "(" read first, on the right, drawn as ")"
    expect(visual("(שלום)")).toBe("(םולש)");
    expect(visual("The word שלום means peace")).toBe("The word םולש means peace");
  });
});

describe("paragraphPieces", () => {
  it("cuts right-to-left text into pieces fontkit lays out the right way round", () => {
    const { pieces, base } = paragraphPieces([{ text: "عدد ١٢ (نعم)", font: 1, style: { font: "arabic" } }]);
    expect(base).toBe(1);
    // a right-to-left word (with its space) in one piece, brackets mirrored (fontkit reverses it); Arabic digits
    // at level 2 reversed beforehand (fontkit turns them back)
    expect(pieces.map((piece) => [piece.text, piece.bidi])).toEqual([
      ["عدد ", 1],
      ["٢١", 2],
      [" ", 1],
      [")نعم(", 1],
    ]);
    expect(pieces.every((piece) => piece.font === "arabic" && piece.bidiBase === 1)).toBe(true);
    // neutrals alone at a right-to-left level: reversed here, as fontkit would not
    const neutral = paragraphPieces([{ text: "אב ", font: 1, style: {} }, { text: "(!", font: 0, style: {} }, { text: "גד", font: 1, style: {} }]);
    expect(neutral.pieces.map((piece) => piece.text)).toEqual(["אב ", "!)", "גד"]);
  });

  it("keeps a line break at the end of a piece it reverses", () => {
    const { pieces } = paragraphPieces([{ text: "שלום 2024.\nמה", font: 0, style: {} }]);
    expect(pieces.map((piece) => piece.text)).toEqual(["שלום ", "2024", ".\n", "מה"]);
    const brackets = paragraphPieces([{ text: "שלום (!\nמה", font: 0, style: {} }]);
    expect(brackets.pieces.map((piece) => piece.text)).toEqual(["שלום ", "!)\n", "מה"]);
  });

  it("gives each line its own direction", () => {
    const { pieces, base } = paragraphPieces([{ text: "שלום\nHello", font: 0, style: {} }]);
    expect(base).toBe(0);
    expect(pieces.map((piece) => [piece.text, piece.bidiBase])).toEqual([
      ["שלום\n", 1],
      ["Hello", 0],
    ]);
  });

  it("leaves left-to-right text in its segments", () => {
    const { pieces, base, needsHook } = paragraphPieces([{ text: "Plain ", font: 0, style: {} }, { text: "bold", font: 0, style: { bold: true } }]);
    expect([base, needsHook]).toEqual([0, false]);
    expect(pieces).toEqual([{ text: "Plain " }, { text: "bold", bold: true }]);
    expect(paragraphPieces([{ text: "हिन्दी", font: 1, style: {} }]).needsHook).toBe(true);
  });
});
