// The EPUB writer's naming and escaping rules, one by one.
import { describe, expect, it } from "vitest";
import { escapeXml, fixEntities, NameBook, normalizeBookHref, relativeHref, uniqueId, unescapeXml } from "./epub-names.ts";

describe("NameBook", () => {
  it("makes names safe, unique without regard to case, and keeps our own names free", () => {
    const names = new NameBook();
    expect(names.claim("text/Chapter One?.xhtml", "x")).toBe("text/Chapter_One_.xhtml");
    expect(names.claim("text/chapter one!.xhtml", "x")).toBe("text/chapter_one_-2.xhtml");
    expect(names.claim("../../etc/passwd", "x")).toBe("etc/passwd");
    expect(names.claim("nav.xhtml", "x")).toBe("nav-2.xhtml");
    expect(names.claim("Nav.XHTML", "x", ".xhtml")).toBe("Nav-3.xhtml");
    expect(names.claim("page.html", "x", ".xhtml")).toBe("page.xhtml");
    expect(names.claim("///", "fallback.css")).toBe("fallback.css");
    expect(names.claim("%D0%93%D0%BB%D0%B0%D0%B2%D0%B0.xhtml", "x")).toBe("_.xhtml");
    expect(names.claim(".hidden", "x")).toBe("hidden");
  });

  it("numbers many files of one name in order", () => {
    const names = new NameBook();
    const given = Array.from({ length: 20_000 }, () => names.claim("chapter.xhtml", "x"));
    expect(new Set(given).size).toBe(20_000);
    expect(given.slice(0, 3)).toEqual(["chapter.xhtml", "chapter-2.xhtml", "chapter-3.xhtml"]);
    expect(names.claim("chapter-4.xhtml", "x")).toBe("chapter-4-2.xhtml");
  });
});

describe("links", () => {
  it("are made relative between folders", () => {
    expect(relativeHref("text/a.xhtml", "images/b.png")).toBe("../images/b.png");
    expect(relativeHref("text/a.xhtml", "text/b.xhtml")).toBe("b.xhtml");
    expect(relativeHref("a.xhtml", "x/y/b.png")).toBe("x/y/b.png");
    expect(relativeHref("x/y/a.xhtml", "b.png")).toBe("../../b.png");
  });

  it("name one file however they are written", () => {
    expect(normalizeBookHref("./text/../text/a%20b.xhtml")).toBe("text/a b.xhtml");
    expect(normalizeBookHref("/a.xhtml")).toBe("a.xhtml");
  });
});

describe("XML text", () => {
  it("escapes markup and drops characters XML forbids", () => {
    expect(escapeXml(`a <b> & "c"\u0001\uD800`)).toBe("a &lt;b&gt; &amp; &quot;c&quot;");
    expect(unescapeXml("&lt;&#65;&#x42;&amp;&nbsp;")).toBe("<AB&&nbsp;");
  });

  it("turns HTML entities into references XML knows", () => {
    expect(fixEntities("a&nbsp;b &mdash; &amp; &unknown; & c &#0; &#x1F600;")).toBe("a&#160;b &#8212; &amp; &amp;unknown; &amp; c  &#x1F600;");
  });

  it("gives unique XML names", () => {
    const used = new Set<string>();
    expect(uniqueId("1 chapter", used)).toBe("chapter");
    expect(uniqueId("chapter", used)).toBe("chapter-2");
    expect(uniqueId("???", used)).toBe("id");
  });
});
