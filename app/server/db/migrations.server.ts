import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "./connection.server.ts";

const text = (def = "") => sql`${sql.lit(def)}`;

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
    "2026-11-28-addresses-001-redirects": {
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
  };
}
