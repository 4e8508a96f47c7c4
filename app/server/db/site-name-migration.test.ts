import { Migrator, type MigrationProvider } from "kysely/migration";
import { afterAll, beforeAll, expect, it } from "vitest";
import { documentTitle } from "#app/lib/seo/titles.ts";
import { fillSiteName } from "#app/lib/site-name-token.ts";
import { createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { siteSettings } from "../queries/settings.server.ts";
import { createServices } from "../services.server.ts";
import { buildMigrations } from "./migrations.server.ts";

// Issue 29, finding 2: the one setting site_title (brand and home page SEO title) becomes site_name,
// home_title and title_template. An existing site must show exactly what it showed: the header brand,
// the home page's <title> and every "<page> | <site>" title.

const BEFORE_SPLIT = "2026-11-22-004-user-sign-ins";

describeEachDialect("site_title split into site name and SEO titles on %s", (dialect) => {
  let s: TestServices;
  beforeAll(async () => {
    s = await createTestServices(dialect);
  });
  afterAll(() => s.cleanup());

  it("an existing site keeps its header, its home title and its page titles; seeded text reads the name", async () => {
    const { db } = s.database;
    const provider: MigrationProvider = { getMigrations: async () => buildMigrations(s.database.dialect) };
    // back to the schema and rows of a site from before the split, renamed by its owner
    const { error } = await new Migrator({ db, provider }).migrateTo(BEFORE_SPLIT);
    expect(error).toBeUndefined();
    await db.updateTable("site_settings").set({ setting_value: "Old Brand" }).where("setting_key", "=", "site_title").execute();
    const keys = (await db.selectFrom("site_settings").select("setting_key").execute()).map((r) => r.setting_key);
    expect(keys).toContain("site_title");
    expect(keys).not.toContain("site_name");
    const about = await db.selectFrom("pages").select("content").where("slug", "=", "about").executeTakeFirstOrThrow();
    expect(about.content).toContain("<p>DDS to PNG Converter started with");
    // an admin's own wording of the home article is not the seeded sentence: it stays as written
    await db.updateTable("content_sections").set({ content: "<p>DDS to PNG Converter, our own words.</p>" }).where("page_key", "=", "home_seo").execute();

    // the restart of the new release migrates and seeds
    const restarted = await createServices(s.env);
    try {
      const rdb = restarted.database.db;
      const settings = await siteSettings(rdb);
      expect(settings.siteName).toBe("Old Brand");
      expect(settings.homeTitle).toBe("Old Brand");
      const site = { name: settings.siteName, homeTitle: settings.homeTitle, titleTemplate: settings.titleTemplate };
      // what the old code showed: the site title alone on the home page, "<page> | <site title>" elsewhere
      expect(documentTitle(site)).toBe("Old Brand");
      expect(documentTitle(site, "About Us")).toBe("About Us | Old Brand");
      expect(documentTitle(site, "Old Brand")).toBe("Old Brand");
      const rows = await rdb.selectFrom("site_settings").select("setting_key").where("setting_key", "=", "site_title").execute();
      expect(rows).toHaveLength(0);

      const page = await rdb.selectFrom("pages").select("content").where("slug", "=", "about").executeTakeFirstOrThrow();
      expect(fillSiteName(page.content, settings.siteName)).toContain("<p>Old Brand started with a single, practical problem");
      const home = await rdb.selectFrom("content_sections").select("content").where("page_key", "=", "home_seo").executeTakeFirstOrThrow();
      expect(home.content).toBe("<p>DDS to PNG Converter, our own words.</p>");
    } finally {
      await restarted.database.close();
    }
  });

  it("a fresh site starts with the default name, a home title of its own and today's title template", async () => {
    const fresh = await createTestServices(dialect);
    try {
      const settings = await siteSettings(fresh.database.db);
      // the home title is not the site name: the DDS tool's page is titled that (issue 31, finding 5)
      expect(settings).toMatchObject({ siteName: "DDS to PNG Converter", homeTitle: "DDS to PNG Converter – Free Online File Converters", titleTemplate: "{page} | {site}" });
      const home = await fresh.database.db.selectFrom("content_sections").select("content").where("page_key", "=", "home_seo").executeTakeFirstOrThrow();
      expect(home.content).toContain("<p>{{site_name}} is a free collection");
    } finally {
      await fresh.cleanup();
    }
  });
});
