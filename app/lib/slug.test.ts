import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeSlug } from "./slug.ts";
import { propertyRuns } from "#tests/support/property.ts";

describe("normalizeSlug", () => {
  it.each([
    ["DDS to PNG", "dds-to-png"],
    ["DDS to PNG!", "dds-to-png"],
    ["  Hello   World  ", "hello-world"],
    ["a--b", "a-b"],
    ["a - b", "a-b"],
    ["snake_case ok", "snake_case-ok"],
    ["dds-to-png-converter", "dds-to-png-converter"],
    ["MP4 to MP3 (fast)", "mp4-to-mp3-fast"],
    ["What's new in v2.0?", "whats-new-in-v20"],
    ["--leading and trailing--", "leading-and-trailing"],
    ["_keep_underscores_", "_keep_underscores_"],
    ["Ounces → Grams", "ounces-grams"],
    ["C++ & C#", "c-c"],
  ])("%j -> %j", (input, expected) => {
    expect(normalizeSlug(input)).toBe(expected);
  });

  it("treats tabs, newlines and non-breaking spaces as spaces", () => {
    expect(normalizeSlug("one\ttwo\nthree\r\nfour\u00a0five")).toBe("one-two-three-four-five");
  });

  it("returns an empty string for empty, blank or symbol-only input", () => {
    expect(normalizeSlug("")).toBe("");
    expect(normalizeSlug("   \t\n ")).toBe("");
    expect(normalizeSlug("!@#$%^&*()")).toBe("");
    expect(normalizeSlug(" - - - ")).toBe("");
  });

  it("strips diacritics from accented letters", () => {
    expect(normalizeSlug("Café Crème")).toBe("cafe-creme");
    expect(normalizeSlug("Über Größe")).toBe("uber-grosse");
    expect(normalizeSlug("Ångström naïve façade")).toBe("angstrom-naive-facade");
    expect(normalizeSlug("Łódź Øresund Æther")).toBe("lodz-oresund-aether");
    // Decomposed input gives the same result as precomposed input.
    expect(normalizeSlug("Cafe\u0301")).toBe("cafe");
  });

  it("removes non-Latin text", () => {
    expect(normalizeSlug("Привет мир")).toBe("");
    expect(normalizeSlug("PNG 转换 JPG")).toBe("png-jpg");
    expect(normalizeSlug("emoji 🎉 party")).toBe("emoji-party");
  });

  it("folds full-width letters and digits to ASCII", () => {
    expect(normalizeSlug("ＰＮＧ１２")).toBe("png12");
  });

  it("always yields a normalised slug and is idempotent", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (input) => {
        const slug = normalizeSlug(input);
        expect(slug).toMatch(/^(?:[a-z0-9_]+(?:-[a-z0-9_]+)*)?$/);
        expect(normalizeSlug(slug)).toBe(slug);
      }),
      propertyRuns(100),
    );
  });
});
