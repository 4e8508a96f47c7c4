import { describe, expect, it } from "vitest";
import { seedTools } from "#app/server/seed/tools.seed.ts";
import { byPopularity, normaliseQuery, searchTools } from "./tool-search.ts";

// The seeded catalogue as the search sees it (the site's texts, not made-up ones).
const catalogue = seedTools.map((t) => ({ slug: t.slug, name: t.name, description: t.description, category: t.category, keywords: t.metaKeywords, searchVolume: t.searchVolume }));
const slugs = (query: string) => searchTools(catalogue, query).map((t) => t.slug);
const TIME_TOOLS = catalogue.filter((t) => t.category === "Time").map((t) => t.slug).toSorted();

describe("searchTools", () => {
  it("gives every tool, as it was, for an empty query", () => {
    expect(searchTools(catalogue, "  ")).toEqual(catalogue);
  });

  it("finds the time-zone tools however the visitor spells it (issue 31, finding 3)", () => {
    for (const query of ["time zone", "timezone", "Time-Zone", "tz", "timezones"]) {
      expect(slugs(query).toSorted(), query).toEqual(TIME_TOOLS);
    }
  });

  it("finds the Kindle tools for 'kindle' first, and every ebook tool for 'ebook'", () => {
    expect(slugs("kindle").slice(0, 2).toSorted()).toEqual(["epub-to-azw3-converter", "epub-to-mobi-converter"]);
    const ebook = catalogue.filter((t) => t.category === "Ebook").map((t) => t.slug);
    expect(slugs("ebook")).toEqual(expect.arrayContaining(ebook));
    expect(slugs("e-book")).toEqual(expect.arrayContaining(ebook));
  });

  it("ranks by relevance, not by the alphabet: the tool named for the query comes first", () => {
    expect(slugs("video")[0]).toBe("video-converter");
    expect(slugs("mp3")[0]).toBe("mp3-converter");
    expect(slugs("dds")[0]).toBe("dds-to-png");
    expect(slugs("word")[0]).toBe("word-counter");
  });

  it("needs every word, in any field, and ignores case, accents and punctuation", () => {
    expect(slugs("convert png").length).toBeGreaterThan(0);
    expect(slugs("dds zzzz")).toEqual([]);
    expect(slugs("DDS")).toEqual(slugs("dds"));
    expect(slugs("centimètres")).toContain("cm-to-inches-converter");
    expect(slugs("jpeg")).toContain("jpg-to-ico");
  });

  it("breaks ties by search volume, then by name", () => {
    const tied = [
      { slug: "b", name: "Beta tool", description: "", category: "Text", searchVolume: 10 },
      { slug: "a", name: "Alpha tool", description: "", category: "Text", searchVolume: 10 },
      { slug: "c", name: "Gamma tool", description: "", category: "Text", searchVolume: 99 },
    ];
    expect(searchTools(tied, "tool").map((t) => t.slug)).toEqual(["c", "a", "b"]);
    expect(byPopularity(tied).map((t) => t.slug)).toEqual(["c", "a", "b"]);
  });
});

describe("normaliseQuery", () => {
  it("lowers case, drops accents and punctuation, keeps letters of every script", () => {
    expect(normaliseQuery("  Café-Crème!  ")).toBe("cafe creme");
    expect(normaliseQuery("MP3→OGG")).toBe("mp3 ogg");
    expect(normaliseQuery("Привет, мир")).toBe("привет мир");
  });
});
