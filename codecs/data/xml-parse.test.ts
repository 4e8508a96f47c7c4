// Our XML parser against xmllint: every snippet xmllint --noout accepts we accept, every one it
// rejects we refuse on the same line; entities expand under the budget; feeds get HTML entities.
import { execFileSync, spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { DocumentError } from "../document/document-error.ts";
import { HAVE_XMLLINT, XMLLINT } from "#tests/support/reference-tools.ts";
import { readXml } from "./read-xml.ts";

/** Our verdict: the tree as JSON, or the refusal's message. */
function ours(xml: string): { ok: true; json: string } | { ok: false; message: string; line?: number } {
  try {
    return { ok: true, json: JSON.stringify(readXml(xml)) };
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    const line = /at line (\d+), column \d+/.exec(error.message)?.[1];
    return { ok: false, message: error.message, line: line === undefined ? undefined : Number(line) };
  }
}

/** xmllint --noout's verdict: accepted, or the line of its first error. */
function xmllint(xml: string): { ok: boolean; line?: number } {
  const run = spawnSync(XMLLINT, ["--noout", "--nonet", "-"], { input: xml, encoding: "utf8" });
  const line = /^-:(\d+):/m.exec(run.stderr)?.[1];
  return { ok: run.status === 0, line: line === undefined ? undefined : Number(line) };
}

const WELL_FORMED = [
  '<?xml version="1.0" encoding="UTF-8"?>\n<a x="1" y=\'2\'>text<b/><!-- c --><?pi data?><![CDATA[<raw> & ]]></a>',
  "<a>&lt;&gt;&amp;&apos;&quot;&#233;&#x1F600;</a>",
  '<!DOCTYPE a [\n<!ELEMENT a (b|c)*>\n<!ELEMENT b (#PCDATA)>\n<!ELEMENT c (b, (b | c)?, b+)>\n<!ATTLIST a id ID #IMPLIED kind (x|y) "x" note CDATA #FIXED "n">\n<!NOTATION gif SYSTEM "image/gif">\n<!ENTITY logo SYSTEM "logo.gif" NDATA gif>\n<!ENTITY co "A &amp; B">\n]>\n<a>&co;</a>',
  '<!DOCTYPE a [<!ENTITY % p "<!ENTITY q \'Q\'>"> %p;]><a>&q;</a>',
  '<!DOCTYPE a [<!ENTITY e "<b>bold</b> &amp; more">]><a>&e;</a>',
  '<!DOCTYPE rss SYSTEM "http://my.netscape.com/publish/formats/rss-0.91.dtd">\n<rss><channel><title>A&nbsp;B&eacute;</title></channel></rss>',
  "<a>\r\n<b>1</b>\r\n</a>\n<!-- after -->\n",
];

const MALFORMED = [
  "<a><b></a>",
  "<a>\n<b>\n</a>\n</b>",
  "<a></a><b></b>",
  "<a>\n\n",
  '<a x="1" x="2"/>',
  '<a x="<"/>',
  "<a x=1/>",
  '<a x="1"y="2"/>',
  "<a>&undefined;</a>",
  "<a>&amp</a>",
  "<a>& b</a>",
  "<a>\u0001</a>",
  "<a>&#0;</a>",
  "<a>]]></a>",
  "<a><!-- a -- b --></a>",
  '\n<?xml version="1.0"?><a/>',
  "<1a/>",
  "<a></a>text",
  '<!DOCTYPE a [<!ENTITY e "&e;">]><a>&e;</a>',
  '<!DOCTYPE a [<!ELEMENT a (b,c|d)>]><a/>',
  '<!DOCTYPE a [<!ENTITY e "<b>">]><a>&e;</b></a>',
  "",
  '<?xml version="1.0"?>',
  "<a><![CDATA[never closed</a>",
];

describe.skipIf(!HAVE_XMLLINT)("well-formedness as xmllint judges it", () => {
  it.each(WELL_FORMED)("accepts %j", (xml) => {
    expect(xmllint(xml).ok).toBe(true);
    expect(ours(xml)).toMatchObject({ ok: true });
  });

  it.each(MALFORMED)("refuses %j on xmllint's line", (xml) => {
    const reference = xmllint(xml);
    expect(reference.ok).toBe(false);
    const result = ours(xml);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toMatch(/^Invalid XML at line \d+, column \d+: /);
    expect(result.line).toBe(reference.line);
  });
});

describe("the tree", () => {
  it("expands entities (in text and attributes), keeps CDATA as text, and normalizes line ends", () => {
    const xml = '<!DOCTYPE a [<!ENTITY co "A &amp; B"><!ENTITY e "<b>bold</b>">]>\r\n<a t="&co;\tx">&co; <![CDATA[<i>&amp;</i>]]>&e;</a>';
    expect(readXml(xml)).toEqual({ a: { "@t": "A & B x", b: "bold", "#text": "A & B <i>&amp;</i>" } });
  });

  it("an RSS 0.91 feed with its DTD: HTML entities expanded, unknown ones kept as written", () => {
    const xml = '<!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd">\n<rss version="0.91"><channel><title>Caf&eacute;&nbsp;&copy; &bogus;</title></channel></rss>';
    expect(readXml(xml)).toEqual({ rss: { "@version": "0.91", channel: { title: "Café\u00a0© &bogus;" } } });
  });

  it("a feed is read as feed readers read it: HTML entities, a bare &, control characters, junk after the end; other XML is refused", () => {
    expect(readXml('<rss version="2.0"><channel><title>A&mdash;B</title></channel></rss>')).toEqual({ rss: { "@version": "2.0", channel: { title: "A—B" } } });
    const sloppy = '\n<?xml version="1.0"?>\n<rss><channel><link>http://x.org/?a=1&b=2</link><title a="x & y">Tom & Jerry\u000b &bogus;</title></channel></rss>\n<p>PHP warning</p>';
    expect(readXml(sloppy)).toEqual({ rss: { channel: { link: "http://x.org/?a=1&b=2", title: { "@a": "x & y", "#text": "Tom & Jerry &bogus;" } } } });
    expect(() => readXml(sloppy.replaceAll("rss>", "doc>"))).toThrow(/^Invalid XML at line 2, column 1: the XML declaration is allowed only at the very start/);
    expect(() => readXml("<doc>Tom & Jerry</doc>")).toThrow(/^Invalid XML at line 1, column 11: entity reference: not a valid name/);
    expect(() => readXml("<doc>A&mdash;B</doc>")).toThrow('Invalid XML at line 1, column 7: the entity "mdash" is undeclared (without a DTD that declares it, XML knows only &amp; &lt; &gt; &quot; &apos;).');
  });

  it("an element named __proto__ is only a key", () => {
    expect(JSON.stringify(readXml("<a><__proto__>x</__proto__></a>"))).toBe('{"a":{"__proto__":"x"}}');
    expect(JSON.stringify(readXml('<a __proto__="v"><__proto__/><__proto__/></a>'))).toBe('{"a":{"@__proto__":"v","__proto__":["",""]}}');
    expect(Object.getPrototypeOf(readXml("<a><__proto__>x</__proto__></a>"))).toBe(Object.prototype);
  });
});

describe("entity budget", () => {
  it("refuses a quadratic blow-up (one big entity referenced many times) with the place", () => {
    const xml = `<!DOCTYPE a [<!ENTITY big "${"x".repeat(50_000)}">]>\n<a>${"&big;".repeat(200)}</a>`;
    expect(() => readXml(xml)).toThrow(expect.objectContaining({ code: "too-much-work", message: expect.stringMatching(/^The XML's entities expand to more than 1,000,000 characters \(line 2, column \d+\)/) }));
  });

  it("allows what libxml2 allows: up to 5 × the document beyond a million characters", () => {
    const xml = `<!DOCTYPE a [<!ENTITY e "${"x".repeat(1000)}">]><a>${"&e; ".repeat(900)}</a>`;
    expect((readXml(xml) as { a: string }).a.length).toBeGreaterThan(900_000);
  });

  it.skipIf(!HAVE_XMLLINT)("xmllint refuses the billion laughs too", () => {
    const entities = Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join("");
    const xml = `<!DOCTYPE a [<!ENTITY l0 "lol">${entities}]><a>&l9;</a>`;
    expect(() => execFileSync(XMLLINT, ["--noout", "--noent", "-"], { input: xml, stdio: ["pipe", "ignore", "ignore"] })).toThrow();
    expect(() => readXml(xml)).toThrow(expect.objectContaining({ code: "too-much-work" }));
  });
});
