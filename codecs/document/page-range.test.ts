import { describe, expect, it } from "vitest";
import { MAX_PAGE_NUMBER, MAX_PAGE_RANGE_CHARS, MAX_PAGE_RANGE_PIECES, parsePageRange, resolvePageRange, selectedPageCount } from "./page-range.ts";

const pages = (text: string, count: number) => resolvePageRange(parsePageRange(text), count);
const refused = (text: string, message: RegExp) => expect(() => parsePageRange(text)).toThrow(expect.objectContaining({ code: "unsupported", message: expect.stringMatching(message) }));

describe("parsePageRange and resolvePageRange", () => {
  it("reads single pages, closed and open ranges, in any order and with repeats", () => {
    expect(parsePageRange("1-3, 5, 8-")).toEqual([{ from: 1, to: 3 }, { from: 5, to: 5 }, { from: 8 }]);
    expect(pages("1-3, 5, 8-", 10)).toEqual([1, 2, 3, 5, 8, 9, 10]);
    expect(pages("7,2,2-3,3", 9)).toEqual([2, 3, 7]);
    expect(pages("-2", 5)).toEqual([1, 2]);
    expect(pages(" 4 – 5 ;6", 6)).toEqual([4, 5, 6]);
    expect(pages("3-3", 3)).toEqual([3]);
  });

  it("takes blank text as every page", () => {
    expect(parsePageRange("   ")).toEqual([]);
    expect(pages("", 4)).toEqual([1, 2, 3, 4]);
  });

  it("refuses what is not a range, with a message naming the piece", () => {
    refused("1-3, x", /"x" is not a page/);
    refused("2.5", /"2.5" is not a page/);
    refused("1,,2", /empty part between commas/);
    refused("5-2", /"5-2" runs backwards\. Write the lower page first, like 2-5/);
    refused("0", /numbered from 1/);
    refused("-", /has no page numbers/);
    refused("1-2-3", /"1-2-3" is not a page/);
    refused(String(MAX_PAGE_NUMBER + 1), /beyond/);
  });

  it("refuses pages the document does not have", () => {
    expect(() => pages("2-4", 3)).toThrow(/This PDF has 3 pages, so there is no page 4\. Choose pages from 1 to 3/);
    expect(() => pages("5-", 3)).toThrow(/no page 5/);
    expect(() => pages("2", 1)).toThrow(/This PDF has 1 page, so there is no page 2/);
  });

  it("refuses absurd input quickly: very long text and too many parts", () => {
    expect(() => parsePageRange("1,".repeat(MAX_PAGE_RANGE_CHARS))).toThrow(/too long/);
    expect(() => parsePageRange(Array.from({ length: MAX_PAGE_RANGE_PIECES + 1 }, (_, i) => String(i + 1)).join(","))).toThrow(/more than 200 parts/);
    // a huge open range is fine: it is bounded by the page count
    expect(pages("1-", 2)).toEqual([1, 2]);
  });

  it("counts the chosen pages without listing them, as resolvePageRange would list them", () => {
    for (const text of ["", "1-3, 5, 8-", "7,2,2-3,3", "2-6, 4-9, 1", "5-", "3-4,1-2"]) expect(selectedPageCount(parsePageRange(text), 10), text).toBe(pages(text, 10).length);
    // a document claiming two billion pages is counted at once
    expect(selectedPageCount(parsePageRange("1-, 5"), 2_000_000_000)).toBe(2_000_000_000);
    expect(selectedPageCount(parsePageRange("12-"), 10)).toBe(0);
  });
});
