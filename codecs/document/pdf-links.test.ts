import { describe, expect, it } from "vitest";
import { applyLinks } from "./pdf-links.ts";
import type { LayoutItem } from "./pdf-lines.ts";

const item = (text: string, x: number, y = 700): LayoutItem => ({ text, x, y, width: text.length * 6, size: 12, font: "f", bold: false, italic: false });

describe("applyLinks", () => {
  it("cuts the linked words out of a longer item, snapping to whole words and leaving the full stop out", () => {
    const line = item("Read the friendly guide before you start, then the site.", 50);
    // areas a little off the glyphs, as the estimate from the width will be
    const parts = applyLinks([line], [
      { x0: 50 + 9 * 6 + 4, x1: 50 + 23 * 6 - 2, y0: 697, y1: 712, href: "https://example.com/guide" },
      { x0: 50 + 47 * 6, x1: 50 + 55 * 6, y0: 697, y1: 712, href: "https://example.org/" },
    ]);
    expect(parts.map((part) => [part.text, part.href])).toEqual([
      ["Read the ", undefined],
      ["friendly guide", "https://example.com/guide"],
      [" before you start, then ", undefined],
      ["the site", "https://example.org/"],
      [".", undefined],
    ]);
    expect(parts[1]!.x).toBe(50 + 9 * 6);
  });

  it("leaves items on other lines alone", () => {
    const other = item("Another line", 50, 600);
    expect(applyLinks([other], [{ x0: 40, x1: 200, y0: 697, y1: 712, href: "https://example.com/" }])).toEqual([other]);
  });
});
