import path from "node:path";
import { pathToFileURL } from "node:url";
import { HeadBucketCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { Disk } from "flydrive";
import { FSDriver } from "flydrive/drivers/fs";
import { S3Driver } from "flydrive/drivers/s3";
import { ensurePrivateDir } from "../private-files.server.ts";

export interface Storage {
  disk: Disk;
  driver: "local" | "s3";
  /** absolute folder served at /uploads/* (local driver only) */
  localRoot?: string;
  /** the bucket and its client (S3 driver only), for the start-up and readiness checks */
  s3?: { client: S3Client; bucket: string; endpoint: string };
}

export const UPLOADS_URL_PREFIX = "/uploads/";

export interface StorageOptions {
  dataDir: string;
  s3?: { bucket: string; region: string; endpoint?: string; accessKeyId: string; secretAccessKey: string; publicUrl?: string };
}

/** An object's key as a URL path: each segment encoded, the slashes kept. */
const keyPath = (key: string) => key.split("/").map(encodeURIComponent).join("/");

/** Local disk under DATA_DIR/uploads by default; an S3-compatible bucket when configured. */
export function createStorage(options: StorageOptions): Storage {
  if (options.s3) {
    const { bucket, region, endpoint, accessKeyId, secretAccessKey, publicUrl } = options.s3;
    const client = new S3Client({
      region,
      endpoint,
      // a custom endpoint (MinIO, R2, Garage...) is addressed by path: no bucket subdomains to resolve
      forcePathStyle: Boolean(endpoint),
      credentials: { accessKeyId, secretAccessKey },
      // a bucket that does not answer fails an upload in seconds, not after the SDK's long default
      requestHandler: { connectionTimeout: 3000, requestTimeout: 15_000 },
      maxAttempts: 2,
    });
    const driver = new S3Driver({
      client,
      bucket,
      visibility: "public",
      supportsACL: false,
      urlBuilder: {
        // S3_PUBLIC_URL may carry a path ("https://cdn.example.com/uploads"): the key goes after it,
        // where resolving it as a relative URL would drop the last segment
        async generateURL(key) {
          if (publicUrl) return `${publicUrl.replace(/\/+$/, "")}/${keyPath(key)}`;
          if (endpoint) return `${endpoint.replace(/\/+$/, "")}/${encodeURIComponent(bucket)}/${keyPath(key)}`;
          return `https://${bucket}.s3.${region}.amazonaws.com/${keyPath(key)}`;
        },
      },
    });
    return { disk: new Disk(driver), driver: "s3", s3: { client, bucket, endpoint: endpoint ?? `https://s3.${region}.amazonaws.com` } };
  }
  const localRoot = path.resolve(options.dataDir, "uploads");
  // served by this server alone (/uploads/*): nobody else on the host needs to read it
  ensurePrivateDir(localRoot);
  const driver = new FSDriver({
    location: pathToFileURL(localRoot + path.sep),
    visibility: "public",
    urlBuilder: {
      async generateURL(key) {
        return UPLOADS_URL_PREFIX + keyPath(key);
      },
    },
  });
  return { disk: new Disk(driver), driver: "local", localRoot };
}

/** What asking the storage showed: usable, refused (wrong keys, no such bucket), or not answering. */
export type StorageCheck = { ok: true } | { ok: false; kind: "refused" | "unreachable"; message: string };

/**
 * Asks the bucket whether it is there and these keys may use it (HeadBucket). The local folder is
 * always there. Used at start-up (refused keys stop the server with this message, an unreachable
 * bucket only warns: the site serves pages without it) and by /readyz.
 */
export async function checkStorage(storage: Storage, timeoutMs = 5000): Promise<StorageCheck> {
  if (!storage.s3) return { ok: true };
  const { client, bucket, endpoint } = storage.s3;
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }), { abortSignal: AbortSignal.timeout(timeoutMs) });
    return { ok: true };
  } catch (error) {
    if (error instanceof S3ServiceException) {
      const status = error.$metadata.httpStatusCode;
      if (status === 403 || status === 401) {
        return { ok: false, kind: "refused", message: `The S3 storage at ${endpoint} refused the keys for bucket "${bucket}" (HTTP ${status}): check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.` };
      }
      if (status === 404) return { ok: false, kind: "refused", message: `The S3 bucket "${bucket}" does not exist at ${endpoint}: check S3_BUCKET and S3_ENDPOINT.` };
      // 5xx and the like: the service is there but not well; uploads may work again later
      return { ok: false, kind: "unreachable", message: `The S3 storage at ${endpoint} answered HTTP ${status ?? "?"} for bucket "${bucket}".` };
    }
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, kind: "unreachable", message: `The S3 storage at ${endpoint} did not answer (${reason}).` };
  }
}
