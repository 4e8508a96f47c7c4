import { describe, expect, it } from "vitest";
import { parseEnv } from "#app/server/env.server.ts";
import { BackupError } from "./errors.ts";
import type { Manifest } from "./manifest.ts";
import { compareListings, freshnessProblems, pgConnection, planRestore, redactUrl, siteLocationOf, type TargetFacts } from "./plan.ts";

const S3_ENV = { S3_BUCKET: "site", S3_ENDPOINT: "http://127.0.0.1:9000", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" };
const sqliteSite = siteLocationOf(parseEnv({ DATA_DIR: "data" }), "/srv/site");
const postgresSite = siteLocationOf(parseEnv({ DATA_DIR: "/var/lib/site", DATABASE_URL: "postgres://site:pw@db/site" }), "/srv/site");
const s3Site = siteLocationOf(parseEnv({ DATA_DIR: "/var/lib/site", DATABASE_URL: "postgres://site@db/site", AUTH_SECRET: "x".repeat(32), ...S3_ENV }), "/srv/site");

const FRESH: TargetFacts = { sqliteFileExists: false, postgresTables: 0, uploadFiles: 0, authSecret: "absent" };
const SQLITE_BACKUP: Manifest = {
  format: 1,
  tool: { name: "tools-site", version: "0.1.0" },
  createdAt: "2027-01-04T09:30:15.250Z",
  dialect: "sqlite",
  database: { file: "site.db", bytes: 4096, sha256: "a".repeat(64), migrations: { count: 5, latest: "005" } },
  uploads: { kind: "local", folder: "uploads", files: 1, bytes: 10 },
  authSecret: true,
};
const POSTGRES_BACKUP: Manifest = { ...SQLITE_BACKUP, dialect: "postgres", database: { ...SQLITE_BACKUP.database, file: "database.pgdump" } };
const S3_BACKUP: Manifest = { ...POSTGRES_BACKUP, uploads: { kind: "s3", listing: "uploads.json", bucket: "site", endpoint: "http://127.0.0.1:9000", objects: 2, bytes: 20 }, authSecret: false };

function refusal(run: () => unknown): BackupError {
  try {
    run();
  } catch (error) {
    if (error instanceof BackupError) return error;
    throw error;
  }
  throw new Error("not refused");
}

describe("where a site keeps its things", () => {
  it("reads the server's own variables: SQLite in DATA_DIR, uploads beside it, the auth-secret file", () => {
    expect(sqliteSite).toEqual({
      dataDir: "/srv/site/data",
      database: { dialect: "sqlite", file: "/srv/site/data/site.db" },
      uploads: { kind: "local", dir: "/srv/site/data/uploads" },
      authSecretFile: "/srv/site/data/auth-secret",
      authSecretFromEnv: false,
    });
  });

  it("PostgreSQL with DATABASE_URL, the bucket with S3_*", () => {
    expect(postgresSite.database).toEqual({ dialect: "postgres", url: "postgres://site:pw@db/site" });
    expect(s3Site.uploads).toEqual({ kind: "s3", s3: { bucket: "site", region: "us-east-1", endpoint: "http://127.0.0.1:9000", accessKeyId: "k", secretAccessKey: "s", publicUrl: undefined } });
    expect(s3Site.authSecretFromEnv).toBe(true);
  });
});

describe("a fresh target", () => {
  it("has no database file or tables, no uploads and no other secret", () => {
    expect(freshnessProblems(sqliteSite, FRESH)).toEqual([]);
    expect(freshnessProblems(sqliteSite, { ...FRESH, authSecret: "same" })).toEqual([]);
    expect(freshnessProblems(sqliteSite, { sqliteFileExists: true, postgresTables: 0, uploadFiles: 2, authSecret: "different" })).toEqual([
      "/srv/site/data/site.db exists",
      "/srv/site/data/uploads holds 2 files",
      "/srv/site/data/auth-secret holds another secret",
    ]);
    expect(freshnessProblems(postgresSite, { ...FRESH, postgresTables: 1 })).toEqual(["the PostgreSQL database of DATABASE_URL has 1 table"]);
  });

  it("a bucket's contents are not the restore's business", () => {
    expect(freshnessProblems(s3Site, { ...FRESH, uploadFiles: 5 })).toEqual([]);
  });
});

describe("the restore plan", () => {
  it("SQLite: the snapshot to site.db, the uploads and the secret into DATA_DIR", () => {
    expect(planRestore("/b", SQLITE_BACKUP, sqliteSite, FRESH, false)).toEqual({
      steps: [
        { kind: "sqlite-file", from: "/b/site.db", to: "/srv/site/data/site.db" },
        { kind: "copy-uploads", from: "/b/uploads", to: "/srv/site/data/uploads" },
        { kind: "auth-secret", from: "/b/auth-secret", to: "/srv/site/data/auth-secret" },
      ],
      notes: [],
    });
  });

  it("PostgreSQL and a bucket: pg_restore, then the bucket compared with the listing", () => {
    const plan = planRestore("/b", S3_BACKUP, s3Site, FRESH, false);
    expect(plan.steps).toEqual([
      { kind: "pg-restore", from: "/b/database.pgdump", url: "postgres://site@db/site", clean: false },
      { kind: "compare-bucket", listing: "/b/uploads.json", s3: (s3Site.uploads as { s3: unknown }).s3 },
    ]);
    expect(plan.notes).toEqual([]);
  });

  it("refuses a target that is not fresh (exit 2), naming why; --force goes ahead, dropping the old objects first", () => {
    const notFresh = refusal(() => planRestore("/b", POSTGRES_BACKUP, postgresSite, { ...FRESH, postgresTables: 30 }, false));
    expect(notFresh.code).toBe("not-fresh");
    expect(notFresh.exitCode).toBe(2);
    expect(notFresh.message).toContain("has 30 tables");
    expect(notFresh.message).toContain("--force");
    expect(planRestore("/b", POSTGRES_BACKUP, postgresSite, { ...FRESH, postgresTables: 30 }, true).steps[0]).toMatchObject({ kind: "pg-restore", clean: true });
    expect(planRestore("/b", POSTGRES_BACKUP, postgresSite, FRESH, true).steps[0]).toMatchObject({ kind: "pg-restore", clean: false });
    expect(refusal(() => planRestore("/b", SQLITE_BACKUP, sqliteSite, { ...FRESH, sqliteFileExists: true }, false)).code).toBe("not-fresh");
  });

  it("refuses a backup of another database or upload storage, saying which variable to change", () => {
    const dialect = refusal(() => planRestore("/b", SQLITE_BACKUP, postgresSite, FRESH, true));
    expect(dialect.code).toBe("dialect-mismatch");
    expect(dialect.message).toContain("unset DATABASE_URL");
    const toBucket = refusal(() => planRestore("/b", POSTGRES_BACKUP, s3Site, FRESH, true));
    expect(toBucket.code).toBe("storage-mismatch");
    expect(toBucket.message).toContain("/b/uploads");
    expect(refusal(() => planRestore("/b", S3_BACKUP, postgresSite, FRESH, true)).message).toContain("never copies a bucket");
  });

  it("notes what AUTH_SECRET means for the restored sessions", () => {
    const withEnvSecret = siteLocationOf(parseEnv({ DATA_DIR: "/d", AUTH_SECRET: "y".repeat(32) }), "/");
    expect(planRestore("/b", SQLITE_BACKUP, withEnvSecret, FRESH, false).notes[0]).toContain("AUTH_SECRET is set");
    expect(planRestore("/b", { ...SQLITE_BACKUP, authSecret: false }, sqliteSite, FRESH, false).notes[0]).toContain("set the same AUTH_SECRET");
  });
});

const object = (key: string, size = 10, etag: string | null = `"${key}"`) => ({ key, size, etag, lastModified: null });

describe("the bucket against its listing", () => {

  it("finds missing and changed objects, and counts the new ones", () => {
    const backup = [object("a.png"), object("b.png"), object("c.png"), object("d.png")];
    const current = [object("a.png"), object("b.png", 11), object("d.png", 10, '"other"'), object("e.png")];
    expect(compareListings(backup, current)).toEqual({ missing: ["c.png"], changed: ["b.png", "d.png"], extra: 1 });
  });

  it("an ETag one side lacks is not a change", () => {
    expect(compareListings([object("a.png", 10, null)], [object("a.png")])).toEqual({ missing: [], changed: [], extra: 0 });
  });
});

describe("PostgreSQL connections for pg_dump and pg_restore", () => {
  it("moves the password out of the URL into PGPASSWORD, decoded", () => {
    expect(pgConnection("postgres://site:p%40ss%2Fw@db.example:5433/site?sslmode=require")).toEqual({
      dbname: "postgres://site@db.example:5433/site?sslmode=require",
      env: { PGPASSWORD: "p@ss/w" },
    });
    expect(pgConnection("postgresql://site@db/site")).toEqual({ dbname: "postgresql://site@db/site", env: {} });
  });

  it("never shows a password in a message", () => {
    expect(redactUrl("postgres://site:secret@db/site")).toBe("postgres://site:***@db/site");
    expect(redactUrl("not a url")).toBe("(DATABASE_URL)");
  });
});
