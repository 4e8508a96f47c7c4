import { describe, expect, it } from "vitest";
import {
  absoluteUrl,
  applicationCategory,
  blogPostingJsonLd,
  breadcrumbJsonLd,
  organizationJsonLd,
  serializeJsonLd,
  webApplicationJsonLd,
  websiteJsonLd,
} from "./json-ld.ts";

const origin = "https://tools.example.com";

describe("absoluteUrl", () => {
  it("joins relative URLs to the origin and keeps absolute http(s) URLs", () => {
    expect(absoluteUrl(origin, "/uploads/a.png")).toBe("https://tools.example.com/uploads/a.png");
    expect(absoluteUrl(`${origin}/`, "/uploads/a.png")).toBe("https://tools.example.com/uploads/a.png");
    expect(absoluteUrl(origin, "uploads/a.png")).toBe("https://tools.example.com/uploads/a.png");
    expect(absoluteUrl(origin, "https://cdn.example.com/a.png")).toBe("https://cdn.example.com/a.png");
    expect(absoluteUrl(origin, "HTTP://cdn.example.com/a.png")).toBe("HTTP://cdn.example.com/a.png");
    expect(absoluteUrl(origin, "//cdn.example.com/a.png")).toBe("https://cdn.example.com/a.png");
    expect(absoluteUrl("http://localhost:3000", "//cdn.example.com/a.png")).toBe("http://cdn.example.com/a.png");
  });
  it("gives undefined for blank input and non-http schemes", () => {
    expect(absoluteUrl(origin, "")).toBeUndefined();
    expect(absoluteUrl(origin, "   ")).toBeUndefined();
    expect(absoluteUrl(origin, undefined)).toBeUndefined();
    expect(absoluteUrl(origin, null)).toBeUndefined();
    expect(absoluteUrl(origin, "javascript:alert(1)")).toBeUndefined();
    expect(absoluteUrl(origin, "data:image/png;base64,AAAA")).toBeUndefined();
  });
});

describe("websiteJsonLd", () => {
  it("describes the site with a tools search action", () => {
    expect(websiteJsonLd({ origin: `${origin}/`, name: "DDS to PNG Converter", description: "Free converters" })).toEqual({
      "@context": "https://schema.org",
      "@type": "WebSite",
      name: "DDS to PNG Converter",
      description: "Free converters",
      url: "https://tools.example.com/",
      potentialAction: {
        "@type": "SearchAction",
        target: { "@type": "EntryPoint", urlTemplate: "https://tools.example.com/tools?q={search_term_string}" },
        "query-input": "required name=search_term_string",
      },
    });
  });
});

describe("organizationJsonLd", () => {
  it("includes an absolute logo and the e-mail when given", () => {
    expect(organizationJsonLd({ origin, name: "Tools", logoUrl: "/uploads/site-assets/logo.png", email: " hi@example.com " })).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Tools",
      url: "https://tools.example.com/",
      logo: "https://tools.example.com/uploads/site-assets/logo.png",
      email: "hi@example.com",
    });
  });
  it("leaves out a missing or blank logo and e-mail", () => {
    const expected = { "@context": "https://schema.org", "@type": "Organization", name: "Tools", url: "https://tools.example.com/" };
    expect(organizationJsonLd({ origin, name: "Tools" })).toEqual(expected);
    expect(organizationJsonLd({ origin, name: "Tools", logoUrl: "", email: "" })).toEqual(expected);
    expect(Object.keys(organizationJsonLd({ origin, name: "Tools" }))).toEqual(["@context", "@type", "name", "url"]);
  });
});

describe("webApplicationJsonLd", () => {
  it("describes a free browser tool", () => {
    expect(
      webApplicationJsonLd({ origin, slug: "dds-to-png", name: "DDS to PNG", description: "Convert DDS textures", category: "Image" }),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "WebApplication",
      name: "DDS to PNG",
      description: "Convert DDS textures",
      url: "https://tools.example.com/tool/dds-to-png",
      applicationCategory: "MultimediaApplication",
      operatingSystem: "Any (runs in the browser)",
      offers: { "@type": "Offer", price: "0", priceCurrency: "USD" },
      isAccessibleForFree: true,
    });
  });
  it.each([
    ["Image", "MultimediaApplication"],
    ["audio", "MultimediaApplication"],
    [" VIDEO ", "MultimediaApplication"],
    ["Unit", "UtilitiesApplication"],
    ["Time", "UtilitiesApplication"],
    ["Document", "UtilitiesApplication"],
    ["Text", "UtilitiesApplication"],
    ["", "UtilitiesApplication"],
  ])("maps category %j to %s", (category, expected) => {
    expect(applicationCategory(category)).toBe(expected);
    expect(webApplicationJsonLd({ origin, slug: "x", name: "X", description: "", category }).applicationCategory).toBe(expected);
  });
});

describe("blogPostingJsonLd", () => {
  const base = {
    origin,
    slug: "hello-world",
    title: "Hello World",
    excerpt: "A first post",
    datePublished: "2024-03-01T10:00:00.000Z",
    dateModified: "2024-03-02T10:00:00.000Z",
    siteName: "DDS to PNG Converter",
  };
  const organization = { "@type": "Organization", name: "DDS to PNG Converter", url: "https://tools.example.com/" };

  it("describes a post with an absolute image and word count", () => {
    expect(blogPostingJsonLd({ ...base, imageUrl: "/uploads/blog-thumbnails/a.jpg", wordCount: 420 })).toEqual({
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: "Hello World",
      description: "A first post",
      url: "https://tools.example.com/blog/hello-world",
      mainEntityOfPage: { "@type": "WebPage", "@id": "https://tools.example.com/blog/hello-world" },
      datePublished: "2024-03-01T10:00:00.000Z",
      dateModified: "2024-03-02T10:00:00.000Z",
      author: organization,
      publisher: organization,
      image: "https://tools.example.com/uploads/blog-thumbnails/a.jpg",
      wordCount: 420,
    });
  });

  it("leaves out a missing image and word count", () => {
    const data = blogPostingJsonLd({ ...base, imageUrl: "" });
    expect(data).not.toHaveProperty("image");
    expect(data).not.toHaveProperty("wordCount");
    expect(data.author).toEqual(organization);
  });

  it("keeps an absolute image URL and a word count of 0", () => {
    const data = blogPostingJsonLd({ ...base, imageUrl: "https://cdn.example.com/t.jpg", wordCount: 0 });
    expect(data.image).toBe("https://cdn.example.com/t.jpg");
    expect(data.wordCount).toBe(0);
  });
});

describe("breadcrumbJsonLd", () => {
  it("numbers the items from 1 with absolute URLs", () => {
    expect(
      breadcrumbJsonLd(`${origin}/`, [
        { name: "Home", path: "/" },
        { name: "Tools", path: "/tools" },
        { name: "DDS to PNG", path: "/tool/dds-to-png" },
      ]),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "https://tools.example.com/" },
        { "@type": "ListItem", position: 2, name: "Tools", item: "https://tools.example.com/tools" },
        { "@type": "ListItem", position: 3, name: "DDS to PNG", item: "https://tools.example.com/tool/dds-to-png" },
      ],
    });
  });
  it("gives an empty list for no items", () => {
    expect(breadcrumbJsonLd(origin, [])).toEqual({ "@context": "https://schema.org", "@type": "BreadcrumbList", itemListElement: [] });
  });
});

describe("serializeJsonLd", () => {
  it("cannot close the script element and round-trips through JSON.parse", () => {
    const title = "</script><script>alert(1)</script>";
    const data = blogPostingJsonLd({
      origin,
      slug: "x",
      title,
      excerpt: "Tom & Jerry <!-- --> \u2028\u2029 end",
      datePublished: "2024-01-01",
      dateModified: "2024-01-01",
      siteName: "S",
    });
    const json = serializeJsonLd(data);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json.toLowerCase()).not.toContain("</script");
    expect(json).toContain('"headline":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"');
    expect(json).toContain("Tom \\u0026 Jerry \\u003c!-- --\\u003e \\u2028\\u2029 end");
    expect(JSON.parse(json)).toEqual(data);
    // Embedded in a page, the script body ends only at the real closing tag.
    const html = `<script type="application/ld+json">${json}</script>`;
    expect(html.toLowerCase().indexOf("</script")).toBe(html.length - "</script>".length);
  });

  it("serialises arrays of objects", () => {
    const list = [websiteJsonLd({ origin, name: "A<b>", description: "" }), organizationJsonLd({ origin, name: "B&C" })];
    const json = serializeJsonLd(list);
    expect(json.startsWith("[{")).toBe(true);
    expect(json).not.toMatch(/[<>&]/);
    expect(JSON.parse(json)).toEqual(list);
  });

  it("matches JSON.stringify when there is nothing to escape", () => {
    const data = { "@context": "https://schema.org", name: "plain é ü" };
    expect(serializeJsonLd(data)).toBe(JSON.stringify(data));
  });
});
