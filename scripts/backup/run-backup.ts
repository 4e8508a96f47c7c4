// `npm run backup`: one new folder holding a consistent snapshot of the database, the uploads (the
// files, or the bucket's listing), the generated auth secret and, written last, manifest.json.
import fs from "node:fs/promises";
import path from "node:path";
import type { Env } from "#app/server/env.server.ts";
import { PRIVATE_FILE_MODE } from "#app/server/private-files.server.ts";
import { BackupError } from "./errors.ts";
import { copyPrivateFile, copyPrivateTree, exists, formatBytes, makePrivateDir, sha256File } from "./files.ts";
import {
  AUTH_SECRET_FILE,
  BUCKET_LISTING_FILE,
  type BucketListing,
  formatManifest,
  type Manifest,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  type MigrationsEntry,
  POSTGRES_DUMP_FILE,
  SQLITE_SNAPSHOT_FILE,
  UPLOADS_FOLDER,
  type UploadsEntry,
} from "./manifest.ts";
import { siteLocationOf } from "./plan.ts";
import { dumpPostgres, postgresMigrations } from "./postgres.ts";
import { assertIntact, snapshotSqlite, sqliteMigrations } from "./sqlite.ts";
import { toolVersion } from "./version.ts";

export interface BackupOptions {
  env: Env;
  /** the backup folder: created, or an existing empty folder */
  out: string;
  cwd: string;
  now: Date;
}

export interface BackupResult {
  folder: string;
  manifest: Manifest;
  /** the one line the CLI prints */
  summary: string;
  /** what was left out (links in the uploads folder) */
  warnings: string[];
}

/** Makes `out` ready: a new folder, or an empty existing one. Answers whether it was made here. */
export async function prepareOutFolder(out: string): Promise<{ created: boolean }> {
  try {
    const entries = await fs.readdir(out);
    if (entries.length > 0) throw new BackupError("out-exists", `${out} already exists and is not empty: name a new folder with --out.`);
    await makePrivateDir(out);
    return { created: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOTDIR") throw new BackupError("out-exists", `${out} is a file: name a new folder with --out.`);
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await makePrivateDir(out);
  return { created: true };
}

/** Removes what a failed backup wrote: the folder if it made it, else only what it put inside. */
export async function discardPartial(out: string, created: boolean): Promise<void> {
  if (created) return fs.rm(out, { recursive: true, force: true });
  for (const entry of await fs.readdir(out).catch(() => [])) await fs.rm(path.join(out, entry), { recursive: true, force: true });
}

export async function runBackup(options: BackupOptions): Promise<BackupResult> {
  const location = siteLocationOf(options.env, options.cwd);
  const folder = options.out;
  const { created } = await prepareOutFolder(folder);
  try {
    const warnings: string[] = [];
    let migrations: MigrationsEntry | null;
    let databaseFile: Manifest["database"]["file"];
    if (location.database.dialect === "sqlite") {
      databaseFile = SQLITE_SNAPSHOT_FILE;
      const snapshot = path.join(folder, databaseFile);
      await snapshotSqlite(location.database.file, snapshot);
      // a snapshot that does not pass is no backup: better to fail now than at the restore
      assertIntact(snapshot);
      migrations = sqliteMigrations(snapshot);
    } else {
      databaseFile = POSTGRES_DUMP_FILE;
      await dumpPostgres(location.database.url, path.join(folder, databaseFile));
      await fs.chmod(path.join(folder, databaseFile), PRIVATE_FILE_MODE);
      migrations = await postgresMigrations(location.database.url);
    }
    const databasePath = path.join(folder, databaseFile);
    const database: Manifest["database"] = { file: databaseFile, bytes: (await fs.stat(databasePath)).size, sha256: await sha256File(databasePath), migrations };

    // after the database: every file the snapshot refers to was stored before its row was written
    let uploads: UploadsEntry;
    if (location.uploads.kind === "local") {
      const target = path.join(folder, UPLOADS_FOLDER);
      const count = (await exists(location.uploads.dir)) ? await copyPrivateTree(location.uploads.dir, target) : (await makePrivateDir(target), { files: 0, bytes: 0, skipped: [] });
      if (count.skipped.length > 0) warnings.push(`left out of the uploads (not plain files): ${count.skipped.join(", ")}`);
      uploads = { kind: "local", folder: UPLOADS_FOLDER, files: count.files, bytes: count.bytes };
    } else {
      // the S3 SDK loads only for a bucket (it costs a local backup half a second of start-up)
      const { listBucket } = await import("./bucket.ts");
      const { objects, endpoint } = await listBucket(location.uploads.s3);
      const listing: BucketListing = { bucket: location.uploads.s3.bucket, endpoint, listedAt: new Date().toISOString(), objects };
      await fs.writeFile(path.join(folder, BUCKET_LISTING_FILE), `${JSON.stringify(listing, null, 2)}\n`, { mode: PRIVATE_FILE_MODE });
      uploads = { kind: "s3", listing: BUCKET_LISTING_FILE, bucket: listing.bucket, endpoint, objects: objects.length, bytes: objects.reduce((sum, o) => sum + o.size, 0) };
    }

    const authSecret = await exists(location.authSecretFile);
    if (authSecret) await copyPrivateFile(location.authSecretFile, path.join(folder, AUTH_SECRET_FILE));

    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      tool: toolVersion(),
      createdAt: options.now.toISOString(),
      dialect: location.database.dialect,
      database,
      uploads,
      authSecret,
    };
    // last: a folder with a manifest is a whole backup
    await fs.writeFile(path.join(folder, MANIFEST_FILE), formatManifest(manifest), { mode: PRIVATE_FILE_MODE });
    return { folder, manifest, summary: summaryOf(folder, manifest, options.cwd), warnings };
  } catch (error) {
    await discardPartial(folder, created);
    throw error;
  }
}

/** "Backup written to backups/backup-…: SQLite snapshot 1.2 MB (12 migrations), 3 uploaded files (40 KB), auth secret." */
export function summaryOf(folder: string, manifest: Manifest, cwd: string): string {
  const where = path.relative(cwd, folder).startsWith("..") ? folder : path.relative(cwd, folder) || ".";
  const m = manifest.database.migrations;
  const database = `${manifest.dialect === "sqlite" ? "SQLite snapshot" : "PostgreSQL dump"} ${formatBytes(manifest.database.bytes)} (${m ? `${m.count} migrations` : "no migration table"})`;
  const u = manifest.uploads;
  const uploads =
    u.kind === "local" ? `${u.files} uploaded file${u.files === 1 ? "" : "s"} (${formatBytes(u.bytes)})` : `a listing of ${u.objects} object${u.objects === 1 ? "" : "s"} (${formatBytes(u.bytes)}) of bucket "${u.bucket}", not copied`;
  return `Backup written to ${where}: ${database}, ${uploads}, ${manifest.authSecret ? "auth secret" : "no auth-secret file (AUTH_SECRET set?)"}.`;
}
