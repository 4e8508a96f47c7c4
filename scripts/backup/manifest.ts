// manifest.json: what a backup folder holds. Written last, so a folder without one is a backup that
// did not finish; restore reads it back through the same schema before touching anything.
import { z } from "zod";
import { BackupError } from "./errors.ts";

export const MANIFEST_FILE = "manifest.json";
/** Bumped when the folder's layout changes in a way an older restore would misread. */
export const MANIFEST_FORMAT = 1;
export const SQLITE_SNAPSHOT_FILE = "site.db";
export const POSTGRES_DUMP_FILE = "database.pgdump";
export const UPLOADS_FOLDER = "uploads";
export const BUCKET_LISTING_FILE = "uploads.json";
export const AUTH_SECRET_FILE = "auth-secret";

const migrationsSchema = z.object({ count: z.number().int().min(0), latest: z.string().nullable() });

const databaseSchema = z.object({
  file: z.enum([SQLITE_SNAPSHOT_FILE, POSTGRES_DUMP_FILE]),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Kysely's migration table as it was; null when it could not be read */
  migrations: migrationsSchema.nullable(),
});

const uploadsSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("local"), folder: z.literal(UPLOADS_FOLDER), files: z.number().int().min(0), bytes: z.number().int().min(0) }),
  z.object({
    kind: z.literal("s3"),
    listing: z.literal(BUCKET_LISTING_FILE),
    bucket: z.string().min(1),
    endpoint: z.string().min(1),
    objects: z.number().int().min(0),
    bytes: z.number().int().min(0),
  }),
]);

export const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  tool: z.object({ name: z.string(), version: z.string() }),
  createdAt: z.iso.datetime(),
  dialect: z.enum(["sqlite", "postgres"]),
  database: databaseSchema,
  uploads: uploadsSchema,
  /** whether DATA_DIR/auth-secret was there and is in the folder */
  authSecret: z.boolean(),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type DatabaseEntry = z.infer<typeof databaseSchema>;
export type UploadsEntry = z.infer<typeof uploadsSchema>;
export type MigrationsEntry = z.infer<typeof migrationsSchema>;

/** The manifest of a backup folder, or not-a-backup naming what is wrong with it. */
export function parseManifest(text: string, folder: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError("not-a-backup", `${folder}/${MANIFEST_FILE} is not JSON: the backup is damaged.`);
  }
  if (typeof json === "object" && json !== null && "format" in json && typeof json.format === "number" && json.format > MANIFEST_FORMAT) {
    throw new BackupError("not-a-backup", `${folder} was written by a newer version (backup format ${json.format}; this one reads ${MANIFEST_FORMAT}).`);
  }
  const result = manifestSchema.safeParse(json);
  if (!result.success) {
    const first = result.error.issues[0];
    throw new BackupError("not-a-backup", `${folder}/${MANIFEST_FILE} is not a backup manifest (${first ? `${first.path.join(".") || "manifest"}: ${first.message}` : "invalid"}).`);
  }
  return result.data;
}

/** The manifest as written: two-space JSON with a final newline. */
export const formatManifest = (manifest: Manifest): string => `${JSON.stringify(manifestSchema.parse(manifest), null, 2)}\n`;

/** One entry of uploads.json: an object of the bucket as ListObjectsV2 describes it. */
export const bucketObjectSchema = z.object({ key: z.string(), size: z.number().int().min(0), etag: z.string().nullable(), lastModified: z.string().nullable() });
export const bucketListingSchema = z.object({ bucket: z.string(), endpoint: z.string(), listedAt: z.iso.datetime(), objects: z.array(bucketObjectSchema) });
export type BucketObject = z.infer<typeof bucketObjectSchema>;
export type BucketListing = z.infer<typeof bucketListingSchema>;
