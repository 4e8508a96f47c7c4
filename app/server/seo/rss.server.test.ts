import { describe, expect, it } from "vitest";
import { absoluteUrls, buildRssXml, rfc822Date, xmlText } from "./rss.server.ts";

describe("RSS writing", () => {
  it("escapes text and drops characters XML 1.0 forbids", () => {
    expect(xmlText(`a & b <c> "d" \u0000\u0001\uFFFE\uD800 e`)).toBe("a &amp; b &lt;c&gt; &quot;d&quot;  e");
    expect(xmlText("emoji 😀 stays")).toBe("emoji 😀 stays");
  });
  it("writes RFC 822 dates in GMT", () => {
    expect(rfc822Date("2026-11-28T05:04:03.000Z")).toBe("Sat, 28 Nov 2026 05:04:03 GMT");
  });
  it("makes root-relative links absolute, leaves others", () => {
    expect(absoluteUrls('<img src="/u/a.png"><a href="//cdn.test/x">x</a><a href="https://o.test/">o</a>', "https://site.test")).toBe(
      '<img src="https://site.test/u/a.png"><a href="//cdn.test/x">x</a><a href="https://o.test/">o</a>',
    );
  });
  it("writes content:encoded only for full-content feeds, and no lastBuildDate without posts", () => {
    const channel = { origin: "https://s.test", title: "S", description: "", pagePath: "/blog", feedPath: "/rss.xml", fullContent: false };
    const p = { slug: "a", title: "A", excerpt: "E", html: "<p>H</p>", categories: [], createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-02T00:00:00Z" };
    expect(buildRssXml(channel, [p])).not.toContain("content:encoded>");
    expect(buildRssXml({ ...channel, fullContent: true }, [p])).toContain("<content:encoded>&lt;p&gt;H&lt;/p&gt;</content:encoded>");
    expect(buildRssXml(channel, [])).not.toContain("lastBuildDate");
    expect(buildRssXml(channel, [])).toContain("<description>S</description>");
  });
});
