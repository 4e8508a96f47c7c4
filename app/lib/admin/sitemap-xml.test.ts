import { describe, expect, it } from "vitest";
import { checkSitemapXml, decodeUtf8, isXmlFileName, SITEMAP_MAX_BYTES } from "./sitemap-xml.ts";

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

const NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const U = `<urlset xmlns="${NS}">`;
const U0 = `<urlset xmlns="${NS}"/>`;

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
    [`${U}<url></urlset>`, "</urlset> where </url> was expected on line 1"],
    [`${U}\n<url>`, "<url> is never closed on line 2"],
    [`${U}</urlset><urlset/>`, "a second root element"],
    [`${U0}trailing`, "text outside the root element"],
    [`${U}<loc>a & b</loc></urlset>`, 'an "&" that is not an entity'],
    [`${U}<loc>a < b</loc></urlset>`, 'a "<" that does not start a tag'],
    ['<urlset a="1" a="2"/>', 'duplicate attribute "a"'],
    ["<urlset a=1/>", "a malformed tag"],
    ['<urlset a="<"/>', '"<" in the value of attribute "a"'],
    [`${U}<!-- open </urlset>`, "an unclosed comment"],
    [`${U}<![CDATA[x</urlset>`, "an unclosed CDATA section"],
    ["</urlset>", "an end tag </urlset> without a start tag"],
    [`${U0}\n<?xml version="1.0"?>`, "an XML declaration that is not at the very start"],
    [`${U}]]></urlset>`, 'a stray "]]>"'],
  ])("refuses malformed XML: %s", (xml, message) => {
    expect(checkSitemapXml(xml)).toContain(message);
  });

  it("accepts real sitemaps with the image, video, news and hreflang extensions and a schema location", () => {
    const real = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
        xsi:schemaLocation="http://www.sitemaps.org/schemas/sitemap/0.9 http://www.sitemaps.org/schemas/sitemap/0.9/sitemap.xsd"
        xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"
        xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"
        xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"
        xmlns:xhtml="http://www.w3.org/1999/xhtml">
  <url>
    <loc>https://example.com/tool/dds-to-png</loc>
    <lastmod>2026-11-01</lastmod><changefreq>weekly</changefreq><priority>0.8</priority>
    <xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/tool/dds-to-png"/>
    <image:image><image:loc>https://example.com/uploads/a.png</image:loc><image:caption>A texture</image:caption></image:image>
  </url>
  <url>
    <loc>https://example.com/blog/video</loc>
    <video:video>
      <video:thumbnail_loc>https://example.com/t.jpg</video:thumbnail_loc>
      <video:title>Converting</video:title><video:description>How</video:description>
      <video:player_loc allow_embed="yes">https://example.com/player</video:player_loc>
      <video:restriction relationship="allow">IE GB</video:restriction>
      <video:price currency="EUR" type="own">1.99</video:price>
    </video:video>
    <news:news><news:publication><news:name>Blog</news:name><news:language>en</news:language></news:publication>
      <news:publication_date>2026-11-01</news:publication_date><news:title>News</news:title></news:news>
  </url>
</urlset>`;
    expect(checkSitemapXml(real)).toBeNull();
  });

  it("refuses an XHTML <script> (it ran at /sitemap.xml before)", () => {
    const payload = `<urlset xmlns="${NS}"><url><loc>https://example.com/</loc></url><script xmlns="http://www.w3.org/1999/xhtml">alert(document.cookie)</script></urlset>`;
    expect(checkSitemapXml(payload)).toBe(
      "The sitemap may contain only sitemap elements and the image, video, news and xhtml:link extensions; it contains <script> (namespace http://www.w3.org/1999/xhtml) on line 1.",
    );
    const prefixed = `<urlset xmlns="${NS}" xmlns:x="http://www.w3.org/1999/xhtml">\n<url><loc>https://e.com/</loc><x:script>alert(1)</x:script></url></urlset>`;
    expect(checkSitemapXml(prefixed)).toContain("it contains <x:script> (namespace http://www.w3.org/1999/xhtml) on line 2");
    // an SVG or an element that only borrows the sitemap namespace's prefix is refused too
    expect(checkSitemapXml(`<urlset xmlns="${NS}"><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/></urlset>`)).toContain("<svg> (namespace http://www.w3.org/2000/svg)");
    expect(checkSitemapXml(`<urlset xmlns="${NS}"><script>alert(1)</script></urlset>`)).toContain(`<script> (namespace ${NS})`);
  });

  it("refuses elements outside any namespace, undeclared prefixes and roots outside the sitemap namespace", () => {
    expect(checkSitemapXml("<urlset><url/></urlset>")).toBe(`The sitemap's root element <urlset> must be in the sitemap namespace: add xmlns="${NS}".`);
    expect(checkSitemapXml(`<urlset xmlns="${NS}"><url xmlns=""><loc/></url></urlset>`)).toContain("<url> (no namespace)");
    expect(checkSitemapXml(`<urlset xmlns="${NS}"><h:script/></urlset>`)).toContain('the prefix "h" of <h:script> is not declared');
  });

  it("refuses attributes a sitemap does not define", () => {
    expect(checkSitemapXml(`<urlset xmlns="${NS}" onload="alert(1)"/>`)).toBe('The sitemap may not contain the attribute "onload" on <urlset> (line 1).');
    expect(checkSitemapXml(`<urlset xmlns="${NS}"><url style="x"/></urlset>`)).toContain('the attribute "style" on <url>');
    expect(checkSitemapXml(`<urlset xmlns="${NS}" xmlns:xhtml="http://www.w3.org/1999/xhtml"><url><xhtml:link onclick="x" href="/"/></url></urlset>`)).toContain(
      'the attribute "onclick" on <xhtml:link>',
    );
    expect(checkSitemapXml(`<urlset xmlns="${NS}" xml:base="https://evil.example/"/>`)).toContain('the attribute "xml:base"');
  });

  it("refuses processing instructions other than the XML declaration (a stylesheet can run script)", () => {
    const styled = `<?xml version="1.0"?>\n<?xml-stylesheet type="text/xsl" href="/sitemap.xsl"?>\n${U0}`;
    expect(checkSitemapXml(styled)).toBe("The sitemap may not contain processing instructions such as <?xml-stylesheet?> (line 2): only the XML declaration is allowed.");
    expect(checkSitemapXml(`${U}<?php echo 1 ?></urlset>`)).toContain("<?php?>");
  });

  it("refuses absurd nesting", () => {
    const deep = `<urlset xmlns="${NS}">${"<url>".repeat(20)}${"</url>".repeat(20)}</urlset>`;
    expect(checkSitemapXml(deep)).toBe("The sitemap nests elements more than 12 deep on line 1.");
  });

  it("refuses a DOCTYPE", () => {
    expect(checkSitemapXml('<!DOCTYPE x [<!ENTITY a "b">]><urlset/>')).toBe("The sitemap must not contain a DOCTYPE.");
  });

  it("accepts a sitemap near the upload limit, and names the line of a fault at its end", () => {
    // a checker that rescans the text per element would take minutes here (the test's timeout ends it);
    // nothing is timed, so a busy machine cannot fail it
    const url = "<url><loc>https://example.com/tool/some-tool?a=1&amp;b=2</loc><lastmod>2026-01-01</lastmod></url>\n";
    const body = url.repeat(Math.floor((SITEMAP_MAX_BYTES - 200) / url.length));
    const xml = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}</urlset>`;
    expect(xml.length).toBeLessThanOrEqual(SITEMAP_MAX_BYTES);
    expect(checkSitemapXml(xml)).toBeNull();
    const lines = body.split("\n").length + 1;
    expect(checkSitemapXml(xml.replace("</urlset>", "<script/></urlset>"))).toContain(`line ${lines}`);
  });

  it("decodes only valid UTF-8", () => {
    expect(decodeUtf8(new TextEncoder().encode("<urlset/>"))).toBe("<urlset/>");
    expect(decodeUtf8(new Uint8Array([0x3c, 0xff, 0xfe]))).toBeNull();
  });
});
