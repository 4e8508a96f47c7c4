import { describe, expect, it } from "vitest";
import { prepareWordXml } from "./docx-prepare.ts";

/** The w:t texts in order, as mammoth would read them. */
const texts = (xml: string): string[] => [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((match) => match[1]!);

const f = (type: string): string => `<w:r><w:fldChar w:fldCharType="${type}"/></w:r>`;
const t = (text: string): string => `<w:r><w:t>${text}</w:t></w:r>`;

describe("prepareWordXml", () => {
  it("spells a w:fldSimple as a complex field, keeping its result and its instruction (a link stays a link)", () => {
    const xml = `<w:p><w:fldSimple w:instr=" HYPERLINK &quot;https://example.org/?a=1&amp;b=2&quot; "><w:r><w:t>the site</w:t></w:r></w:fldSimple><w:fldSimple w:instr="PAGE"/></w:p>`;
    const out = prepareWordXml(xml);
    expect(out).not.toContain("fldSimple");
    expect(out).toContain(`<w:instrText xml:space="preserve"> HYPERLINK "https://example.org/?a=1&amp;b=2" </w:instrText>`);
    expect(out.match(/w:fldCharType="(\w+)"/g)).toEqual(['w:fldCharType="begin"', 'w:fldCharType="separate"', 'w:fldCharType="end"']);
    expect(texts(out)).toEqual(["the site"]);
  });

  it("drops the text of fields nested in another field's instructions, and keeps nested results", () => {
    const xml = `<w:p>${t("before ")}${f("begin")}<w:r><w:instrText>IF </w:instrText></w:r>${f("begin")}${f("separate")}${t("1")}${f("end")}${f("separate")}${t("shown")}${f("begin")}${f("separate")}${t(" nested result")}${f("end")}${f("end")}${t(" after")}</w:p>`;
    expect(texts(prepareWordXml(xml))).toEqual(["before ", "shown", " nested result", " after"]);
  });

  it("unwraps w:dir and w:bdo, and shows the first mc:Choice of an AlternateContent without a Fallback", () => {
    const xml = `<w:p><w:dir w:val="rtl"><w:r><w:t>one</w:t></w:r></w:dir><w:bdo w:val="ltr"><w:r><w:t>two</w:t></w:r></w:bdo><mc:AlternateContent><mc:Choice Requires="w14"><w:r><w:t>three</w:t></w:r></mc:Choice><mc:Choice Requires="x"><w:r><w:t>not this</w:t></w:r></mc:Choice></mc:AlternateContent><mc:AlternateContent><mc:Choice Requires="w14"><w:r><w:t>choice</w:t></w:r></mc:Choice><mc:Fallback><w:r><w:t>fallback</w:t></w:r></mc:Fallback></mc:AlternateContent></w:p>`;
    const out = prepareWordXml(xml);
    expect(out).not.toMatch(/<w:dir|<w:bdo/);
    expect(texts(out)).toEqual(["one", "two", "three", "choice", "fallback"]);
    // the element with a Fallback is left for mammoth, which reads its Fallback
    expect(out).toContain("<mc:Fallback>");
  });

  it("shows a ruby's base text, not its reading", () => {
    const xml = `<w:p><w:ruby><w:rubyPr><w:rubyAlign w:val="center"/></w:rubyPr><w:rt><w:r><w:t>かんじ</w:t></w:r></w:rt><w:rubyBase><w:r><w:t>漢字</w:t></w:r></w:rubyBase></w:ruby></w:p>`;
    expect(texts(prepareWordXml(xml))).toEqual(["漢字"]);
  });

  it("shows a DATE field with a picture as of today, in place of its stored result", () => {
    const xml = `<w:p>${f("begin")}<w:r><w:instrText> DATE \\@ "yyyy" </w:instrText></w:r>${f("separate")}${t("19")}${t("97")}${f("end")}</w:p>`;
    expect(texts(prepareWordXml(xml))).toEqual([String(new Date().getFullYear())]);
    // a locked field (w:fldLock) keeps its stored result
    expect(texts(prepareWordXml(xml.replace('w:fldCharType="begin"', 'w:fldCharType="begin" w:fldLock="true"')))).toEqual(["19", "97"]);
  });

  it("leaves a part with none of these untouched", () => {
    const xml = `<w:p><w:r><w:t>plain</w:t></w:r></w:p>`;
    expect(prepareWordXml(xml)).toBe(xml);
  });
});
