// Bytes to text as XML 1.0 Appendix F and feed readers say, against text iconv (glibc) encoded.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { HAVE_ICONV, ICONV } from "#tests/support/reference-tools.ts";
import { decodeText, encodingOfLabel, invalidUtf8At, sniffUnicode } from "./text-codec.ts";

const iconv = (text: string, to: string) => new Uint8Array(execFileSync(ICONV, ["-f", "UTF-8", "-t", to], { input: text }));
const utf8 = (text: string) => new TextEncoder().encode(text);
const xml = (encoding: string, text: string) => `<?xml version="1.0" encoding="${encoding}"?>\n<a>${text}</a>\n`;

describe.skipIf(!HAVE_ICONV)("the XML declaration names the encoding", () => {
  it.each([
    ["GB18030", "中文测试：北京"],
    ["BIG5", "繁體中文：臺北"],
    ["SHIFT_JIS", "日本語のテキスト"],
    ["Shift-JIS", "東京"],
    ["EUC-JP", "日本語"],
    ["EUC-KR", "한국어 텍스트"],
    ["WINDOWS-1251", "Привет, мир"],
    ["KOI8-R", "Москва"],
    ["ISO-8859-7", "Καλημέρα"],
    ["ISO-8859-15", "10 € œuvre"],
    ["WINDOWS-1252", "“quotes” — café"],
  ])("%s", (encoding, text) => {
    const decoded = decodeText(iconv(xml(encoding, text), encoding === "Shift-JIS" ? "SHIFT_JIS" : encoding), { format: "xml" });
    expect(decoded.text).toBe(xml(encoding, text));
  });

  it.each(["UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE"])("%s with and without a BOM", (encoding) => {
    const text = xml("UTF-16", "Grüße 中文 😀");
    expect(decodeText(iconv(text, encoding), { format: "xml" })).toEqual({ text, encoding: encoding.toLowerCase() });
    expect(decodeText(iconv(`\uFEFF${text}`, encoding), { format: "xml" }).text).toBe(text);
  });
});

describe("declarations that lie, and bytes that are not UTF-8", () => {
  it("UTF-8 bytes declared ISO-8859-1 or windows-1252 are read as UTF-8", () => {
    expect(decodeText(utf8(xml("ISO-8859-1", "Café €")), { format: "xml" })).toEqual({ text: xml("ISO-8859-1", "Café €"), encoding: "utf-8" });
  });

  it("a feed declared UTF-8 in Windows-1252 bytes is read as Windows-1252; other XML is refused on the byte's line", () => {
    const feed = new Uint8Array([...utf8('<?xml version="1.0" encoding="UTF-8"?>\n<rss>caf'), 0xe9, ...utf8("</rss>")]);
    expect(decodeText(feed, { format: "xml" }).text).toContain("<rss>café</rss>");
    const doc = new Uint8Array([...utf8('<?xml version="1.0" encoding="UTF-8"?>\n<doc>caf'), 0xe9, ...utf8("</doc>")]);
    expect(() => decodeText(doc, { format: "xml" })).toThrow('Invalid XML at line 2, column 9: the bytes are not valid UTF-8, right after "<doc>caf" and the XML declaration names no other encoding.');
  });

  it("an encoding nobody knows is refused", () => {
    expect(() => decodeText(utf8(xml("klingon-8", "x")), { format: "xml" })).toThrow(/declares the encoding "klingon-8"/);
  });
});

describe("helpers", () => {
  it("sniffs UTF-16/32 from a BOM or NUL bytes", () => {
    expect(sniffUnicode(new Uint8Array([0x3c, 0, 0x3f, 0]))).toEqual({ encoding: "utf-16le", bom: 0 });
    expect(sniffUnicode(new Uint8Array([0, 0, 0, 0x3c]))).toEqual({ encoding: "utf-32be", bom: 0 });
    expect(sniffUnicode(new Uint8Array([0xff, 0xfe, 0, 0]))).toEqual({ encoding: "utf-32le", bom: 4 });
    expect(sniffUnicode(utf8("<?xml"))).toBeUndefined();
  });

  it("maps labels, and finds the first bad UTF-8 byte", () => {
    expect(["latin1", "Shift-JIS", "cp936", "UCS-2", "EUC-KR", "nonsense"].map(encodingOfLabel)).toEqual(["windows-1252", "shift_jis", "gbk", "utf-16", "euc-kr", undefined]);
    expect(invalidUtf8At(new Uint8Array([0x61, 0xc3, 0xa9, 0xed, 0xa0, 0x80]))).toBe(3);
    expect(invalidUtf8At(utf8("ok 😀"))).toBe(-1);
  });
});
