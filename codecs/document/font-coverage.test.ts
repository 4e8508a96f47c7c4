import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { covers, fontCoverage, intersectCoverage, type FontCoverage } from "./font-coverage.ts";
import { PDF_FONT_FACES, PDF_FONT_FILES } from "./pdf-fonts.ts";
import { nodePdfFonts } from "./pdf-fonts-node.ts";

const FC_QUERY = "/usr/bin/fc-query";
const HAVE_FC_QUERY = existsSync(FC_QUERY);

/** fontconfig's reading of a font's character map ("20-7e a0-17f ..."), as inclusive ranges. */
function fontconfigRanges(file: string): number[] {
  const charset = execFileSync(FC_QUERY, ["-f", "%{charset}", file], { encoding: "utf8" }).trim();
  return charset.split(/\s+/).flatMap((range) => {
    const [low, high = low] = range.split("-");
    return [parseInt(low!, 16), parseInt(high!, 16)];
  });
}

const fonts = await nodePdfFonts();

const asList = (coverage: FontCoverage): number[] => Array.from(coverage.ranges);

describe("fontCoverage", () => {
  it.skipIf(!HAVE_FC_QUERY)("reads the same character map as fontconfig from each shipped face", () => {
    const require = createRequire(import.meta.url);
    for (const face of PDF_FONT_FACES) {
      const ours = asList(fontCoverage(fonts[face]));
      // fontconfig leaves out characters whose glyph is blank (format controls such as U+200C
      // mapped to an empty glyph), except the spaces: compare on what fontconfig lists
      const theirs = fontconfigRanges(require.resolve(PDF_FONT_FILES[face]));
      const ourSet = new Set<number>();
      for (let i = 0; i < ours.length; i += 2) for (let c = ours[i]!; c <= ours[i + 1]!; c++) ourSet.add(c);
      let listed = 0;
      for (let i = 0; i < theirs.length; i += 2) {
        for (let c = theirs[i]!; c <= theirs[i + 1]!; c++) {
          expect(ourSet.has(c), `U+${c.toString(16)} in ${face}`).toBe(true);
          listed++;
        }
      }
      expect(ourSet.size - listed).toBeLessThan(20);
    }
  });

  it("covers Latin, Greek and Cyrillic text and not CJK", () => {
    const all = intersectCoverage(PDF_FONT_FACES.map((face) => fontCoverage(fonts[face])));
    for (const char of "AZaz09éßœŁřșțΑΩαωάΐЖЯжяёЄї€–—“”•") expect(covers(all, char.codePointAt(0)!), char).toBe(true);
    for (const char of "中あ한א٣😀") expect(covers(all, char.codePointAt(0)!), char).toBe(false);
  });

  it("intersects ranges", () => {
    const a: FontCoverage = { ranges: Uint32Array.from([10, 20, 30, 40]) };
    const b: FontCoverage = { ranges: Uint32Array.from([15, 35, 38, 50]) };
    expect(asList(intersectCoverage([a, b]))).toEqual([15, 20, 30, 35, 38, 40]);
  });

  it("refuses bytes that are not a font with a plain error", () => {
    expect(() => fontCoverage(new Uint8Array(64))).toThrow(/cmap/);
  });
});
