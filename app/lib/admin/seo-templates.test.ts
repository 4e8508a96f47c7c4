import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "#app/server/html/sanitize.server.ts";
import { seedTools } from "#app/server/seed/tools.seed.ts";
import { buildMetaDescription, buildSeoContent, escapeHtmlText, isBlankHtml, missingSeoValues, pickSeoTemplate, type SeoTemplateKind } from "./seo-templates.ts";

const words = (html: string) => html.replace(/<[^>]+>/g, " ").split(/\s+/).filter(Boolean).length;

describe("pickSeoTemplate", () => {
  it.each([
    ["Image", "image"],
    ["Audio", "audio"],
    ["Video", "video"],
    ["Document", "document"],
    ["Ebook", "document"],
    ["Unit", "unit"],
    ["Time", "time"],
    ["Text", "generic"],
    [" image ", "image"],
    ["VIDEO", "video"],
  ] as const)("category %j picks the %s template", (category, kind) => {
    expect(pickSeoTemplate({ name: "Something", category })).toBe(kind);
  });

  it("uses the category before the name", () => {
    expect(pickSeoTemplate({ name: "MP4 to MP3 Converter", category: "Video" })).toBe("video");
    expect(pickSeoTemplate({ name: "PNG Optimiser", category: "Time" })).toBe("time");
  });

  it.each([
    ["WEBP to PNG Converter", "image"],
    ["Photo Resizer", "image"],
    ["FLAC to MP3", "audio"],
    ["MOV to MP4 Converter", "video"],
    ["DOCX to PDF", "document"],
    ["MOBI Reader", "document"],
    ["Feet to Meters", "unit"],
    ["Celsius to Fahrenheit", "unit"],
    ["UTC to IST Converter", "time"],
    ["World Time Planner", "time"],
  ] as const)("an unknown category falls back to the name: %s → %s", (name, kind) => {
    expect(pickSeoTemplate({ name, category: "Misc" })).toBe(kind);
    expect(pickSeoTemplate({ name, category: "" })).toBe(kind);
  });

  it("gives the generic template when neither category nor name match", () => {
    expect(pickSeoTemplate({ name: "Password Generator", category: "Security" })).toBe("generic");
    expect(pickSeoTemplate({ name: "Lorem Ipsum", category: null })).toBe("generic");
  });

  it("maps every catalogue category (Ebook → Document, Text → generic)", () => {
    const expected: Record<string, SeoTemplateKind> = {
      Image: "image",
      Audio: "audio",
      Video: "video",
      Ebook: "document",
      Document: "document",
      Unit: "unit",
      Time: "time",
      Text: "generic",
    };
    for (const tool of seedTools) expect(pickSeoTemplate(tool), tool.slug).toBe(expected[tool.category]);
  });
});

describe("buildSeoContent", () => {
  const kinds: [SeoTemplateKind, string][] = [
    ["image", "Image"],
    ["audio", "Audio"],
    ["video", "Video"],
    ["document", "Document"],
    ["unit", "Unit"],
    ["time", "Time"],
    ["generic", "Other"],
  ];

  it.each(kinds)("the %s template is real, honest HTML of 120+ words with the name and description", (_kind, category) => {
    const html = buildSeoContent({ name: "Sample Tool", description: "Turns one thing into another", category });
    expect(html).toMatch(/^<h2>About the Sample Tool<\/h2>/);
    expect(html).toContain("<p>Turns one thing into another.</p>");
    expect(html).toContain("<h3>How to use the Sample Tool</h3>");
    expect(html).toMatch(/<ol>\n(<li>[^<]+<\/li>\n){3,}<\/ol>/);
    expect(html).toMatch(/<ul>\n(<li>[^<]+<\/li>\n){2,}<\/ul>/);
    expect(words(html)).toBeGreaterThanOrEqual(120);
    // honest: the work happens on the device, nothing is uploaded or sent
    expect(html).toMatch(/never uploaded|not sent|without sending anything|is sent to a server|never leave/i);
    expect(html).toMatch(/browser|your device/i);
    expect(html).not.toMatch(/5 ?GB|no file size limit|unlimited/i);
  });

  it("gives each category its own text", () => {
    const texts = new Set(kinds.map(([, category]) => buildSeoContent({ name: "X", description: "", category }).replace(/<[^>]+>/g, "")));
    expect(texts.size).toBe(kinds.length);
  });

  it("escapes the name and description", () => {
    const html = buildSeoContent({ name: "A <b>bold</b> & Co", description: "<script>alert(1)</script> Fish & Chips", category: "Image" });
    expect(html).toContain("About the A &lt;b&gt;bold&lt;/b&gt; &amp; Co");
    expect(html).toContain("<p>&lt;script&gt;alert(1)&lt;/script&gt; Fish &amp; Chips.</p>");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>");
  });

  it("passes sanitizeHtml unchanged, also with quotes and odd characters", () => {
    const inputs = [
      { name: "DDS to PNG Converter", description: "Convert DDS textures.", category: "Image" },
      { name: `Tom's "Quick" <Converter> & more`, description: `It's "great" & <fast>!`, category: "Audio" },
      { name: "Café Crème ≥ 1 → 2 😀", description: "", category: "Unit" },
      { name: "Word Counter", description: "Count words", category: "Text" },
      { name: "The Clock", description: "Times", category: "Time" },
    ];
    for (const input of inputs) {
      const html = buildSeoContent(input);
      expect(sanitizeHtml(html)).toBe(html);
    }
  });

  it("handles a missing description and a name that starts with 'The'", () => {
    const html = buildSeoContent({ name: "The Converter", description: "   ", category: "Video" });
    expect(html).toMatch(/^<h2>About The Converter<\/h2>\n<p>The Converter processes/);
    expect(html).not.toContain("<p></p>");
    expect(words(html)).toBeGreaterThanOrEqual(120);
  });

  it("keeps a description's own final punctuation", () => {
    expect(buildSeoContent({ name: "X", description: "Really fast!", category: "Time" })).toContain("<p>Really fast!</p>");
  });
});

describe("isBlankHtml", () => {
  it.each(["", "   ", "\n\t", "<p></p>", "<p> </p>", "<p><br></p>", "<p>&nbsp;</p>", "<h2></h2><p></p>\n<ul><li></li></ul>", "<!-- nothing -->", null, undefined])(
    "%j is blank",
    (html) => expect(isBlankHtml(html)).toBe(true),
  );

  it.each(["x", "<p>Hello</p>", "<p><img src=\"/uploads/a.png\"></p>", "<ul><li>1</li></ul>"])("%j has content", (html) => {
    expect(isBlankHtml(html)).toBe(false);
  });
});

describe("escapeHtmlText", () => {
  it("escapes &, < and >", () => {
    expect(escapeHtmlText(`a & b < c > d "e" 'f'`)).toBe(`a &amp; b &lt; c &gt; d "e" 'f'`);
  });
});

describe("the meta fields 'Fill Missing SEO Content' writes", () => {
  it("takes the meta description from the tool's description, cut at a word below 160 characters", () => {
    expect(buildMetaDescription({ name: "X", description: "Converts  things" })).toBe("Converts things.");
    const long = buildMetaDescription({ name: "X", description: "word ".repeat(60) });
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long).toMatch(/word…$/);
    expect(buildMetaDescription({ name: "PNG Tool", description: "" })).toContain("Free online PNG Tool");
  });
  it("fills only the blank fields", () => {
    const tool = { name: "A", description: "", category: "Audio", content: "<p>x</p>", meta_description: " ", meta_keywords: "k" };
    expect(Object.keys(missingSeoValues(tool))).toEqual(["meta_description"]);
    expect(missingSeoValues({ ...tool, meta_description: "d" })).toEqual({});
    expect(Object.keys(missingSeoValues({ ...tool, content: "<p></p>", meta_keywords: "" }))).toEqual(["content", "meta_description", "meta_keywords"]);
  });
});
