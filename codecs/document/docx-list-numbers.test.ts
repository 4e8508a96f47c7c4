import { describe, expect, it } from "vitest";
import { listCounter, readNumbering, styleNumbering } from "./docx-list-numbers.ts";

const NUMBERING = `<w:numbering>
<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl><w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1.%2."/></w:lvl><w:lvl w:ilvl="2"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="(%3)"/></w:lvl></w:abstractNum>
<w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:start w:val="3"/><w:numFmt w:val="upperRoman"/><w:lvlText w:val="Part %1:"/></w:lvl><w:lvl w:ilvl="1"><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl></w:abstractNum>
<w:abstractNum w:abstractNumId="2"><w:lvl w:ilvl="0"><w:numFmt w:val="lowerRoman"/><w:lvlText w:val="%1)"/><w:isLgl/></w:lvl><w:lvl w:ilvl="1"><w:numFmt w:val="upperLetter"/><w:lvlText w:val="%1.%2"/><w:isLgl/></w:lvl></w:abstractNum>
<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>
<w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>
<w:num w:numId="3"><w:abstractNumId w:val="0"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="10"/></w:lvlOverride></w:num>
<w:num w:numId="4"><w:abstractNumId w:val="2"/></w:num>
</w:numbering>`;

describe("listCounter", () => {
  it("numbers as Word does: templates, deeper levels restarting, start values, overrides, bullets", () => {
    const next = listCounter(readNumbering(NUMBERING), new Map());
    const labels = [
      [1, 0], [1, 1], [1, 2], [1, 2], [1, 1], [1, 2], [1, 0], [1, 1],
      [2, 0], [2, 1], [2, 0],
      // another num on the same abstract continues it; one with a start override restarts
      [1, 0], [3, 0], [3, 0],
      [4, 0], [4, 1],
    ].map(([numId, ilvl]) => next({ numId: String(numId), ilvl: ilvl! }));
    expect(labels).toEqual(["1.", "1.1.", "(a)", "(b)", "1.2.", "(a)", "2.", "2.1.", "Part III:", undefined, "Part IV:", "3.", "10.", "11.", "1)", "1.1"]);
  });

  it("finds a paragraph style's numbering through w:basedOn", () => {
    const styles = styleNumbering(`<w:styles><w:style w:type="paragraph" w:styleId="Base"><w:pPr><w:numPr><w:numId w:val="2"/></w:numPr></w:pPr></w:style><w:style w:type="paragraph" w:styleId="Child"><w:basedOn w:val="Base"/><w:pPr><w:numPr><w:ilvl w:val="1"/></w:numPr></w:pPr></w:style></w:styles>`);
    expect(styles.get("Child")).toEqual({ numId: "2", ilvl: 1 });
  });

  it("gives nothing for a num or level the file does not define", () => {
    const next = listCounter(readNumbering(NUMBERING), new Map());
    expect(next({ numId: "9", ilvl: 0 })).toBeUndefined();
    expect(next({ numId: "1", ilvl: 7 })).toBeUndefined();
  });
});
