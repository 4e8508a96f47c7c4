// Backups under write load (issue 32): `npm run backup` runs while a writer keeps publishing posts on
// the production server, then `npm run restore` brings the backup into a new DATA_DIR (and, on
// PostgreSQL, a new database) and a new server on it must serve every post the site acknowledged
// before the backup began, the uploaded thumbnail byte for byte, and the admin's password and
// session. SQLite always; PostgreSQL when TEST_DATABASE_URL is set.
import { spawn, spawnSync, type ChildProcessByStdio } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import SQLite from "better-sqlite3";
import { expect, test } from "./support/test.ts";
import { encodePng } from "#codecs/png/encode.ts";
import { freePort } from "#tests/support/s3-server.ts";
import { createScratchDatabase } from "#tests/support/scratch-postgres.ts";
import { isAdminSession, savePost, signIn, signUp, type Account } from "#tests/support/site-http.ts";

interface Site {
  origin: string;
  env: Record<string, string>;
  output: () => string;
  /** SIGTERM, and the exit code once it stopped */
  stop: () => Promise<number | null>;
}

/** `node server.js` from the build on a free port, on this DATA_DIR (and database); ready when /readyz says so. */
async function startSite(dataDir: string, databaseUrl = ""): Promise<Site> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = { NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: origin, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" };
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(process.execPath, ["server.js"], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    return exited;
  };
  try {
    await expect.poll(async () => (await fetch(`${origin}/readyz`).catch(() => null))?.status, { timeout: 60_000 }).toBe(200);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`the server did not get ready:\n${output.slice(-3000)}`, { cause: error });
  }
  return { origin, env, output: () => output, stop };
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `node scripts/<script> ...args` with the site's environment, as `npm run backup`/`restore` runs it. */
function runScript(script: "backup.ts" | "restore.ts", args: readonly string[], env: Record<string, string>): Promise<Run> {
  const child = spawn(process.execPath, [`scripts/${script}`, ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr })));
}

/** Several posts in flight at all times until stopped; the slugs the site acknowledged (200), in order. */
function startWriter(origin: string, cookie: string, lanes = 4) {
  const acknowledged: string[] = [];
  const refused: string[] = [];
  let next = 0;
  const stopping = new AbortController();
  const lane = async () => {
    while (!stopping.signal.aborted) {
      const n = next++;
      const answer = await savePost(origin, origin, cookie, { title: `Written under load ${n}`, slug: `under-load-${n}`, content: `<p>Post ${n} of the backup test.</p>`, published: true });
      if (answer.status === 200) acknowledged.push(`under-load-${n}`);
      else refused.push(`under-load-${n}: ${answer.status} ${answer.text.slice(0, 200)}`);
    }
  };
  const running = Array.from({ length: lanes }, lane);
  return {
    acknowledged,
    refused,
    stop: async () => {
      stopping.abort();
      await Promise.all(running);
    },
  };
}

const admin: Account = { email: "keeper@backup.example", password: "kept through a backup and restore", name: "Backup Keeper" };
const THUMBNAIL_SLUG = "post-with-a-thumbnail";
const THUMBNAIL_TITLE = "A post whose thumbnail is backed up";

/** A small PNG with varied pixels (so its bytes are its own). */
function thumbnailPng(): Uint8Array {
  const width = 12;
  const height = 9;
  return encodePng({ width, height, data: new Uint8Array(width * height * 4).map((_, i) => (i % 4 === 3 ? 255 : (i * 53) % 256)) });
}

/** The page of a post, and the address of its thumbnail in it. */
async function thumbnailOf(origin: string): Promise<string> {
  const page = await fetch(`${origin}/blog/${THUMBNAIL_SLUG}`);
  expect(page.status).toBe(200);
  const url = /\/uploads\/blog-thumbnails\/[\w.-]+\.png/.exec(await page.text())?.[0];
  expect(url, "the thumbnail's address on the post's page").toBeDefined();
  return url!;
}

interface Databases {
  /** DATABASE_URL of the backed-up site and of the restored one ("" for SQLite) */
  source: string;
  target: string;
  drop: () => Promise<void>;
}

/** Two new, empty PostgreSQL databases beside TEST_DATABASE_URL's, named uniquely. */
async function freshPostgres(): Promise<Databases> {
  const source = await createScratchDatabase("backup_source");
  const target = await createScratchDatabase("backup_restored");
  return {
    source: source.url,
    target: target.url,
    drop: async () => {
      await source.drop();
      await target.drop();
    },
  };
}

async function backupUnderLoadAndRestore(dialect: "sqlite" | "postgres"): Promise<void> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), `server-backup-${dialect}-`));
  const databases: Databases = dialect === "postgres" ? await freshPostgres() : { source: "", target: "", drop: async () => {} };
  const sites: Site[] = [];
  try {
    const original = await startSite(path.join(scratch, "data"), databases.source);
    sites.push(original);
    const site = original.origin;
    expect((await signUp(site, site, admin)).status).toBe(200);
    const session = await signIn(site, site, admin);
    expect(session.status, session.text).toBe(200);
    const png = thumbnailPng();
    const withThumbnail = await savePost(site, site, session.cookie, { title: THUMBNAIL_TITLE, slug: THUMBNAIL_SLUG, content: "<p>Look at the picture.</p>", published: true, thumbnail: { name: "kept.png", type: "image/png", bytes: png } });
    expect(withThumbnail.status, withThumbnail.text.slice(0, 500)).toBe(200);
    const thumbnail = await thumbnailOf(site);
    expect(Buffer.from(await (await fetch(site + thumbnail)).arrayBuffer()).equals(Buffer.from(png))).toBe(true);

    const writer = startWriter(site, session.cookie);
    let backup: Run;
    let before: string[];
    let duringBackup: number;
    try {
      // under load: the writer has had posts acknowledged, and four more are in flight
      await expect.poll(() => writer.acknowledged.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(8);
      before = [...writer.acknowledged];
      backup = await runScript("backup.ts", ["--out", path.join(scratch, "backup")], original.env);
      duringBackup = writer.acknowledged.length - before.length;
    } finally {
      await writer.stop();
    }
    expect(writer.refused).toEqual([]);
    // the site kept acknowledging writes while the backup read it
    expect(duringBackup, "posts acknowledged while the backup ran").toBeGreaterThan(0);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/^Backup written to .*: (SQLite snapshot|PostgreSQL dump) .*, 1 uploaded file .*, auth secret\.$/m);
    const folder = path.join(scratch, "backup");
    expect(readdirSync(folder).toSorted()).toEqual(["auth-secret", dialect === "sqlite" ? "site.db" : "database.pgdump", "manifest.json", "uploads"].toSorted());
    expect(await original.stop()).toBe(0);

    if (dialect === "postgres") {
      // an independent reader of the dump: PostgreSQL's own pg_restore lists the site's tables
      const listing = spawnSync("pg_restore", ["--list", path.join(folder, "database.pgdump")], { encoding: "utf8" });
      expect(listing.status, listing.stderr).toBe(0);
      for (const table of ["blog_posts", "user", "session", "account", "kysely_migration"]) expect(listing.stdout).toMatch(new RegExp(`TABLE DATA public ${table} `));
    }

    // restored into a new DATA_DIR (and a new database)
    const restoredDir = path.join(scratch, "restored");
    const restoreEnv = { ...original.env, DATA_DIR: restoredDir, DATABASE_URL: databases.target };
    const restore = await runScript("restore.ts", [folder], restoreEnv);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain("Restored the backup");
    if (dialect === "sqlite") {
      const file = new SQLite(path.join(restoredDir, "site.db"), { readonly: true, fileMustExist: true });
      try {
        expect(file.pragma("integrity_check", { simple: true })).toBe("ok");
      } finally {
        file.close();
      }
    }
    // the target is not fresh any more: a second restore is refused and changes nothing
    const again = await runScript("restore.ts", [folder], restoreEnv);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain("Refusing to restore over a site that is not fresh");

    const restored = await startSite(restoredDir, databases.target);
    sites.push(restored);
    const missing: string[] = [];
    for (const slug of [THUMBNAIL_SLUG, ...before]) {
      const title = slug === THUMBNAIL_SLUG ? THUMBNAIL_TITLE : `Written under load ${slug.slice("under-load-".length)}`;
      const page = await fetch(`${restored.origin}/blog/${slug}`);
      const text = await page.text();
      if (page.status !== 200 || !text.includes(title)) missing.push(`${slug} (${page.status})`);
    }
    expect(missing, "posts acknowledged before the backup began and not served after the restore").toEqual([]);
    // writes acknowledged while the backup ran may or may not be in it; counted for the record
    const later = writer.acknowledged.slice(before.length);
    let laterKept = 0;
    for (const slug of later) if ((await fetch(`${restored.origin}/blog/${slug}`)).status === 200) laterKept++;
    const counts = `${dialect}: ${before.length} posts acknowledged before the backup began (all served after the restore), ${duringBackup} while it ran, ${later.length} after it began in all, ${laterKept} of these in the backup`;
    test.info().annotations.push({ type: "counts", description: counts });
    console.log(counts);

    expect(await thumbnailOf(restored.origin)).toBe(thumbnail);
    const image = await fetch(restored.origin + thumbnail);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(png))).toBe(true);

    // the admin signs in with the old password, and the old session (its row and the auth secret) still holds
    const signedIn = await signIn(restored.origin, restored.origin, admin);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(await isAdminSession(restored.origin, signedIn.cookie)).toBe(true);
    expect(await isAdminSession(restored.origin, session.cookie)).toBe(true);
    expect(await restored.stop()).toBe(0);
  } catch (error) {
    for (const s of sites) console.log(`--- server ${s.origin}\n${s.output().slice(-3000)}`);
    throw error;
  } finally {
    await Promise.all(sites.map((s) => s.stop()));
    await databases.drop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

test("SQLite: a backup taken while posts are being written restores into a new DATA_DIR that serves every acknowledged write", async () => {
  test.setTimeout(180_000);
  await backupUnderLoadAndRestore("sqlite");
});

test("PostgreSQL: the same through pg_dump into a new database", async () => {
  test.skip(!process.env.TEST_DATABASE_URL, "TEST_DATABASE_URL is not set (the PostgreSQL backup needs a server to create databases on)");
  test.setTimeout(180_000);
  await backupUnderLoadAndRestore("postgres");
});
