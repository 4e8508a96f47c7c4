// The S3 side: a listing of the bucket's objects (the bucket itself is not copied: its provider's
// versioning or replication keeps the objects; the listing tells what the database refers to).
import { paginateListObjectsV2 } from "@aws-sdk/client-s3";
import { createStorage } from "#app/server/storage/storage.server.ts";
import { BackupError, messageOf } from "./errors.ts";
import type { BucketObject } from "./manifest.ts";
import type { S3Options } from "./plan.ts";

/** Every object of the bucket, page after page of ListObjectsV2, sorted by key. */
export async function listBucket(s3: S3Options): Promise<{ objects: BucketObject[]; endpoint: string }> {
  // the server's own client settings (path style for a custom endpoint, time-outs, retries)
  const storage = createStorage({ dataDir: ".", s3 });
  const { client, bucket, endpoint } = storage.s3!;
  const objects: BucketObject[] = [];
  try {
    for await (const page of paginateListObjectsV2({ client, pageSize: 1000 }, { Bucket: bucket })) {
      for (const o of page.Contents ?? []) {
        if (o.Key === undefined) continue;
        objects.push({ key: o.Key, size: o.Size ?? 0, etag: o.ETag ?? null, lastModified: o.LastModified?.toISOString() ?? null });
      }
    }
  } catch (error) {
    throw new BackupError("s3-failed", `Could not list the S3 bucket "${bucket}" at ${endpoint}: ${messageOf(error)}`, { cause: error });
  } finally {
    client.destroy();
  }
  return { objects: objects.toSorted((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)), endpoint };
}
