import { describe, expect, it } from "vitest";
import { DEFAULT_TITLE_TEMPLATE, documentTitle, isTitleTemplate } from "./titles.ts";

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
