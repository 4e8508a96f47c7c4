import { describe, expect, it } from "vitest";
import { buildSitemapXml, escapeXml, lastmodDate, type SitemapInput } from "./sitemap.server.ts";

/** A small well-formedness check: balanced tags, one root, no raw `<` or bare `&` in text. */
function assertWellFormed(xml: string): void {
  const body = xml.replace(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n/, "");
  expect(body.startsWith("<urlset")).toBe(true);
  const stack: string[] = [];
  let roots = 0;
  for (const match of body.matchAll(/<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<&]*")*)\s*(\/?)>|([^<]+)|(<)/g)) {
    const [, closing, name, , selfClosing, text, stray] = match;
    expect(stray, "stray <").toBeUndefined();
    if (text !== undefined) {
      expect(text.replace(/&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, "")).not.toMatch(/[&<>]/);
      if (stack.length === 0) expect(text.trim()).toBe("");
      continue;
    }
    if (closing) {
      expect(stack.pop()).toBe(name);
    } else if (!selfClosing) {
      if (stack.length === 0) roots += 1;
      stack.push(name ?? "");
    }
  }
  expect(stack).toEqual([]);
  expect(roots).toBe(1);
}

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? "");
}

const input: SitemapInput = {
  origin: "https://tools.example.com",
  posts: [
    { slug: "hello-world", updatedAt: "2024-03-02T10:00:00.000Z" },
    { slug: "newer-post", updatedAt: "2024-04-05T08:30:00.000Z" },
  ],
  pages: [{ slug: "about", updatedAt: "2024-06-01T00:00:00.000Z" }],
  tools: [
    { slug: "dds-to-png", updatedAt: "2024-01-15T12:00:00.000Z" },
    { slug: "png-to-dds", updatedAt: "2024-02-20T23:59:59.000Z" },
  ],
};

describe("buildSitemapXml", () => {
  it("writes the exact urlset with spec priorities, frequencies and lastmod dates", () => {
    expect(buildSitemapXml(input)).toBe(`<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url>
    <loc>https://tools.example.com/</loc>
    <lastmod>2024-06-01</lastmod>
    <changefreq>daily</changefreq>
    <priority>1.0</priority>
  </url>
  <url>
    <loc>https://tools.example.com/tools</loc>
    <lastmod>2024-02-20</lastmod>
    <changefreq>daily</changefreq>
    <priority>0.9</priority>
  </url>
  <url>
    <loc>https://tools.example.com/blog</loc>
    <lastmod>2024-04-05</lastmod>
    <changefreq>daily</changefreq>
    <priority>0.8</priority>
  </url>
  <url>
    <loc>https://tools.example.com/blog/hello-world</loc>
    <lastmod>2024-03-02</lastmod>
    <changefreq>weekly</changefreq>
    <priority>0.7</priority>
  </url>
  <url>
    <loc>https://tools.example.com/blog/newer-post</loc>
    <lastmod>2024-04-05</lastmod>
    <changefreq>weekly</changefreq>
    <priority>0.7</priority>
  </url>
  <url>
    <loc>https://tools.example.com/page/about</loc>
    <lastmod>2024-06-01</lastmod>
    <changefreq>monthly</changefreq>
    <priority>0.6</priority>
  </url>
  <url>
    <loc>https://tools.example.com/tool/dds-to-png</loc>
    <lastmod>2024-01-15</lastmod>
    <changefreq>monthly</changefreq>
    <priority>0.8</priority>
  </url>
  <url>
    <loc>https://tools.example.com/tool/png-to-dds</loc>
    <lastmod>2024-02-20</lastmod>
    <changefreq>monthly</changefreq>
    <priority>0.8</priority>
  </url>
</urlset>
`);
  });

  it("is well-formed and has one <url> per entry", () => {
    const xml = buildSitemapXml(input);
    assertWellFormed(xml);
    expect(xml.match(/<url>/g)).toHaveLength(8);
    expect(xml.match(/<\/url>/g)).toHaveLength(8);
    expect(xml.match(/<loc>/g)).toHaveLength(8);
  });

  it("omits lastmod on the list pages when there are no items", () => {
    const xml = buildSitemapXml({ origin: "https://x.test", posts: [], pages: [], tools: [] });
    assertWellFormed(xml);
    expect(xml).toBe(`<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url>
    <loc>https://x.test/</loc>
    <changefreq>daily</changefreq>
    <priority>1.0</priority>
  </url>
  <url>
    <loc>https://x.test/tools</loc>
    <changefreq>daily</changefreq>
    <priority>0.9</priority>
  </url>
  <url>
    <loc>https://x.test/blog</loc>
    <changefreq>daily</changefreq>
    <priority>0.8</priority>
  </url>
</urlset>
`);
  });

  it("dates /tools and /blog from their own items and home from everything", () => {
    const xml = buildSitemapXml({
      origin: "https://x.test",
      posts: [],
      pages: [{ slug: "terms", updatedAt: "2025-01-01T00:00:00.000Z" }],
      tools: [{ slug: "a", updatedAt: "2023-05-05T00:00:00.000Z" }],
    });
    expect(xml).toContain("<loc>https://x.test/</loc>\n    <lastmod>2025-01-01</lastmod>");
    expect(xml).toContain("<loc>https://x.test/tools</loc>\n    <lastmod>2023-05-05</lastmod>");
    expect(xml).toContain("<loc>https://x.test/blog</loc>\n    <changefreq>daily</changefreq>");
  });

  it("strips trailing slashes from the origin", () => {
    const xml = buildSitemapXml({ ...input, origin: "https://tools.example.com/" });
    expect(locs(xml)[0]).toBe("https://tools.example.com/");
    expect(locs(xml)[1]).toBe("https://tools.example.com/tools");
    expect(xml).not.toContain(".com//");
  });

  it("XML-escapes URLs", () => {
    const xml = buildSitemapXml({
      origin: "https://x.test",
      posts: [{ slug: "tom&jerry", updatedAt: "2024-01-01T00:00:00.000Z" }],
      pages: [{ slug: "it's", updatedAt: "2024-01-01T00:00:00.000Z" }],
      tools: [{ slug: `<b>"q"`, updatedAt: "2024-01-01T00:00:00.000Z" }],
    });
    assertWellFormed(xml);
    expect(locs(xml).slice(3)).toEqual([
      "https://x.test/blog/tom&amp;jerry",
      "https://x.test/page/it&apos;s",
      "https://x.test/tool/%3Cb%3E%22q%22",
    ]);
    expect(xml).not.toContain("tom&jerry");
  });

  it("percent-encodes spaces and non-ASCII characters in slugs and skips empty slugs", () => {
    const xml = buildSitemapXml({
      origin: "https://x.test",
      posts: [{ slug: "café crème", updatedAt: "2024-01-01T00:00:00.000Z" }, { slug: "  ", updatedAt: "2024-01-01T00:00:00.000Z" }],
      pages: [],
      tools: [],
    });
    expect(locs(xml)).toEqual(["https://x.test/", "https://x.test/tools", "https://x.test/blog", "https://x.test/blog/caf%C3%A9%20cr%C3%A8me"]);
  });

  it("leaves out lastmod for an item whose date cannot be read", () => {
    const xml = buildSitemapXml({ origin: "https://x.test", posts: [{ slug: "p", updatedAt: "not a date" }], pages: [], tools: [] });
    expect(xml).toContain("<loc>https://x.test/blog/p</loc>\n    <changefreq>weekly</changefreq>");
    expect(xml).toContain("<loc>https://x.test/blog</loc>\n    <changefreq>daily</changefreq>");
  });
});

describe("the well-formedness check used above", () => {
  it("rejects broken XML", () => {
    const head = `<?xml version="1.0" encoding="UTF-8"?>\n`;
    expect(() => assertWellFormed(`${head}<urlset><url><loc>a&b</loc></url></urlset>`)).toThrow();
    expect(() => assertWellFormed(`${head}<urlset><url><loc>a</url></loc></urlset>`)).toThrow();
    expect(() => assertWellFormed(`${head}<urlset><url></urlset>`)).toThrow();
    expect(() => assertWellFormed(`${head}<urlset></urlset><urlset></urlset>`)).toThrow();
    expect(() => assertWellFormed(`${head}<urlset><loc>a < b</loc></urlset>`)).toThrow();
    expect(() => assertWellFormed(`${head}<urlset><url><loc>a&amp;b</loc></url></urlset>`)).not.toThrow();
  });
});

describe("lastmodDate", () => {
  it("takes the date part of ISO and SQL timestamps", () => {
    expect(lastmodDate("2024-03-02T10:00:00.000Z")).toBe("2024-03-02");
    expect(lastmodDate("2024-03-02 23:10:00")).toBe("2024-03-02");
    expect(lastmodDate("2024-03-02")).toBe("2024-03-02");
    expect(lastmodDate("2024-03-02T23:30:00-05:00")).toBe("2024-03-02");
  });
  it("falls back to the UTC date for other date formats and gives undefined for nonsense", () => {
    expect(lastmodDate("Sat, 02 Mar 2024 10:00:00 GMT")).toBe("2024-03-02");
    expect(lastmodDate("")).toBeUndefined();
    expect(lastmodDate("yesterday")).toBeUndefined();
  });
});

describe("escapeXml", () => {
  it("escapes the five XML special characters", () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe("a&amp;b&lt;c&gt;d&quot;e&apos;f");
  });
});
