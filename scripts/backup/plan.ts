// What a backup reads and what a restore writes, decided from the site's environment and a few
// facts about the target, without touching anything: the CLIs gather the facts and run the steps.
import path from "node:path";
import type { Env } from "#app/server/env.server.ts";
import type { StorageOptions } from "#app/server/storage/storage.server.ts";
import { BackupError } from "./errors.ts";
import { AUTH_SECRET_FILE, BUCKET_LISTING_FILE, type BucketObject, type Manifest, UPLOADS_FOLDER } from "./manifest.ts";

export type S3Options = NonNullable<StorageOptions["s3"]>;

/** Where a site keeps its things, read from the same variables the server reads. */
export interface SiteLocation {
  dataDir: string;
  database: { dialect: "sqlite"; file: string } | { dialect: "postgres"; url: string };
  uploads: { kind: "local"; dir: string } | { kind: "s3"; s3: S3Options };
  authSecretFile: string;
  /** AUTH_SECRET is set: the server uses it, not the file */
  authSecretFromEnv: boolean;
}

/** The same choices the server makes (app/server/services.server.ts, db/connection.server.ts). */
export function siteLocationOf(env: Env, cwd: string): SiteLocation {
  const dataDir = path.resolve(cwd, env.DATA_DIR);
  const s3 =
    env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { bucket: env.S3_BUCKET, region: env.S3_REGION, endpoint: env.S3_ENDPOINT, accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY, publicUrl: env.S3_PUBLIC_URL }
      : undefined;
  return {
    dataDir,
    database: env.DATABASE_URL ? { dialect: "postgres", url: env.DATABASE_URL } : { dialect: "sqlite", file: path.join(dataDir, "site.db") },
    uploads: s3 ? { kind: "s3", s3 } : { kind: "local", dir: path.join(dataDir, "uploads") },
    authSecretFile: path.join(dataDir, AUTH_SECRET_FILE),
    authSecretFromEnv: Boolean(env.AUTH_SECRET),
  };
}

/** What the restore target holds now, as the CLI found it. */
export interface TargetFacts {
  /** SQLite: site.db or its write-ahead log is there */
  sqliteFileExists: boolean;
  /** PostgreSQL: tables outside the system schemas */
  postgresTables: number;
  /** local uploads: files under DATA_DIR/uploads */
  uploadFiles: number;
  /** DATA_DIR/auth-secret compared with the backup's */
  authSecret: "absent" | "same" | "different";
}

/** Why the target is not fresh (empty when it is): each would be overwritten or mixed with the backup. */
export function freshnessProblems(location: SiteLocation, facts: TargetFacts): string[] {
  const problems: string[] = [];
  if (location.database.dialect === "sqlite" && facts.sqliteFileExists) problems.push(`${location.database.file} exists`);
  if (location.database.dialect === "postgres" && facts.postgresTables > 0) {
    problems.push(`the PostgreSQL database of DATABASE_URL has ${facts.postgresTables} table${facts.postgresTables === 1 ? "" : "s"}`);
  }
  if (location.uploads.kind === "local" && facts.uploadFiles > 0) problems.push(`${location.uploads.dir} holds ${facts.uploadFiles} file${facts.uploadFiles === 1 ? "" : "s"}`);
  if (facts.authSecret === "different") problems.push(`${location.authSecretFile} holds another secret`);
  return problems;
}

const DIALECT_NAMES = { sqlite: "SQLite", postgres: "PostgreSQL" } as const;

export type RestoreStep =
  | { kind: "sqlite-file"; from: string; to: string }
  | { kind: "pg-restore"; from: string; url: string; clean: boolean }
  | { kind: "copy-uploads"; from: string; to: string }
  | { kind: "compare-bucket"; listing: string; s3: S3Options }
  | { kind: "auth-secret"; from: string; to: string };

export interface RestorePlan {
  steps: RestoreStep[];
  /** things the operator should know that do not stop the restore */
  notes: string[];
}

/**
 * The steps that bring this backup into this site's DATA_DIR / database, or the reason not to:
 * another database kind or upload storage than the backup's (exit 2), a target that is not fresh
 * without --force (exit 2).
 */
export function planRestore(folder: string, manifest: Manifest, location: SiteLocation, facts: TargetFacts, force: boolean): RestorePlan {
  if (manifest.dialect !== location.database.dialect) {
    throw new BackupError(
      "dialect-mismatch",
      `This backup is of a ${DIALECT_NAMES[manifest.dialect]} site and this environment uses ${DIALECT_NAMES[location.database.dialect]} (${manifest.dialect === "sqlite" ? "unset DATABASE_URL" : "set DATABASE_URL"} to restore it).`,
    );
  }
  if (manifest.uploads.kind !== location.uploads.kind) {
    throw new BackupError(
      "storage-mismatch",
      manifest.uploads.kind === "local"
        ? `This backup holds uploaded files and this environment keeps uploads in the S3 bucket "${location.uploads.kind === "s3" ? location.uploads.s3.bucket : ""}": copy ${path.join(folder, UPLOADS_FOLDER)} to the bucket yourself, or unset S3_BUCKET to restore into DATA_DIR.`
        : `This backup lists the objects of the S3 bucket "${manifest.uploads.bucket}" and this environment keeps uploads in DATA_DIR: set the S3_* variables to the bucket (a backup never copies a bucket).`,
    );
  }
  const problems = freshnessProblems(location, facts);
  if (problems.length > 0 && !force) {
    throw new BackupError("not-fresh", `Refusing to restore over a site that is not fresh: ${problems.join("; ")}. Restore into a new DATA_DIR (or an empty database), or add --force to overwrite (stop the server first).`);
  }
  const steps: RestoreStep[] = [];
  const notes: string[] = [];
  const { database, uploads } = location;
  if (database.dialect === "sqlite") steps.push({ kind: "sqlite-file", from: path.join(folder, manifest.database.file), to: database.file });
  else steps.push({ kind: "pg-restore", from: path.join(folder, manifest.database.file), url: database.url, clean: force && facts.postgresTables > 0 });
  if (uploads.kind === "local") steps.push({ kind: "copy-uploads", from: path.join(folder, UPLOADS_FOLDER), to: uploads.dir });
  else steps.push({ kind: "compare-bucket", listing: path.join(folder, BUCKET_LISTING_FILE), s3: uploads.s3 });
  if (manifest.authSecret) {
    steps.push({ kind: "auth-secret", from: path.join(folder, AUTH_SECRET_FILE), to: location.authSecretFile });
    if (location.authSecretFromEnv) notes.push("AUTH_SECRET is set, so the server uses it rather than the restored auth-secret file: sessions from the backup stay valid only if it is the secret the backed-up site used.");
  } else if (!location.authSecretFromEnv) {
    notes.push("The backup has no auth-secret (its site had AUTH_SECRET set): set the same AUTH_SECRET, or every session from the backup is signed out.");
  }
  return { steps, notes };
}

export interface BucketComparison {
  /** in the backup's listing, not in the bucket */
  missing: string[];
  /** in both, with another size or ETag */
  changed: string[];
  /** in the bucket only (uploaded since: harmless) */
  extra: number;
}

/** The backup's listing against the bucket as it is now. */
export function compareListings(backup: readonly BucketObject[], current: readonly BucketObject[]): BucketComparison {
  const now = new Map(current.map((o) => [o.key, o]));
  const missing: string[] = [];
  const changed: string[] = [];
  for (const object of backup) {
    const there = now.get(object.key);
    if (!there) missing.push(object.key);
    // an ETag is the object's digest for simple uploads; size catches the rest
    else if (there.size !== object.size || (object.etag !== null && there.etag !== null && there.etag !== object.etag)) changed.push(object.key);
  }
  const listed = new Set(backup.map((o) => o.key));
  const extra = current.filter((o) => !listed.has(o.key)).length;
  return { missing: missing.toSorted(), changed: changed.toSorted(), extra };
}

/**
 * pg_dump and pg_restore take the URL without its password, which goes in PGPASSWORD instead: a
 * command line is visible to every user of the machine (ps), a process's environment is not.
 */
export function pgConnection(url: string): { dbname: string; env: Record<string, string> } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new BackupError("config", "DATABASE_URL is not a URL.");
  }
  if (!parsed.password) return { dbname: url, env: {} };
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: { PGPASSWORD: password } };
}

/** A URL fit for a message: the password replaced. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(DATABASE_URL)";
  }
}
