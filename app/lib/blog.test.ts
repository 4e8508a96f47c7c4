import { describe, expect, it } from "vitest";
import { RELATED_POST_LINKS, relatedPostLinks } from "./blog.ts";

describe("a post page's related links", () => {
  it("lists the posts that relate, as given (newest first from the query)", () => {
    const related = [
      { slug: "b", title: "B" },
      { slug: "a", title: "A" },
    ];
    expect(relatedPostLinks(related, "current")).toEqual(related);
  });
  it("falls back to the spec's fixed links only when nothing relates, never the post being read", () => {
    expect(relatedPostLinks([], "some-post")).toEqual(RELATED_POST_LINKS.map((l) => ({ ...l })));
    expect(relatedPostLinks([], "tool-comparison").map((l) => l.slug)).toEqual(["productivity-tips", "security-best-practices"]);
  });
});
