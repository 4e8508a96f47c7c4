import { describe, expect, it } from "vitest";
import { absoluteImageUrl, normalizeTwitterHandle, pageMeta } from "./meta.ts";

const canonicalUrl = "https://tools.example.com/tool/dds-to-png";

describe("pageMeta", () => {
  it("writes every tag for a full input", () => {
    expect(
      pageMeta({
        title: "DDS to PNG | DDS to PNG Converter",
        description: "Convert DDS textures to PNG in your browser.",
        keywords: "dds, png",
        canonicalUrl,
        siteName: "DDS to PNG Converter",
        ogImage: "/uploads/site-assets/og-images/og.png",
        twitterHandle: "ddstopng",
        type: "article",
        noindex: true,
      }),
    ).toEqual([
      { title: "DDS to PNG | DDS to PNG Converter" },
      { name: "description", content: "Convert DDS textures to PNG in your browser." },
      { name: "keywords", content: "dds, png" },
      { tagName: "link", rel: "canonical", href: canonicalUrl },
      { property: "og:title", content: "DDS to PNG | DDS to PNG Converter" },
      { property: "og:description", content: "Convert DDS textures to PNG in your browser." },
      { property: "og:url", content: canonicalUrl },
      { property: "og:site_name", content: "DDS to PNG Converter" },
      { property: "og:type", content: "article" },
      { property: "og:image", content: "https://tools.example.com/uploads/site-assets/og-images/og.png" },
      { name: "twitter:card", content: "summary_large_image" },
      { name: "twitter:title", content: "DDS to PNG | DDS to PNG Converter" },
      { name: "twitter:image", content: "https://tools.example.com/uploads/site-assets/og-images/og.png" },
      { name: "twitter:description", content: "Convert DDS textures to PNG in your browser." },
      { name: "twitter:site", content: "@ddstopng" },
      { name: "robots", content: "noindex" },
    ]);
  });

  it("leaves out blank optional tags and defaults og:type to website", () => {
    expect(
      pageMeta({ title: "Tools", description: "", keywords: "  ", canonicalUrl: "https://x.test/tools", siteName: "X", ogImage: "", twitterHandle: "" }),
    ).toEqual([
      { title: "Tools" },
      { tagName: "link", rel: "canonical", href: "https://x.test/tools" },
      { property: "og:title", content: "Tools" },
      { property: "og:url", content: "https://x.test/tools" },
      { property: "og:site_name", content: "X" },
      { property: "og:type", content: "website" },
      { name: "twitter:card", content: "summary" },
      { name: "twitter:title", content: "Tools" },
    ]);
  });

  it("gives the same result for omitted and blank optional fields", () => {
    expect(pageMeta({ title: "T", canonicalUrl: "https://x.test/", siteName: "X" })).toEqual(
      pageMeta({ title: "T", canonicalUrl: "https://x.test/", siteName: "X", description: " ", keywords: "", ogImage: " ", twitterHandle: "@", noindex: false }),
    );
  });

  it("keeps an absolute image and says summary_large_image", () => {
    const meta = pageMeta({ title: "T", canonicalUrl: "https://x.test/", siteName: "X", ogImage: "https://cdn.example.com/og.png" });
    expect(meta).toContainEqual({ property: "og:image", content: "https://cdn.example.com/og.png" });
    expect(meta).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });

  it("has no robots tag unless noindex is asked for", () => {
    const meta = pageMeta({ title: "T", canonicalUrl: "https://x.test/", siteName: "X" });
    expect(meta.some((d) => "name" in d && d.name === "robots")).toBe(false);
  });
});

describe("normalizeTwitterHandle", () => {
  it.each([
    ["ddstopng", "@ddstopng"],
    ["@ddstopng", "@ddstopng"],
    ["  @@ddstopng ", "@ddstopng"],
    ["https://twitter.com/ddstopng", "@ddstopng"],
    ["https://x.com/ddstopng?s=20", "@ddstopng"],
    ["x.com/@ddstopng", "@ddstopng"],
  ])("%j -> %j", (input, expected) => {
    expect(normalizeTwitterHandle(input)).toBe(expected);
  });
  it("gives undefined for blank handles", () => {
    expect(normalizeTwitterHandle(undefined)).toBeUndefined();
    expect(normalizeTwitterHandle("")).toBeUndefined();
    expect(normalizeTwitterHandle(" @ ")).toBeUndefined();
  });
});

describe("absoluteImageUrl", () => {
  it("resolves against the canonical URL's origin", () => {
    expect(absoluteImageUrl("/og.png", "https://x.test/blog/post")).toBe("https://x.test/og.png");
    expect(absoluteImageUrl("//cdn.test/og.png", "https://x.test/blog/post")).toBe("https://cdn.test/og.png");
    expect(absoluteImageUrl("https://cdn.test/og.png", "https://x.test/")).toBe("https://cdn.test/og.png");
    expect(absoluteImageUrl("https://cdn.test/og.png", "/relative-canonical")).toBe("https://cdn.test/og.png");
  });
  it("drops blank, non-http and unresolvable images", () => {
    expect(absoluteImageUrl(undefined, "https://x.test/")).toBeUndefined();
    expect(absoluteImageUrl("  ", "https://x.test/")).toBeUndefined();
    expect(absoluteImageUrl("javascript:alert(1)", "https://x.test/")).toBeUndefined();
    expect(absoluteImageUrl("/og.png", "not a url")).toBeUndefined();
  });
});
