import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "./connection.server.ts";

const text = (def = "") => sql`${sql.lit(def)}`;

/** The blog's four categories before they became a table (decision 048), in sidebar order. */
const FIXED_CATEGORIES_BEFORE_048 = [
  { slug: "productivity", name: "Productivity" },
  { slug: "tools", name: "Tools" },
  { slug: "tutorials", name: "Tutorials" },
  { slug: "news", name: "News" },
] as const;

/** A keywords field's words as the old category rule read them (split on , ; and white space, lower case); frozen here for the migration. */
function keywordWordsBefore048(keywords: string): Set<string> {
  return new Set(keywords.toLowerCase().split(/[,;\s\u00a0]+/u).filter((w) => w.length > 0));
}

/** Where the seeded About page and home-page article began a sentence with the default site name. */
const SEEDED_SITE_NAME_SENTENCES = [
  ["pages", "started with a single, practical problem"],
  ["content_sections", "is a free collection of file converters"],
] as const;

// One migration set for SQLite and PostgreSQL. Append new migrations; never edit a shipped one.
export function buildMigrations(dialect: Dialect): Record<string, Migration> {
  // `any`: migrations create the tables, so they run before the typed schema exists.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type AnyDb = Kysely<any>;
  const idColumn = (table: ReturnType<AnyDb["schema"]["createTable"]>) =>
    dialect === "postgres"
      ? table.addColumn("id", "serial", (c) => c.primaryKey())
      : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());

  return {
    "2026-11-22-001-content-tables": {
      async up(db: AnyDb) {
        await idColumn(db.schema.createTable("tools"))
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("slug", "text", (c) => c.notNull().unique())
          .addColumn("description", "text", (c) => c.notNull().defaultTo(text()))
          .addColumn("category", "text", (c) => c.notNull())
          .addColumn("icon", "text", (c) => c.notNull().defaultTo(text("📄")))
          .addColumn("search_volume", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("is_featured", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("content", "text", (c) => c.notNull().defaultTo(text()))
          .addColumn("rank", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("meta_keywords", "text", (c) => c.notNull().defaultTo(text()))
          .addColumn("meta_description", "text", (c) => c.notNull().defaultTo(text()))
          .addColumn("blog_content", "text", (c) => c.notNull().defaultTo(text()))
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("updated_at", "text", (c) => c.notNull())
          .execute();

        await idColumn(db.schema.createTable("blog_posts"))
          .addColumn("title", "text", (c) => c.notNull())
          .addColumn("slug", "text", (c) => c.notNull().unique())
          .addColumn("excerpt", "text", (c) => c.notNull().defaultTo(text()))
          .addColumn("content", "text", (c) => c.notNull().defaultTo(text()))
          .addColumn("thumbnail", "text", (c) => c.notNull().defaultTo(text()))
          .addColumn("keywords", "text", (c) => c.notNull().defaultTo(text()))
          .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("updated_at", "text", (c) => c.notNull())
          .execute();
        await db.schema.createIndex("blog_posts_published_created").on("blog_posts").columns(["published", "created_at"]).execute();

        await idColumn(db.schema.createTable("pages"))
          .addColumn("title", "text", (c) => c.notNull())
          .addColumn("slug", "text", (c) => c.notNull().unique())
          .addColumn("excerpt", "text", (c) => c.notNull().defaultTo(text()))
          .addColumn("content", "text", (c) => c.notNull().defaultTo(text()))
          .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("updated_at", "text", (c) => c.notNull())
          .execute();

        await idColumn(db.schema.createTable("content_sections"))
          .addColumn("page_key", "text", (c) => c.notNull())
          .addColumn("title", "text", (c) => c.notNull())
          .addColumn("content", "text", (c) => c.notNull().defaultTo(text()))
          .addColumn("published", "integer", (c) => c.notNull().defaultTo(1))
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("updated_at", "text", (c) => c.notNull())
          .execute();
        await db.schema.createIndex("content_sections_page_key").on("content_sections").column("page_key").execute();

        await idColumn(db.schema.createTable("menus"))
          .addColumn("label", "text", (c) => c.notNull())
          .addColumn("url", "text", (c) => c.notNull())
          .addColumn("author_url", "text")
          .addColumn("menu_type", "text", (c) => c.notNull().check(sql`menu_type in ('header', 'footer')`))
          .addColumn("order_index", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("created_at", "text", (c) => c.notNull())
          .execute();
        await db.schema.createIndex("menus_type_order").on("menus").columns(["menu_type", "order_index"]).execute();

        await idColumn(db.schema.createTable("site_settings"))
          .addColumn("setting_key", "text", (c) => c.notNull().unique())
          .addColumn("setting_value", "text", (c) => c.notNull().defaultTo(text()))
          .addColumn("updated_at", "text", (c) => c.notNull())
          .execute();
      },
      async down(db: AnyDb) {
        for (const t of ["site_settings", "menus", "content_sections", "pages", "blog_posts", "tools"]) {
          await db.schema.dropTable(t).execute();
        }
      },
    },
    "2026-11-22-002-platform-tables": {
      async up(db: AnyDb) {
        await db.schema
          .createTable("claims")
          .addColumn("name", "text", (c) => c.primaryKey())
          .addColumn("value", "text", (c) => c.notNull())
          .addColumn("created_at", "text", (c) => c.notNull())
          .execute();
        await db.schema
          .createTable("rate_limits")
          .addColumn("key", "text", (c) => c.primaryKey())
          .addColumn("window_start", "bigint", (c) => c.notNull())
          .addColumn("count", "integer", (c) => c.notNull())
          .execute();
        await db.schema
          .createTable("seed_log")
          .addColumn("item", "text", (c) => c.primaryKey())
          .addColumn("created_at", "text", (c) => c.notNull())
          .execute();
      },
      async down(db: AnyDb) {
        for (const t of ["seed_log", "rate_limits", "claims"]) await db.schema.dropTable(t).execute();
      },
    },
    "2026-11-22-003-content-version": {
      async up(db: AnyDb) {
        // One row whose version every admin write bumps; page caches compare against it.
        await db.schema
          .createTable("content_version")
          .addColumn("id", "integer", (c) => c.primaryKey())
          .addColumn("version", "integer", (c) => c.notNull())
          .execute();
        await db.insertInto("content_version").values({ id: 1, version: 1 }).execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable("content_version").execute();
      },
    },
    "2026-11-22-004-user-sign-ins": {
      async up(db: AnyDb) {
        // better-auth deletes a session on sign-out, so the last sign-in is kept here.
        await db.schema
          .createTable("user_sign_ins")
          .addColumn("user_id", "text", (c) => c.primaryKey())
          .addColumn("last_sign_in_at", "text", (c) => c.notNull())
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable("user_sign_ins").execute();
      },
    },
    "2026-11-28-001-rate-limit-expiry": {
      async up(db: AnyDb) {
        // Rows are purged once their window has ended (issue 28, finding 3). Existing rows get the
        // longest window in use (1 h), so no count in force is lost.
        await db.schema.alterTable("rate_limits").addColumn("expires_at", "bigint", (c) => c.notNull().defaultTo(0)).execute();
        await db.updateTable("rate_limits").set({ expires_at: sql`window_start + 3600000` }).execute();
        await db.schema.createIndex("rate_limits_expires_at").on("rate_limits").column("expires_at").execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropIndex("rate_limits_expires_at").execute();
        await db.schema.alterTable("rate_limits").dropColumn("expires_at").execute();
      },
    },
    "2026-11-28-brand-001-site-name-and-seo-title": {
      // Issue 29, finding 2: site_title was both the brand and the home page's SEO title. Both new
      // settings start as its value and title_template's default is today's "{page} | {site}", so a
      // site shows exactly what it showed. A new site has no row yet: the seed writes the defaults.
      async up(db: AnyDb) {
        const old = await db.selectFrom("site_settings").select(["setting_value", "updated_at"]).where("setting_key", "=", "site_title").executeTakeFirst();
        if (!old) return;
        for (const key of ["site_name", "home_title"]) {
          await db
            .insertInto("site_settings")
            .values({ setting_key: key, setting_value: old.setting_value, updated_at: old.updated_at })
            .onConflict((oc) => oc.column("setting_key").doNothing())
            .execute();
        }
        await db.deleteFrom("site_settings").where("setting_key", "=", "site_title").execute();
      },
      async down(db: AnyDb) {
        const name = await db.selectFrom("site_settings").select(["setting_value", "updated_at"]).where("setting_key", "=", "site_name").executeTakeFirst();
        if (name) {
          await db
            .insertInto("site_settings")
            .values({ setting_key: "site_title", setting_value: name.setting_value, updated_at: name.updated_at })
            .onConflict((oc) => oc.column("setting_key").doNothing())
            .execute();
        }
        await db.deleteFrom("site_settings").where("setting_key", "in", ["site_name", "home_title", "title_template"]).execute();
      },
    },
    "2026-11-28-brand-002-seeded-content-reads-site-name": {
      // The seeded About page and home-page article held the site's name as text, so a rename missed
      // them; they now read the setting through {{site_name}} (decision 042). Only the seeded
      // sentences are rewritten: text an admin changed stays as it is.
      async up(db: AnyDb) {
        for (const [table, sentence] of SEEDED_SITE_NAME_SENTENCES) {
          await db
            .updateTable(table)
            .set({ content: sql`replace(content, ${`<p>DDS to PNG Converter ${sentence}`}, ${`<p>{{site_name}} ${sentence}`})` })
            .where("content", "like", `%<p>DDS to PNG Converter ${sentence}%`)
            .execute();
        }
      },
      async down(db: AnyDb) {
        for (const [table, sentence] of SEEDED_SITE_NAME_SENTENCES) {
          await db
            .updateTable(table)
            .set({ content: sql`replace(content, ${`<p>{{site_name}} ${sentence}`}, ${`<p>DDS to PNG Converter ${sentence}`})` })
            .where("content", "like", `%<p>{{site_name}} ${sentence}%`)
            .execute();
        }
      },
    },
    "2026-11-28-redirects-001-table": {
      async up(db: AnyDb) {
        // Old addresses kept alive (issue 29): `from_path` in the router's normalised form (routePath).
        await idColumn(db.schema.createTable("redirects"))
          .addColumn("from_path", "text", (c) => c.notNull().unique())
          .addColumn("to_path", "text", (c) => c.notNull())
          .addColumn("status", "integer", (c) => c.notNull().defaultTo(301))
          .addColumn("hits", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("last_hit_at", "text")
          .addColumn("created_at", "text", (c) => c.notNull())
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable("redirects").execute();
      },
    },
    "2026-11-28-t1-revisions-001": {
      async up(db: AnyDb) {
        // Saved states of posts and pages (issue 29, finding 6): the newest 20 of each are kept.
        // `kind` is "post" or "page"; no foreign key (two parent tables), the delete removes them.
        await idColumn(db.schema.createTable("content_revisions"))
          .addColumn("kind", "text", (c) => c.notNull())
          .addColumn("content_id", "integer", (c) => c.notNull())
          .addColumn("title", "text", (c) => c.notNull())
          .addColumn("slug", "text", (c) => c.notNull())
          .addColumn("excerpt", "text", (c) => c.notNull().defaultTo(text()))
          .addColumn("content", "text", (c) => c.notNull().defaultTo(text()))
          .addColumn("keywords", "text", (c) => c.notNull().defaultTo(text()))
          .addColumn("thumbnail", "text", (c) => c.notNull().defaultTo(text()))
          .addColumn("source", "text", (c) => c.notNull().defaultTo(text("save")))
          .addColumn("author", "text", (c) => c.notNull().defaultTo(text()))
          .addColumn("saved_at", "text", (c) => c.notNull())
          .execute();
        await db.schema.createIndex("content_revisions_owner").on("content_revisions").columns(["kind", "content_id", "id"]).execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable("content_revisions").execute();
      },
    },
    "2026-11-28-t2-schedule-001": {
      async up(db: AnyDb) {
        // Scheduled posts (issue 29): the UTC instant (ISO text, like every timestamp here) from
        // which a published post is public; null means as soon as it is published.
        await db.schema.alterTable("blog_posts").addColumn("publish_at", "text").execute();
        await db.schema.createIndex("blog_posts_publish_at").on("blog_posts").column("publish_at").execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropIndex("blog_posts_publish_at").execute();
        await db.schema.alterTable("blog_posts").dropColumn("publish_at").execute();
      },
    },
    "2026-11-28-t3-media-001": {
      async up(db: AnyDb) {
        // The media library (issue 29, decision 047): every uploaded image, its size, alt text,
        // caption and the smaller variants made at upload (JSON: [{ key, width, height, mime, bytes }]).
        await idColumn(db.schema.createTable("media"))
          .addColumn("storage_key", "text", (c) => c.notNull().unique())
          .addColumn("file_name", "text", (c) => c.notNull())
          .addColumn("mime", "text", (c) => c.notNull())
          .addColumn("bytes", "integer", (c) => c.notNull())
          .addColumn("width", "integer")
          .addColumn("height", "integer")
          .addColumn("alt", "text", (c) => c.notNull().defaultTo(text()))
          .addColumn("caption", "text", (c) => c.notNull().defaultTo(text()))
          .addColumn("variants", "text", (c) => c.notNull().defaultTo(text("[]")))
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("uploaded_by", "text")
          .execute();
        await db.schema.createIndex("media_created_at").on("media").columns(["created_at", "id"]).execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable("media").execute();
      },
    },
    "2026-11-28-t4-categories-001": {
      // Categories become a table the owner manages (decision 048). The four fixed ones are its first
      // rows, and each post is put in the categories its keywords named, so every category page,
      // feed and sidebar shows what it showed. From here on the table decides, not the keywords.
      async up(db: AnyDb) {
        await idColumn(db.schema.createTable("blog_categories"))
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("slug", "text", (c) => c.notNull().unique())
          .addColumn("description", "text", (c) => c.notNull().defaultTo(text()))
          .addColumn("created_at", "text", (c) => c.notNull())
          .execute();
        await db.schema
          .createTable("blog_post_categories")
          .addColumn("post_id", "integer", (c) => c.notNull().references("blog_posts.id").onDelete("cascade"))
          .addColumn("category_id", "integer", (c) => c.notNull().references("blog_categories.id").onDelete("cascade"))
          .addPrimaryKeyConstraint("blog_post_categories_pk", ["post_id", "category_id"])
          .execute();
        await db.schema.createIndex("blog_post_categories_category").on("blog_post_categories").columns(["category_id", "post_id"]).execute();

        const now = new Date().toISOString();
        const ids = new Map<string, number>();
        for (const c of FIXED_CATEGORIES_BEFORE_048) {
          const row = await db.insertInto("blog_categories").values({ name: c.name, slug: c.slug, description: "", created_at: now }).returning("id").executeTakeFirstOrThrow();
          ids.set(c.slug, Number(row.id));
        }
        const posts: { id: number; keywords: string }[] = await db.selectFrom("blog_posts").select(["id", "keywords"]).execute();
        const links = posts.flatMap((p) => {
          const words = keywordWordsBefore048(p.keywords);
          return FIXED_CATEGORIES_BEFORE_048.filter((c) => words.has(c.slug)).map((c) => ({ post_id: Number(p.id), category_id: ids.get(c.slug) }));
        });
        // in slices: SQLite binds at most 32766 values a statement
        for (let i = 0; i < links.length; i += 1000) await db.insertInto("blog_post_categories").values(links.slice(i, i + 1000)).execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable("blog_post_categories").execute();
        await db.schema.dropTable("blog_categories").execute();
      },
    },
    "2026-11-28-t4-categories-002-seo-title-social-image": {
      // A post's or page's own <title>/og:title and og:image (issue 29, finding 11); "" keeps today's.
      async up(db: AnyDb) {
        for (const table of ["blog_posts", "pages"]) {
          await db.schema.alterTable(table).addColumn("seo_title", "text", (c) => c.notNull().defaultTo(text())).execute();
          await db.schema.alterTable(table).addColumn("social_image", "text", (c) => c.notNull().defaultTo(text())).execute();
        }
      },
      async down(db: AnyDb) {
        for (const table of ["blog_posts", "pages"]) {
          await db.schema.alterTable(table).dropColumn("social_image").execute();
          await db.schema.alterTable(table).dropColumn("seo_title").execute();
        }
      },
    },
    "2026-11-28-t4-categories-003-revision-seo": {
      // a revision keeps the SEO title and social image it was saved with, so a restore brings them back
      async up(db: AnyDb) {
        await db.schema.alterTable("content_revisions").addColumn("seo_title", "text", (c) => c.notNull().defaultTo(text())).execute();
        await db.schema.alterTable("content_revisions").addColumn("social_image", "text", (c) => c.notNull().defaultTo(text())).execute();
      },
      async down(db: AnyDb) {
        await db.schema.alterTable("content_revisions").dropColumn("social_image").execute();
        await db.schema.alterTable("content_revisions").dropColumn("seo_title").execute();
      },
    },
  };
}
