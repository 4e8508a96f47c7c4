import path from "node:path";
import Database from "better-sqlite3";
import { E2E_DATA_DIR } from "../../../playwright.config";

/** Direct access to the e2e server's SQLite file, for fixtures that the admin screens would normally set. */
function withSiteDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(path.join(E2E_DATA_DIR, "site.db"));
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
