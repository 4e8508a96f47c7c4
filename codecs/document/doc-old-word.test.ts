import * as CFB from "cfb";
import { describe, expect, it } from "vitest";
import { runsText, type DocModel } from "./model.ts";
import { oldWordVersion } from "./doc-old-word.ts";
import { readDoc } from "./read-doc.ts";

const TEXT_AT = 0x300;

/**
 * A Word 6 WordDocument stream written by hand from the FIB fields this reader uses: wIdent 0xA5DC,
 * nFib 101, fcMin, ccpText and ccpFtn, and a font table whose one Cyrillic font (charset 204) says
 * the 8-bit text is Windows-1251. Or, with `word2`, a whole Word for Windows 2 file (0xA5DB, nFib 45).
 */
function oldWordStream(main: number[], footnotes: number[], word2 = false): Uint8Array {
  const bytes = new Uint8Array(TEXT_AT + main.length + footnotes.length + 256);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, word2 ? 0xa5db : 0xa5dc, true);
  view.setUint16(2, word2 ? 45 : 101, true);
  view.setUint16(6, 0x0409, true);
  view.setUint32(0x18, TEXT_AT, true);
  view.setUint32(0x1c, TEXT_AT + main.length + footnotes.length, true);
  view.setUint32(0x34, main.length, true);
  view.setUint32(0x38, footnotes.length, true);
  bytes.set([...main, ...footnotes], TEXT_AT);
  if (!word2) {
    // STTBF of fonts: cb, then FFN (cbFfnM1, flags, wWeight, chs, ixchSzAlt, name\0)
    const name = [..."Times New Roman Cyr"].map((c) => c.charCodeAt(0));
    const ffn = [6 + name.length, 0x12, 0x90, 0x01, 204, 0, ...name, 0];
    const fonts = TEXT_AT + main.length + footnotes.length;
    bytes.set([ffn.length + 2, 0, ...ffn], fonts);
    view.setUint32(0xd0, fonts, true);
    view.setUint32(0xd4, ffn.length + 2, true);
  }
  return bytes;
}

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));
// "Привет" and "мир" in Windows-1251
const PRIVET = [0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2];
const MIR = [0xec, 0xe8, 0xf0];

const paragraphs = (model: DocModel): string[] => model.blocks.map((block) => (block.kind === "paragraph" || block.kind === "heading" ? runsText(block.runs) : ""));

describe("Word 6/95 and Word 2 files", () => {
  it("reads a Word 6 document's text in its fonts' code page, fields showing their results, cells as paragraphs, notes at the end", () => {
    const main = [...PRIVET, ...ascii(" \x13 REF total \x14"), ...ascii("5/3\x15 "), ...MIR, 0x0d, ...ascii("cell one\x07cell two\x07\x07"), 0x0d];
    const container = CFB.utils.cfb_new();
    CFB.utils.cfb_add(container, "/WordDocument", oldWordStream(main, ascii("\x02 The note.\r")));
    const bytes = new Uint8Array(CFB.write(container, { type: "array" }) as ArrayLike<number>);
    const model = readDoc(bytes);
    expect(paragraphs(model)).toEqual(["Привет 5/3 мир", "cell one", "cell two", "The note."]);
    expect(model.notes.join(" ")).toMatch(/Word 6\/95 document, an older Word format/);
  });

  it("reads a Word for Windows 2 file, which has no OLE container", () => {
    const bytes = oldWordStream(ascii("First line\r\nSecond\tline\r\n"), []);
    const word2 = oldWordStream(ascii("First line\r\nSecond\tline\r\n"), [], true);
    expect(oldWordVersion(bytes)).toBe("Word 6/95");
    expect(oldWordVersion(word2)).toBe("Word 2");
    expect(paragraphs(readDoc(word2))).toEqual(["First line", "Second\tline"]);
  });

  it("refuses a password-protected Word 6 file and one whose text runs past its end, in plain words", () => {
    const locked = oldWordStream(ascii("secret\r"), [], true);
    locked[10] = 0x00;
    locked[11] = 0x01;
    expect(() => readDoc(locked)).toThrow(/Word 2 document is password-protected/);
    const cut = oldWordStream(ascii("text\r"), [], true).subarray(0, TEXT_AT + 2);
    expect(() => readDoc(cut)).toThrow(/damaged|past the end/);
  });
});
