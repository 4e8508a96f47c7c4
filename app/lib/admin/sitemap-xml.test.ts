import { describe, expect, it } from "vitest";
import { checkSitemapXml, decodeUtf8, isXmlFileName } from "./sitemap-xml";

const URLSET = `<?xml version="1.0" encoding="UTF-8"?>
<!-- made by hand -->
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image='http://www.google.com/schemas/sitemap-image/1.1'>
  <url><loc>https://example.com/?a=1&amp;b=2</loc><priority>1.0</priority></url>
  <url><loc><![CDATA[https://example.com/x?y=<z>]]></loc><image:image/></url>
</urlset>
`;

describe("sitemap file name", () => {
  it("must end in .xml", () => {
    expect(isXmlFileName("sitemap.xml")).toBe(true);
    expect(isXmlFileName("SITEMAP.XML")).toBe(true);
    expect(isXmlFileName("sitemap.txt")).toBe(false);
    expect(isXmlFileName("sitemap.xml.gz")).toBe(false);
    expect(isXmlFileName("xml")).toBe(false);
  });
});

describe("sitemap content", () => {
  it("accepts a urlset and a sitemapindex, with a BOM, comments, CDATA and prefixes", () => {
    expect(checkSitemapXml(URLSET)).toBeNull();
    expect(checkSitemapXml("\uFEFF" + URLSET)).toBeNull();
    expect(checkSitemapXml(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://e.com/a.xml</loc></sitemap></sitemapindex>`)).toBeNull();
    expect(checkSitemapXml(`<sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"/>`)).toBeNull();
  });

  it("refuses other roots", () => {
    expect(checkSitemapXml("<html><body/></html>")).toBe("The sitemap's root element must be <urlset> or <sitemapindex>, not <html>.");
    expect(checkSitemapXml("")).toBe("The file has no XML root element.");
    expect(checkSitemapXml("<!-- only a comment -->")).toBe("The file has no XML root element.");
  });

  it.each([
    ["<urlset><url></urlset>", "</urlset> where </url> was expected on line 1"],
    ["<urlset>\n<url>", "<url> is never closed on line 2"],
    ["<urlset></urlset><urlset/>", "a second root element"],
    ["<urlset/>trailing", "text outside the root element"],
    ["<urlset><loc>a & b</loc></urlset>", 'an "&" that is not an entity'],
    ["<urlset><loc>a < b</loc></urlset>", 'a "<" that does not start a tag'],
    ['<urlset a="1" a="2"/>', 'duplicate attribute "a"'],
    ["<urlset a=1/>", "a malformed tag"],
    ['<urlset a="<"/>', '"<" in the value of attribute "a"'],
    ["<urlset><!-- open </urlset>", "an unclosed comment"],
    ["<urlset><![CDATA[x</urlset>", "an unclosed CDATA section"],
    ["</urlset>", "an end tag </urlset> without a start tag"],
    ['<urlset/>\n<?xml version="1.0"?>', "an XML declaration that is not at the very start"],
    ["<urlset>]]></urlset>", 'a stray "]]>"'],
  ])("refuses malformed XML: %s", (xml, message) => {
    expect(checkSitemapXml(xml)).toContain(message);
  });

  it("refuses a DOCTYPE", () => {
    expect(checkSitemapXml('<!DOCTYPE x [<!ENTITY a "b">]><urlset/>')).toBe("The sitemap must not contain a DOCTYPE.");
  });

  it("checks a large sitemap quickly", () => {
    const url = "<url><loc>https://example.com/tool/some-tool?a=1&amp;b=2</loc><lastmod>2026-01-01</lastmod></url>\n";
    const xml = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${url.repeat(40_000)}</urlset>`;
    const started = performance.now();
    expect(checkSitemapXml(xml)).toBeNull();
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("decodes only valid UTF-8", () => {
    expect(decodeUtf8(new TextEncoder().encode("<urlset/>"))).toBe("<urlset/>");
    expect(decodeUtf8(new Uint8Array([0x3c, 0xff, 0xfe]))).toBeNull();
  });
});
