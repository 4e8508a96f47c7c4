import { describe, expect, it } from "vitest";
import { DocumentError } from "./document-error.ts";
import { checkXmlPart, coreProperties, decodeXmlText, defaultLanguage, pageSetup, paragraphBreaks, pictureSizes } from "./docx-parts.ts";

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe("docx parts", () => {
  it("reads core properties with any prefix and decoded entities", () => {
    const xml = `<cp:coreProperties xmlns:dc="x"><dc:title>Fish &amp; Chips &#x2014; &#169;</dc:title><dc:creator xml:lang="en"> Ann </dc:creator><dc:language>x-none</dc:language></cp:coreProperties>`;
    expect(coreProperties(xml)).toEqual({ title: "Fish & Chips — ©", author: "Ann" });
    expect(decodeXmlText("&lt;a&gt; &quot;&apos; &unknown;")).toBe(`<a> "' &unknown;`);
  });

  it("takes the default language from styles, else settings", () => {
    const styles = `<w:styles><w:docDefaults><w:rPrDefault><w:rPr><w:lang w:val="ru-RU" w:eastAsia="zh-CN"/></w:rPr></w:rPrDefault></w:docDefaults><w:style><w:rPr><w:lang w:val="de-DE"/></w:rPr></w:style></w:styles>`;
    expect(defaultLanguage(styles, undefined)).toBe("ru-RU");
    expect(defaultLanguage("<w:styles/>", `<w:settings><w:themeFontLang w:val="el-GR"/></w:settings>`)).toBe("el-GR");
    expect(defaultLanguage(undefined, undefined)).toBeUndefined();
  });

  it("reads the last section's page in points and ignores nonsense", () => {
    const doc = (size: string): Uint8Array =>
      bytes(`<w:body><w:p><w:pPr><w:sectPr><w:pgSz w:w="16838" w:h="11906"/></w:sectPr></w:pPr></w:p><w:sectPr>${size}<w:pgMar w:top="1440" w:right="720" w:bottom="-1440" w:left="1440" w:gutter="360"/></w:sectPr></w:body>`);
    expect(pageSetup(doc(`<w:pgSz w:w="12240" w:h="15840"/>`))).toEqual({ widthPt: 612, heightPt: 792, marginsPt: [72, 36, 72, 90] });
    expect(pageSetup(doc(`<w:pgSz w:w="10" w:h="15840"/>`))).toBeUndefined();
    expect(pageSetup(bytes("<w:body/>"))).toBeUndefined();
  });

  it("lists the pictures' shown sizes in mammoth's order, reading alternate content through its fallback", () => {
    const xml = `<w:p><w:drawing><wp:inline><wp:extent cx="1270000" cy="635000"/><a:graphic><pic:pic><pic:blipFill><a:blip r:embed="r1"/></pic:blipFill></pic:pic></a:graphic></wp:inline></w:drawing>
      <mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:anchor><wp:extent cx="1" cy="1"/><pic:blipFill/></wp:anchor></w:drawing></mc:Choice>
      <mc:Fallback><w:pict><v:shapetype id="t75"/><v:shape id="s" style="position:absolute;width:1in;height:36pt"><v:imagedata r:id="r2"/></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:p>`;
    expect(pictureSizes(xml)).toEqual([{ widthPt: 100, heightPt: 50 }, { widthPt: 72, heightPt: 36 }]);
  });

  it("finds the paragraphs with a page break before them, counting as mammoth does", () => {
    const xml = `<w:body><w:p><w:pPr><w:pageBreakBefore/></w:pPr></w:p><w:p/><w:tbl><w:tr><w:tc><w:p><w:pPr><w:pageBreakBefore w:val="false"/></w:pPr></w:p></w:tc></w:tr></w:tbl>
      <w:p><mc:AlternateContent><mc:Choice><w:p/><w:p/></mc:Choice><mc:Fallback><w:p><w:pPr><w:pageBreakBefore w:val="1"/></w:pPr></w:p></mc:Fallback></mc:AlternateContent></w:p><w:p w:rsidR="1"><w:pPr><w:pageBreakBefore/></w:pPr></w:p></w:body>`;
    const breaks = paragraphBreaks(xml);
    expect(breaks.count).toBe(6);
    expect([...breaks.before]).toEqual([0, 4, 5]);
  });

  it("leaves out paragraphs mammoth joins or drops (deleted marks, deleted rows), and reads their numbering", () => {
    const xml = `<w:body><w:p><w:pPr><w:pStyle w:val="List"/><w:numPr><w:ilvl w:val="1"/><w:numId w:val="4"/></w:numPr></w:pPr></w:p><w:p><w:pPr><w:rPr><w:del w:id="1"/></w:rPr></w:pPr></w:p>
      <w:tbl><w:tr><w:trPr><w:del w:id="2"/></w:trPr><w:tc><w:p/><w:tbl><w:tr><w:tc><w:p/></w:tc></w:tr></w:tbl></w:tc></w:tr><w:tr><w:tc><w:p><w:pPr><w:pageBreakBefore/></w:pPr></w:p></w:tc></w:tr></w:tbl></w:body>`;
    const breaks = paragraphBreaks(xml);
    expect(breaks.count).toBe(2);
    expect(breaks.numbering[0]).toEqual({ style: "List", numId: "4", ilvl: 1 });
    expect([...breaks.before]).toEqual([1]);
  });

  it("refuses deep nesting and DTDs, and steps over comments, CDATA and quoted '>'", () => {
    expect(() => checkXmlPart(bytes(`<?xml version="1.0"?><a x="1>2"><!-- <b><b><b> --><![CDATA[<c><c>]]><d/></a>`), "ok.xml", 2)).not.toThrow();
    expect(() => checkXmlPart(bytes("<a><b><c></c></b></a>"), "deep.xml", 2)).toThrow(/more than 2 levels/);
    const error = (() => {
      try {
        checkXmlPart(bytes(`<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>`), "word/document.xml");
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(DocumentError);
    expect((error as DocumentError).code).toBe("damaged");
  });
});
