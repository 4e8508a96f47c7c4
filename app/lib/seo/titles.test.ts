import { describe, expect, it } from "vitest";
import { DEFAULT_TITLE_TEMPLATE, documentTitle, fitText, isTitleTemplate, TITLE_MAX } from "./titles.ts";

const site = { name: "Acme Tools", homeTitle: "Free Online Converters – Acme", titleTemplate: DEFAULT_TITLE_TEMPLATE };

describe("documentTitle", () => {
  it("gives the home page its own SEO title, and the brand stays the suffix of every other page", () => {
    expect(documentTitle(site)).toBe("Free Online Converters – Acme");
    expect(documentTitle(site, "About Us")).toBe("About Us | Acme Tools");
  });

  it("reads as the one old site_title did when both settings hold it (a migrated site)", () => {
    const migrated = { name: "My Site", homeTitle: "My Site", titleTemplate: DEFAULT_TITLE_TEMPLATE };
    expect(documentTitle(migrated)).toBe("My Site");
    expect(documentTitle(migrated, "Blog")).toBe("Blog | My Site");
    expect(documentTitle(migrated, "My Site")).toBe("My Site");
  });

  it("uses the site name for an empty home title and the default for a template without {page}", () => {
    expect(documentTitle({ ...site, homeTitle: " " })).toBe("Acme Tools");
    expect(documentTitle({ ...site, titleTemplate: "{site}" }, "Blog")).toBe("Blog | Acme Tools");
    expect(isTitleTemplate("{site}")).toBe(false);
  });

  it("fills a custom template once, whatever the names contain", () => {
    expect(documentTitle({ ...site, titleTemplate: "{site} — {page}" }, "Blog")).toBe("Acme Tools — Blog");
    expect(documentTitle({ ...site, name: "{page} Co" }, "{site}")).toBe("{site} | {page} Co");
  });
});

describe("titles and descriptions within what search results show (issue 31, finding 5)", () => {
  it("drops the site name from a page title that would pass 60 characters, and cuts one still too long at a word", () => {
    const post = "Practical Tips for Faster File Conversions and Everyday Calculations";
    expect(documentTitle(site, "Short post")).toBe("Short post | Acme Tools");
    const title = documentTitle(site, post);
    expect(title.length).toBeLessThanOrEqual(TITLE_MAX);
    expect(title).toBe("Practical Tips for Faster File Conversions and Everyday…");
    expect(documentTitle(site, "A title of exactly fifty characters, no more, ok!!")).toBe("A title of exactly fifty characters, no more, ok!!");
  });

  it("fits a home title too", () => {
    const long = { ...site, homeTitle: "The Very Best Free Online Converters and Calculators for Everyone Everywhere" };
    expect(documentTitle(long)).toBe("The Very Best Free Online Converters and Calculators for…");
  });

  it("fitText keeps text that fits, cuts after a whole word otherwise, and never leaves a dangling comma", () => {
    expect(fitText("  two   words ", 20)).toBe("two words");
    expect(fitText("alpha beta, gamma delta", 14)).toBe("alpha beta…");
    expect(fitText("a".repeat(30), 10)).toBe(`${"a".repeat(9)}…`);
    expect(fitText("Free online converters that run in your browser: DDS to PNG, PNG to DDS, ICO", 60).length).toBeLessThanOrEqual(60);
  });
});

