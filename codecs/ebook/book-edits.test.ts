import { describe, expect, it } from "vitest";
import { rampPng } from "#tests/support/office-fixtures.ts";
import type { Book } from "./book.ts";
import { applyEdits, MAX_COVER_BYTES } from "./book-edits.ts";
import { caughtEbookError } from "#tests/support/codecs/ebook/test-helpers.ts";

const JPEG_HEAD = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);

function book(): Book {
  return {
    metadata: { title: "Old", authors: ["Ann Lee"], language: "en" },
    chapters: [
      { href: "cover.xhtml", body: `<img src="images/cover.jpg" alt="cover"/>`, role: "cover" },
      { href: "one.xhtml", title: "One", body: `<p>Text</p><img src='images/cover.jpg' alt=""/><img src="images/cover.jpg.bak" alt=""/>` },
    ],
    resources: [
      { href: "images/cover.jpg", mediaType: "image/jpeg", data: JPEG_HEAD },
      { href: "images/pic.png", mediaType: "image/png", data: rampPng(4, 4) },
    ],
    coverHref: "images/cover.jpg",
    toc: [],
    notes: [],
  };
}

describe("applyEdits", () => {
  it("changes nothing without edits", () => {
    const original = book();
    expect(applyEdits(original, {})).toEqual(original);
  });

  it("overrides the title and splits several authors", () => {
    const edited = applyEdits(book(), { title: "New Title", author: "Ann Lee & Bob Stone; Cy Young" });
    expect(edited.metadata.title).toBe("New Title");
    expect(edited.metadata.authors).toEqual(["Ann Lee", "Bob Stone", "Cy Young"]);
  });

  it("replaces the cover picture and the references to it, leaving the original book untouched", () => {
    const original = book();
    const png = rampPng(30, 40);
    const edited = applyEdits(original, {}, { bytes: png, name: "new.png" });
    expect(edited.coverHref).toBe("images/cover.png");
    expect(edited.resources.map((r) => r.href)).toEqual(["images/pic.png", "images/cover.png"]);
    expect(edited.resources.find((r) => r.href === "images/cover.png")).toMatchObject({ mediaType: "image/png", data: png });
    expect(edited.chapters[0]!.body).toBe(`<img src="images/cover.png" alt="cover"/>`);
    // quoted references only: a longer name that starts the same is another file
    expect(edited.chapters[1]!.body).toContain(`src='images/cover.png'`);
    expect(edited.chapters[1]!.body).toContain(`src="images/cover.jpg.bak"`);
    expect(original.coverHref).toBe("images/cover.jpg");
    expect(original.chapters[0]!.body).toContain("cover.jpg");
  });

  it("adds a cover to a book without one, under a free name", () => {
    const bare: Book = { ...book(), coverHref: undefined, resources: [{ href: "images/cover.jpg", mediaType: "image/jpeg", data: JPEG_HEAD }] } as Book;
    delete bare.coverHref;
    const edited = applyEdits(bare, {}, { bytes: JPEG_HEAD, name: "c.jpg" });
    expect(edited.coverHref).toBe("images/cover-2.jpg");
    expect(edited.resources).toHaveLength(2);
  });

  it("refuses a cover that is not a JPG or PNG, and one too large", () => {
    expect(caughtEbookError(() => applyEdits(book(), {}, { bytes: new TextEncoder().encode("GIF89a...."), name: "x.gif" })).code).toBe("unsupported");
    const huge = new Uint8Array(MAX_COVER_BYTES + 1);
    huge.set(JPEG_HEAD);
    expect(caughtEbookError(() => applyEdits(book(), {}, { bytes: huge, name: "big.jpg" })).code).toBe("too-large");
  });
});
