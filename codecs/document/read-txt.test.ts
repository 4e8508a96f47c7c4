import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fuzzProperty } from "#tests/support/property.ts";
import { DocumentError } from "./document-error.ts";
import { PYTHON } from "#tests/support/reference-tools.ts";
import type { Block } from "./model.ts";
import { decodeText, MAX_TXT_BYTES, readTxt, titleFromFileName } from "./read-txt.ts";

const HAVE_PYTHON = existsSync(PYTHON);
const SAMPLE = "café – “quotes” Привет";
const WESTERN = "café – “quotes” ½ €uro";

/** `text` encoded by Python's codecs (not by us), with the BOM Python's codec writes, if any. */
function pythonEncode(text: string, codec: string): Uint8Array {
  const hex = execFileSync(PYTHON, ["-c", `import sys; sys.stdout.write(sys.argv[1].encode(${JSON.stringify(codec)}).hex())`, text], { encoding: "utf8" });
  return new Uint8Array(Buffer.from(hex, "hex"));
}

const paragraphTexts = (blocks: Block[]): string[] => blocks.map((block) => (block.kind === "paragraph" ? block.runs.map((run) => run.text).join("") : `<${block.kind}>`));

describe.skipIf(!HAVE_PYTHON)("decodeText on Python's encodings", () => {
  it("reads UTF-8 with and without a BOM", () => {
    expect(decodeText(pythonEncode(SAMPLE, "utf-8"))).toEqual({ text: SAMPLE, encoding: "utf-8" });
    expect(decodeText(pythonEncode(SAMPLE, "utf-8-sig"))).toEqual({ text: SAMPLE, encoding: "utf-8" });
  });

  it("reads UTF-16 with either byte order mark", () => {
    // Python's "utf-16" writes a BOM in the machine's order; the -le/-be codecs write none, so add it
    const le = pythonEncode("\ufeff" + SAMPLE, "utf-16-le");
    const be = pythonEncode("\ufeff" + SAMPLE, "utf-16-be");
    expect([le[0], le[1]]).toEqual([0xff, 0xfe]);
    expect(decodeText(le)).toEqual({ text: SAMPLE, encoding: "utf-16le" });
    expect(decodeText(be)).toEqual({ text: SAMPLE, encoding: "utf-16be" });
    expect(decodeText(pythonEncode(SAMPLE, "utf-16")).text).toBe(SAMPLE);
  });

  it("falls back to Windows-1252 for bytes that are not UTF-8", () => {
    const bytes = pythonEncode(WESTERN, "cp1252");
    expect(bytes).toContain(0x96); // the en dash, invalid as UTF-8
    expect(decodeText(bytes)).toEqual({ text: WESTERN, encoding: "windows-1252" });
    const model = readTxt(bytes, { title: "letter.txt" });
    expect(paragraphTexts(model.blocks)).toEqual([WESTERN]);
    expect(model.notes.join(" ")).toMatch(/Windows-1252/);
  });
});

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

describe("readTxt", () => {
  it("splits paragraphs on blank lines and keeps single newlines as line breaks, from LF, CRLF or CR", () => {
    for (const eol of ["\n", "\r\n", "\r"]) {
      const text = ["First line", "still first", "", "", "Second   ", "  indented"].join(eol) + eol;
      expect(paragraphTexts(readTxt(encode(text)).blocks)).toEqual(["First line\nstill first", "Second\n  indented"]);
    }
  });

  it("turns form feeds into page breaks, on their own line or inside one, and drops them at the ends", () => {
    const model = readTxt(encode("\fOne\n\f\nTwo\fThree\n\nFour\n\f"));
    expect(paragraphTexts(model.blocks)).toEqual(["One", "<page-break>", "Two", "<page-break>", "Three", "Four"]);
  });

  it("takes a title from the file name", () => {
    expect(readTxt(encode("x"), { title: "C:\\Users\\me\\q3_sales__report.txt" }).title).toBe("q3 sales report");
    expect(titleFromFileName("/tmp/notes.md")).toBe("notes");
    expect(titleFromFileName("archive.tar.gz")).toBe("archive.tar");
    expect(readTxt(encode("x")).title).toBeUndefined();
  });

  it("takes a line of only white space, no-break spaces too, as blank", () => {
    expect(paragraphTexts(readTxt(encode("one\n \u00a0\t\ntwo")).blocks)).toEqual(["one", "two"]);
  });

  it("reads an empty file as an empty document", () => {
    expect(readTxt(new Uint8Array()).blocks).toEqual([]);
  });

  it("refuses binary data, files over the limit and absurd paragraph counts", () => {
    const binary = new Uint8Array(4096).map((_, i) => (i * 7) & 0xff);
    expect(() => readTxt(binary)).toThrow(expect.objectContaining({ code: "damaged" }));
    expect(() => decodeText(new Uint8Array(MAX_TXT_BYTES + 1))).toThrow(expect.objectContaining({ code: "too-large" }));
    expect(() => readTxt(encode("a\n\n".repeat(300_000)))).toThrow(expect.objectContaining({ code: "too-much-work" }));
  });

  it("reads a large file in one pass (300 000 lines, 12 MB)", () => {
    const text = "A line of words that goes on for a while\n".repeat(300_000) + "\n" + "x\n\n".repeat(100_000);
    const model = readTxt(encode(text));
    expect(model.blocks).toHaveLength(100_001);
  });
});

describe("readTxt on random bytes", () => {
  it("gives paragraphs and page breaks with text, or a DocumentError (fuzz)", () => {
    fuzzProperty(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 400 }), fc.string({ unit: "binary", maxLength: 200 }).map(encode)), (bytes) => {
        try {
          const model = readTxt(bytes);
          for (const block of model.blocks) {
            if (block.kind === "paragraph") expect(block.runs[0]!.text.trim()).not.toBe("");
            else expect(block.kind).toBe("page-break");
          }
          expect(model.blocks[0]?.kind).not.toBe("page-break");
          expect(model.blocks.at(-1)?.kind).not.toBe("page-break");
        } catch (error) {
          expect(error).toBeInstanceOf(DocumentError);
        }
      }),
      300,
    );
  });
});
