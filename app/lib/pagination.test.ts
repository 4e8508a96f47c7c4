import { describe, expect, it } from "vitest";
import { pageCountFor, pagedTitle, pageHref, pageRelLinks, pageWindow, parseAdminPage, parsePublicPage } from "./pagination.ts";

describe("parsePublicPage", () => {
  it("is 1 without the parameter and the number for a page written as we write it", () => {
    expect(parsePublicPage(null)).toBe(1);
    expect(parsePublicPage("1")).toBe(1);
    expect(parsePublicPage("9")).toBe(9);
    expect(parsePublicPage("120")).toBe(120);
  });
  it("refuses zero, negatives, fractions, padding, words and absurd numbers", () => {
    for (const raw of ["", "0", "-1", "2.5", "02", " 2", "2 ", "+2", "1e3", "abc", "0x10", "99999999999999999999", "1000001"]) {
      expect(parsePublicPage(raw), raw).toBeNull();
    }
  });
});

describe("parseAdminPage", () => {
  it("reads a positive integer and falls back to 1 for anything else", () => {
    expect(parseAdminPage("3")).toBe(3);
    expect(parseAdminPage(" 04 ")).toBe(4);
    for (const raw of [null, "", "0", "-2", "x", "2.5", "1e9999"]) expect(parseAdminPage(raw), String(raw)).toBe(1);
  });
});

describe("pageWindow", () => {
  it("counts pages, with one page for an empty list", () => {
    expect(pageCountFor(0, 12)).toBe(1);
    expect(pageCountFor(12, 12)).toBe(1);
    expect(pageCountFor(13, 12)).toBe(2);
    expect(pageCountFor(100, 12)).toBe(9);
  });
  it("gives the offset and clamps past the end", () => {
    expect(pageWindow(3, 100, 12)).toEqual({ page: 3, pageCount: 9, total: 100, pageSize: 12, offset: 24 });
    expect(pageWindow(50, 100, 12)).toMatchObject({ page: 9, offset: 96 });
    expect(pageWindow(0, 0, 50)).toMatchObject({ page: 1, pageCount: 1, offset: 0 });
  });
});

describe("links", () => {
  it("writes page 1 as the bare path and keeps other parameters", () => {
    expect(pageHref("/blog", 1)).toBe("/blog");
    expect(pageHref("/blog", 3)).toBe("/blog?page=3");
    expect(pageHref("/admin/tools", 2, "sort=name&page=5")).toBe("/admin/tools?sort=name&page=2");
    expect(pageHref("/admin/tools", 1, "?sort=name&page=5")).toBe("/admin/tools?sort=name");
  });
  it("titles pages after the first with their number", () => {
    expect(pagedTitle("Blog", 1, 9)).toBe("Blog");
    expect(pagedTitle("Blog", 3, 9)).toBe("Blog – Page 3 of 9");
  });
  it("adds rel prev and next only where there is a neighbour", () => {
    const o = "https://example.com";
    expect(pageRelLinks(o, "/blog", 1, 1)).toEqual([]);
    expect(pageRelLinks(o, "/blog", 1, 9)).toEqual([{ tagName: "link", rel: "next", href: `${o}/blog?page=2` }]);
    expect(pageRelLinks(o, "/blog", 2, 9)).toEqual([
      { tagName: "link", rel: "prev", href: `${o}/blog` },
      { tagName: "link", rel: "next", href: `${o}/blog?page=3` },
    ]);
    expect(pageRelLinks(o, "/blog", 9, 9)).toEqual([{ tagName: "link", rel: "prev", href: `${o}/blog?page=8` }]);
  });
});
