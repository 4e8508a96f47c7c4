// `npm run restore`: a backup folder into this environment's DATA_DIR / DATABASE_URL, only when the
// target is fresh (or with --force). Everything is checked before anything is written.
import fs from "node:fs/promises";
import path from "node:path";
import type { Env } from "#app/server/env.server.ts";
import { BackupError } from "./errors.ts";
import { copyPrivateFile, copyPrivateTree, countFiles, exists, makePrivateDir, sha256File } from "./files.ts";
import { AUTH_SECRET_FILE, bucketListingSchema, type Manifest, MANIFEST_FILE, parseManifest } from "./manifest.ts";
import { type BucketComparison, compareListings, planRestore, type RestoreStep, type SiteLocation, siteLocationOf, type TargetFacts } from "./plan.ts";
import { postgresTableCount, restorePostgres } from "./postgres.ts";
import { assertIntact } from "./sqlite.ts";

export interface RestoreOptions {
  env: Env;
  from: string;
  force: boolean;
  cwd: string;
}

export interface RestoreResult {
  manifest: Manifest;
  /** what was restored, one line each */
  done: string[];
  /** things the operator should act on (a bucket missing objects, AUTH_SECRET) */
  warnings: string[];
  bucket?: BucketComparison;
}

/** The manifest of a backup folder; a folder without one is no backup (or one that did not finish). */
export async function readBackup(folder: string): Promise<Manifest> {
  let text: string;
  try {
    text = await fs.readFile(path.join(folder, MANIFEST_FILE), "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") throw new BackupError("not-a-backup", `${folder} has no ${MANIFEST_FILE}: it is not a backup, or one that did not finish.`);
    throw error;
  }
  return parseManifest(text, folder);
}

/** What the target holds now. */
async function targetFacts(location: SiteLocation, folder: string, manifest: Manifest): Promise<TargetFacts> {
  const { database, uploads } = location;
  const sqliteFileExists = database.dialect === "sqlite" && ((await exists(database.file)) || (await exists(`${database.file}-wal`)));
  const postgresTables = database.dialect === "postgres" ? await postgresTableCount(database.url) : 0;
  const uploadFiles = uploads.kind === "local" ? await countFiles(uploads.dir) : 0;
  let authSecret: TargetFacts["authSecret"] = "absent";
  if (manifest.authSecret && (await exists(location.authSecretFile))) {
    const [ours, theirs] = await Promise.all([fs.readFile(location.authSecretFile, "utf8"), fs.readFile(path.join(folder, AUTH_SECRET_FILE), "utf8")]);
    authSecret = ours.trim() === theirs.trim() ? "same" : "different";
  }
  return { sqliteFileExists, postgresTables, uploadFiles, authSecret };
}

/** The database file is the one the manifest describes (a copy cut short or altered is refused). */
async function verifyDatabaseFile(folder: string, manifest: Manifest): Promise<void> {
  const file = path.join(folder, manifest.database.file);
  if (!(await exists(file))) throw new BackupError("not-a-backup", `${file} is missing: the backup is incomplete.`);
  if ((await sha256File(file)) !== manifest.database.sha256) throw new BackupError("checksum-mismatch", `${file} is not the file the backup wrote (its SHA-256 differs from the manifest's): the backup was damaged or changed.`);
  if (manifest.dialect === "sqlite") assertIntact(file);
}

/** The first keys of a long list, and how many more. */
const shown = (keys: readonly string[]) => keys.slice(0, 20).join(", ") + (keys.length > 20 ? `, … (${keys.length - 20} more)` : "");

async function runStep(step: RestoreStep, result: RestoreResult): Promise<void> {
  switch (step.kind) {
    case "sqlite-file": {
      await makePrivateDir(path.dirname(step.to));
      // a log or index left by another database would be replayed onto this one: they go first
      await Promise.all([fs.rm(`${step.to}-wal`, { force: true }), fs.rm(`${step.to}-shm`, { force: true })]);
      await copyPrivateFile(step.from, step.to);
      result.done.push(`database ${step.to}`);
      return;
    }
    case "pg-restore": {
      await restorePostgres(step.from, step.url, step.clean);
      result.done.push(`PostgreSQL database (pg_restore${step.clean ? " --clean" : ""})`);
      return;
    }
    case "copy-uploads": {
      const count = (await exists(step.from)) ? await copyPrivateTree(step.from, step.to) : (await makePrivateDir(step.to), { files: 0, bytes: 0, skipped: [] });
      result.done.push(`${count.files} uploaded file${count.files === 1 ? "" : "s"} into ${step.to}`);
      return;
    }
    case "compare-bucket": {
      const listing = bucketListingSchema.parse(JSON.parse(await fs.readFile(step.listing, "utf8")));
      const { listBucket } = await import("./bucket.ts");
      const { objects } = await listBucket(step.s3);
      const comparison = compareListings(listing.objects, objects);
      result.bucket = comparison;
      if (comparison.missing.length > 0) result.warnings.push(`The bucket "${step.s3.bucket}" lacks ${comparison.missing.length} of the ${listing.objects.length} objects the backup listed (restore them from the bucket's versions or replica): ${shown(comparison.missing)}`);
      if (comparison.changed.length > 0) result.warnings.push(`${comparison.changed.length} object${comparison.changed.length === 1 ? "" : "s"} of the bucket changed since the backup: ${shown(comparison.changed)}`);
      result.done.push(`bucket "${step.s3.bucket}" checked: ${listing.objects.length - comparison.missing.length - comparison.changed.length} of ${listing.objects.length} listed objects as they were`);
      return;
    }
    case "auth-secret": {
      await makePrivateDir(path.dirname(step.to));
      await copyPrivateFile(step.from, step.to);
      result.done.push("auth secret");
      return;
    }
  }
}

export async function runRestore(options: RestoreOptions): Promise<RestoreResult> {
  const manifest = await readBackup(options.from);
  const location = siteLocationOf(options.env, options.cwd);
  const facts = await targetFacts(location, options.from, manifest);
  const plan = planRestore(options.from, manifest, location, facts, options.force);
  await verifyDatabaseFile(options.from, manifest);
  const result: RestoreResult = { manifest, done: [], warnings: [...plan.notes] };
  for (const step of plan.steps) await runStep(step, result);
  return result;
}
