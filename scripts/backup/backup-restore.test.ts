// runBackup and runRestore on real databases and a real S3 server (s3rver), in this process: what a
// backup folder holds, that a restore brings it back into a fresh target, and that failures midway
// leave nothing behind. The whole thing under a running server's write load: tests/e2e/server-backup.spec.ts.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { parseEnv, type Env } from "#app/server/env.server.ts";
import { createPost } from "#app/server/queries/posts-admin.server.ts";
import { freePort, S3_TEST_KEY, startS3Server, type S3TestServer } from "#tests/support/s3-server.ts";
import { createScratchDatabase, type ScratchDatabase } from "#tests/support/scratch-postgres.ts";
import { createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { BackupError } from "./errors.ts";
import { parseManifest } from "./manifest.ts";
import { runBackup } from "./run-backup.ts";
import { runRestore } from "./run-restore.ts";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
let folders = 0;
const newFolder = () => path.join(scratch, `f${++folders}`);
const NOW = new Date("2027-01-04T09:30:15.000Z");
const post = (slug: string) => ({ title: `Title ${slug}`, slug, excerpt: "", content: "<p>Body</p>", thumbnail: "", keywords: "", published: true });

async function codeOf(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (error) {
    if (error instanceof BackupError) return error.code;
    throw error;
  }
  throw new Error("did not fail");
}

/** A new empty PostgreSQL database beside TEST_DATABASE_URL's; dropped after the file. */
const scratchDatabases: ScratchDatabase[] = [];
async function emptyPostgres(): Promise<string> {
  const database = await createScratchDatabase("backup_t");
  scratchDatabases.push(database);
  return database.url;
}
afterAll(async () => {
  for (const database of scratchDatabases) await database.drop();
});

const HAVE_PG_DUMP = spawnSync("pg_dump", ["--version"]).status === 0;
const mode = (file: string) => fs.statSync(file).mode & 0o777;

describeEachDialect("backup and restore on %s", (dialect) => {
  let s: TestServices;
  beforeAll(async () => {
    s = await createTestServices(dialect);
    // what the server writes when AUTH_SECRET is not set
    fs.writeFileSync(path.join(s.dataDir, "auth-secret"), `${"k".repeat(43)}\n`, { mode: 0o600 });
    await s.storage.disk.put("blog-thumbnails/abc-photo.png", new Uint8Array([137, 80, 78, 71, 1, 2, 3]));
  });
  afterAll(() => s.cleanup());

  it("backs up while posts are written, and restores into a fresh target that holds every post written before", async () => {
    for (let i = 0; i < 5; i++) expect((await createPost(s.database.db, post(`before-${i}`))).ok).toBe(true);
    const out = newFolder();
    // writes interleaved with the backup (in this process: between its steps)
    const writing = Promise.all(Array.from({ length: 10 }, (_, i) => createPost(s.database.db, post(`during-${i}`))));
    const { manifest, summary } = await runBackup({ env: s.env, out, cwd: scratch, now: NOW });
    await writing;

    const dump = dialect === "sqlite" ? "site.db" : "database.pgdump";
    expect(fs.readdirSync(out).toSorted()).toEqual(["auth-secret", dump, "manifest.json", "uploads"].toSorted());
    expect(parseManifest(fs.readFileSync(path.join(out, "manifest.json"), "utf8"), out)).toEqual(manifest);
    expect(manifest).toMatchObject({ dialect, createdAt: NOW.toISOString(), uploads: { kind: "local", files: 1, bytes: 7 }, authSecret: true, database: { file: dump } });
    expect(manifest.database.migrations?.count).toBeGreaterThan(3);
    expect(summary).toMatch(new RegExp(`^Backup written to f\\d+: ${dialect === "sqlite" ? "SQLite snapshot" : "PostgreSQL dump"} .* \\(\\d+ migrations\\), 1 uploaded file \\(7 B\\), auth secret\\.$`));
    // private: password hashes and the secret inside
    expect(mode(out)).toBe(0o700);
    for (const file of ["auth-secret", dump, "manifest.json", "uploads/blog-thumbnails/abc-photo.png"]) expect(mode(path.join(out, file)), file).toBe(0o600);

    const dataDir = newFolder();
    const target: Env = parseEnv({ DATA_DIR: dataDir, ...(dialect === "postgres" ? { DATABASE_URL: await emptyPostgres() } : {}) });
    const restored = await runRestore({ env: target, from: out, force: false, cwd: scratch });
    expect(restored.warnings).toEqual([]);
    expect(fs.readFileSync(path.join(dataDir, "uploads/blog-thumbnails/abc-photo.png"))).toEqual(Buffer.from([137, 80, 78, 71, 1, 2, 3]));
    expect(fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8")).toBe(`${"k".repeat(43)}\n`);
    expect(mode(path.join(dataDir, "auth-secret"))).toBe(0o600);

    let slugs: string[];
    if (target.DATABASE_URL) {
      const client = new pg.Client({ connectionString: target.DATABASE_URL });
      await client.connect();
      slugs = (await client.query<{ slug: string }>("select slug from blog_posts")).rows.map((r) => r.slug);
      await client.end();
    } else {
      const file = path.join(dataDir, "site.db");
      expect(mode(file)).toBe(0o600);
      const db = new SQLite(file, { readonly: true });
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      slugs = (db.prepare("select slug from blog_posts").all() as { slug: string }[]).map((r) => r.slug);
      db.close();
    }
    for (let i = 0; i < 5; i++) expect(slugs).toContain(`before-${i}`);

    // now the target is not fresh: refused, unless --force
    expect(await codeOf(runRestore({ env: target, from: out, force: false, cwd: scratch }))).toBe("not-fresh");
    const forced = await runRestore({ env: target, from: out, force: true, cwd: scratch });
    expect(forced.done[0]).toMatch(dialect === "sqlite" ? /^database / : /pg_restore --clean/);
  });

  it("refuses a backup whose database file was altered", async () => {
    const out = newFolder();
    await runBackup({ env: s.env, out, cwd: scratch, now: NOW });
    const dump = path.join(out, dialect === "sqlite" ? "site.db" : "database.pgdump");
    const bytes = fs.readFileSync(dump);
    bytes[bytes.length - 1]! ^= 1;
    fs.writeFileSync(dump, bytes);
    const target = parseEnv({ DATA_DIR: newFolder(), ...(dialect === "postgres" ? { DATABASE_URL: await emptyPostgres() } : {}) });
    expect(await codeOf(runRestore({ env: target, from: out, force: false, cwd: scratch }))).toBe("checksum-mismatch");
    expect(fs.existsSync(target.DATA_DIR)).toBe(false);
  });
});

describe("backup failures", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("without pg_dump: a clear error, and the new folder is gone", async () => {
    vi.stubEnv("PATH", path.join(scratch, "no-tools-here"));
    const out = newFolder();
    const env = parseEnv({ DATA_DIR: newFolder(), DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" });
    const error = await runBackup({ env, out, cwd: scratch, now: NOW }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as BackupError).code).toBe("pg-tool-missing");
    expect((error as BackupError).message).toContain("pg_dump was not found on PATH");
    expect(fs.existsSync(out)).toBe(false);
  });

  it.skipIf(!HAVE_PG_DUMP)(`pg_dump failing (no such server) says what it said${HAVE_PG_DUMP ? "" : " (skipped: pg_dump is not installed)"}`, async () => {
    const error = await runBackup({ env: parseEnv({ DATA_DIR: newFolder(), DATABASE_URL: `postgres://nobody:secret@127.0.0.1:${await freePort()}/none` }), out: newFolder(), cwd: scratch, now: NOW }).catch((e: unknown) => e);
    expect((error as BackupError).code).toBe("pg-tool-failed");
    expect((error as BackupError).message).toMatch(/pg_dump failed \(exit 1\):\n.*connection/);
    expect((error as BackupError).message).not.toContain("secret");
  });

  it("no database where DATA_DIR says; a folder that is not empty; an existing empty folder is used and emptied again on failure", async () => {
    const env = parseEnv({ DATA_DIR: newFolder() });
    expect(await codeOf(runBackup({ env, out: newFolder(), cwd: scratch, now: NOW }))).toBe("source-missing");
    const full = newFolder();
    fs.mkdirSync(full);
    fs.writeFileSync(path.join(full, "x"), "");
    expect(await codeOf(runBackup({ env, out: full, cwd: scratch, now: NOW }))).toBe("out-exists");
    const empty = newFolder();
    fs.mkdirSync(empty);
    expect(await codeOf(runBackup({ env, out: empty, cwd: scratch, now: NOW }))).toBe("source-missing");
    expect(fs.readdirSync(empty)).toEqual([]);
  });

  it("a folder without a manifest is not a backup", async () => {
    const folder = newFolder();
    fs.mkdirSync(folder);
    expect(await codeOf(runRestore({ env: parseEnv({ DATA_DIR: newFolder() }), from: folder, force: false, cwd: scratch }))).toBe("not-a-backup");
  });
});

describe("a site on S3 (s3rver)", () => {
  let server: S3TestServer;
  let s: TestServices;
  let s3Env: Record<string, string>;
  beforeAll(async () => {
    server = await startS3Server("backup-bucket");
    s3Env = { S3_BUCKET: server.bucket, S3_ENDPOINT: server.endpoint, S3_ACCESS_KEY_ID: S3_TEST_KEY.accessKeyId, S3_SECRET_ACCESS_KEY: S3_TEST_KEY.secretAccessKey };
    s = await createTestServices("sqlite", s3Env);
    for (const key of ["a/one.png", "a/two.png", "b/three.png"]) await s.storage.disk.put(key, new TextEncoder().encode(`bytes of ${key}`));
  }, 60_000);
  afterAll(async () => {
    await s?.cleanup();
    await server?.stop();
  });

  it("lists the bucket (not copied), and the restore reports what the bucket lost or changed since", async () => {
    const out = newFolder();
    const { manifest } = await runBackup({ env: s.env, out, cwd: scratch, now: NOW });
    expect(manifest.uploads).toEqual({ kind: "s3", listing: "uploads.json", bucket: "backup-bucket", endpoint: server.endpoint, objects: 3, bytes: "bytes of a/one.png".length * 2 + "bytes of b/three.png".length });
    const listing = JSON.parse(fs.readFileSync(path.join(out, "uploads.json"), "utf8")) as { objects: { key: string; size: number; etag: string }[] };
    expect(listing.objects.map((o) => o.key)).toEqual(["a/one.png", "a/two.png", "b/three.png"]);
    expect(listing.objects[0]).toMatchObject({ size: 18, etag: expect.stringMatching(/^"[0-9a-f]{32}"$/) });
    expect(fs.existsSync(path.join(out, "uploads"))).toBe(false);

    await s.storage.disk.delete("a/two.png");
    await s.storage.disk.put("b/three.png", new TextEncoder().encode("other bytes"));
    await s.storage.disk.put("c/new.png", new TextEncoder().encode("new"));
    const restored = await runRestore({ env: parseEnv({ DATA_DIR: newFolder(), ...s3Env }), from: out, force: false, cwd: scratch });
    expect(restored.bucket).toEqual({ missing: ["a/two.png"], changed: ["b/three.png"], extra: 1 });
    expect(restored.warnings.join("\n")).toContain('The bucket "backup-bucket" lacks 1 of the 3 objects the backup listed');
  });

  it("a bucket that does not answer fails the backup after the snapshot, and the partial folder goes", async () => {
    const env = parseEnv({ ...s3Env, DATA_DIR: s.dataDir, S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` });
    const out = newFolder();
    expect(await codeOf(runBackup({ env, out, cwd: scratch, now: NOW }))).toBe("s3-failed");
    expect(fs.existsSync(out)).toBe(false);
  });
});

/** `node scripts/<script> ...args` in the scratch folder, on a DATA_DIR with nothing in it. */
const run = (script: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [path.join(import.meta.dirname, "..", script), ...args], { cwd: scratch, encoding: "utf8", env: { ...process.env, DATA_DIR: path.join(scratch, "cli-data"), DATABASE_URL: "", ...env } });

describe("the command lines", () => {
  it("exit 2 with the usage for bad arguments and refusals, 1 for failures", () => {
    const noFolder = run("restore.ts", []);
    expect(noFolder.status).toBe(2);
    expect(noFolder.stderr).toContain("Usage: npm run restore");
    const noDatabase = run("backup.ts", ["--out", path.join(scratch, "cli-out")]);
    expect(noDatabase.status).toBe(1);
    expect(noDatabase.stderr).toMatch(/^Backup failed: There is no database at .*cli-data\/site\.db/);
    expect(fs.existsSync(path.join(scratch, "cli-out"))).toBe(false);
    const badEnv = run("backup.ts", [], { DATABASE_URL: "mysql://x" });
    expect(badEnv.status).toBe(2);
    expect(badEnv.stderr).toContain("DATABASE_URL: must be a postgres://");
  });
});
