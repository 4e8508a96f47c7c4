import path from "node:path";
import Database from "better-sqlite3";
import { e2eDataDir } from "./data-dir.ts";

/** Direct access to the e2e server's SQLite file, for fixtures that the admin screens would normally set. */
function withSiteDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(path.join(e2eDataDir(), "site.db"));
  db.pragma("busy_timeout = 5000");
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** Change a setting as an admin save would: the row, then the content version (cached pages go stale). */
export function setSetting(key: string, value: string): void {
  withSiteDb((db) => {
    db.prepare("update site_settings set setting_value = ?, updated_at = ? where setting_key = ?").run(value, new Date().toISOString(), key);
    db.prepare("update content_version set version = version + 1 where id = 1").run();
  });
}

export function getSetting(key: string): string {
  return withSiteDb((db) => (db.prepare("select setting_value from site_settings where setting_key = ?").get(key) as { setting_value: string }).setting_value);
}

export function makeAdmin(email: string): void {
  withSiteDb((db) => db.prepare("update user set role = 'admin' where email = ?").run(email));
}

/**
 * `count` published posts "<prefix>-0".."<prefix>-(count-1)" dated in the future, so they are the
 * newest and fill the first pages of /blog (the higher the number, the newer), each in the categories
 * its keywords name; cached pages go stale.
 */
export function insertPublishedPosts(prefix: string, count: number, keywords: (i: number) => string): void {
  withSiteDb((db) => {
    const insert = db.prepare(
      "insert into blog_posts (title, slug, excerpt, content, thumbnail, keywords, published, created_at, updated_at) values (?, ?, ?, ?, '', ?, 1, ?, ?)",
    );
    const base = Date.now() + 86_400_000;
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const at = new Date(base + i * 1000).toISOString();
        insert.run(`Paged post ${i}`, `${prefix}-${i}`, `Excerpt of paged post ${i}`, `<p>Post ${i}</p>`, keywords(i), at, at);
      }
      // each in the categories whose slug its keywords name, as the seed places its posts (decision 048)
      const categories = db.prepare("select id, slug from blog_categories").all() as { id: number; slug: string }[];
      const place = db.prepare("insert or ignore into blog_post_categories (post_id, category_id) select id, ? from blog_posts where slug = ?");
      for (let i = 0; i < count; i++) {
        const words = keywords(i).toLowerCase().split(/[,;\s]+/);
        for (const c of categories) if (words.includes(c.slug)) place.run(c.id, `${prefix}-${i}`);
      }
    })();
    db.prepare("update content_version set version = version + 1 where id = 1").run();
  });
}

export function deletePosts(prefix: string): void {
  withSiteDb((db) => {
    db.prepare("delete from blog_post_categories where post_id in (select id from blog_posts where slug like ?)").run(`${prefix}-%`);
    db.prepare("delete from blog_posts where slug like ?").run(`${prefix}-%`);
    db.prepare("update content_version set version = version + 1 where id = 1").run();
  });
}

export function countPublishedPosts(): number {
  return withSiteDb((db) => (db.prepare("select count(*) as n from blog_posts where published = 1").get() as { n: number }).n);
}

/** `count` tools "<prefix>-0".. for list tests (the admin list only; they have no tool folder). */
export function insertTools(prefix: string, count: number): void {
  withSiteDb((db) => {
    const insert = db.prepare(
      "insert into tools (name, slug, description, category, icon, search_volume, is_featured, content, rank, meta_keywords, meta_description, blog_content, created_at, updated_at) values (?, ?, '', 'Text', '', 0, 0, '', 0, '', '', '', ?, ?)",
    );
    const at = new Date().toISOString();
    db.transaction(() => {
      for (let i = 0; i < count; i++) insert.run(`Zz Paged Tool ${String(i).padStart(3, "0")}`, `${prefix}-${i}`, at, at);
    })();
  });
}

export function deleteTools(prefix: string): void {
  withSiteDb((db) => db.prepare("delete from tools where slug like ?").run(`${prefix}-%`));
}

/** A direct write for clean-up, bumping the content version as an admin save would. */
export function cleanUp(sql: string, ...params: unknown[]): void {
  withSiteDb((db) => {
    db.prepare(sql).run(...params);
    db.prepare("update content_version set version = version + 1 where id = 1").run();
  });
}
