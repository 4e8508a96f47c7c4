import { describe, expect, it } from "vitest";
import { CONTENT_TEXTS, normalizeKeywords, pageFormSchema, postFormSchema, SCHEDULE_TIME_MESSAGE, slugAfterTitleChange, SOCIAL_IMAGE_MESSAGE } from "./content-form-schema.ts";

const form = (entries: Record<string, string>) => entries;

describe("postFormSchema", () => {
  it("parses a full form: trims, normalises the slug and keywords, reads the switches", () => {
    const parsed = postFormSchema.parse(
      form({
        title: "  My Post  ",
        slug: " My Post -- Ünïcode! ",
        excerpt: " short ",
        keywords: " tools ,  news,, ,tutorials ",
        content: "<p>x</p>",
        published: "on",
        removeThumbnail: "on",
      }),
    );
    expect(parsed).toEqual({
      title: "My Post",
      slug: "my-post-unicode",
      excerpt: "short",
      keywords: "tools, news, tutorials",
      content: "<p>x</p>",
      published: true,
      removeThumbnail: true,
      publishMode: "now",
      publishAt: "",
      seoTitle: "",
      socialImage: "",
      categories: [],
    });
  });

  it("defaults the optional fields and leaves the switches off when absent", () => {
    expect(postFormSchema.parse({ title: "T", slug: "t" })).toEqual({
      title: "T",
      slug: "t",
      excerpt: "",
      keywords: "",
      content: "",
      published: false,
      removeThumbnail: false,
      publishMode: "now",
      publishAt: "",
      seoTitle: "",
      socialImage: "",
      categories: [],
    });
  });

  it("schedules only with a real date and time (typed in the site time zone)", () => {
    expect(postFormSchema.parse({ title: "T", slug: "t", publishMode: "schedule", publishAt: "2026-12-01T09:00" })).toMatchObject({
      publishMode: "schedule",
      publishAt: "2026-12-01T09:00",
    });
    for (const publishAt of [undefined, "", "next week", "2026-02-30T09:00"]) {
      const result = postFormSchema.safeParse({ title: "T", slug: "t", publishMode: "schedule", publishAt });
      expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["publishAt", SCHEDULE_TIME_MESSAGE]]);
    }
    // "Publish now" ignores a leftover time in the hidden input
    expect(postFormSchema.safeParse({ title: "T", slug: "t", publishMode: "now", publishAt: "garbage" }).success).toBe(true);
    expect(postFormSchema.safeParse({ title: "T", slug: "t", publishMode: "later" }).success).toBe(false);
  });

  it("requires a title and a slug, with field messages", () => {
    const result = postFormSchema.safeParse({ title: "  ", slug: "" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(messages).toEqual({ title: "Title is required", slug: "Slug is required" });
  });

  it("refuses a slug that normalises to nothing", () => {
    const result = postFormSchema.safeParse({ title: "T", slug: "!!! ???" });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: ["slug"], message: "The slug needs at least one letter or digit" });
  });

  it("refuses over-long fields", () => {
    expect(postFormSchema.safeParse({ title: "x".repeat(201), slug: "a" }).success).toBe(false);
    expect(postFormSchema.safeParse({ title: "x", slug: "a", excerpt: "x".repeat(1001) }).success).toBe(false);
  });
});

describe("a post's categories and SEO fields", () => {
  it("reads no, one or many ticked categories as distinct ids", () => {
    expect(postFormSchema.parse({ title: "T", slug: "t" }).categories).toEqual([]);
    expect(postFormSchema.parse({ title: "T", slug: "t", categories: "3" }).categories).toEqual([3]);
    expect(postFormSchema.parse({ title: "T", slug: "t", categories: ["3", "1", "3"] }).categories).toEqual([3, 1]);
  });

  it("refuses a category that is not an id", () => {
    for (const bad of ["x", "0", "-1", "99999999999", ["1", "1.5"]]) {
      const result = postFormSchema.safeParse({ title: "T", slug: "t", categories: bad });
      expect(result.success, String(bad)).toBe(false);
      expect(result.error!.issues[0]!.path[0]).toBe("categories");
    }
  });

  it("takes an SEO title and a social image path or http(s) address, trimmed", () => {
    const parsed = postFormSchema.parse({ title: "T", slug: "t", seoTitle: "  Best T  ", socialImage: " /uploads/card.png " });
    expect(parsed).toMatchObject({ seoTitle: "Best T", socialImage: "/uploads/card.png" });
    expect(pageFormSchema.parse({ title: "T", slug: "t", socialImage: "https://cdn.example.com/c.png" }).socialImage).toBe("https://cdn.example.com/c.png");
    for (const bad of ["javascript:alert(1)", "//evil.example/x.png", "card.png", "ftp://x/y.png"]) {
      const result = pageFormSchema.safeParse({ title: "T", slug: "t", socialImage: bad });
      expect(result.error?.issues[0], bad).toMatchObject({ path: ["socialImage"], message: SOCIAL_IMAGE_MESSAGE });
    }
    expect(postFormSchema.safeParse({ title: "T", slug: "t", seoTitle: "x".repeat(201) }).success).toBe(false);
  });
});

describe("pageFormSchema", () => {
  it("has no keywords or thumbnail, and otherwise matches the post form", () => {
    expect(pageFormSchema.parse({ title: "About Us", slug: "About Us", content: "<p>a</p>", published: "on", keywords: "x" })).toEqual({
      title: "About Us",
      slug: "about-us",
      excerpt: "",
      content: "<p>a</p>",
      published: true,
      seoTitle: "",
      socialImage: "",
    });
  });
});

describe("slugAfterTitleChange", () => {
  it("follows the title while creating until the slug is edited by hand", () => {
    expect(slugAfterTitleChange({ creating: true, slugEditedByHand: false, slug: "" }, "Hello World!")).toBe("hello-world");
    expect(slugAfterTitleChange({ creating: true, slugEditedByHand: true, slug: "mine" }, "Hello World")).toBe("mine");
  });

  it("never follows when editing", () => {
    expect(slugAfterTitleChange({ creating: false, slugEditedByHand: false, slug: "kept" }, "Other Title")).toBe("kept");
  });
});

describe("texts", () => {
  it("uses the spec's confirmations and toasts", () => {
    expect(CONTENT_TEXTS.post.confirmDelete).toBe("Are you sure you want to delete this post?");
    expect(CONTENT_TEXTS.page.confirmDelete).toBe("Are you sure you want to delete this page?");
    expect(CONTENT_TEXTS.post.created).toBe("Post created successfully");
    expect(CONTENT_TEXTS.page.updated).toBe("Page updated successfully");
    expect(CONTENT_TEXTS.post.publicPath("a-b")).toBe("/blog/a-b");
    expect(CONTENT_TEXTS.page.publicPath("a-b")).toBe("/page/a-b");
  });


  it("normalizeKeywords collapses spaces and drops empty entries", () => {
    expect(normalizeKeywords("  a   b ,c,,")).toBe("a b, c");
    expect(normalizeKeywords("")).toBe("");
  });
});
