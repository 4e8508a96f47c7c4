import path from "node:path";
import { pathToFileURL } from "node:url";
import { Disk } from "flydrive";
import { FSDriver } from "flydrive/drivers/fs";
import { S3Driver } from "flydrive/drivers/s3";
import { ensurePrivateDir } from "../private-files.server.ts";

export interface Storage {
  disk: Disk;
  driver: "local" | "s3";
  /** absolute folder served at /uploads/* (local driver only) */
  localRoot?: string;
}

export const UPLOADS_URL_PREFIX = "/uploads/";

export interface StorageOptions {
  dataDir: string;
  s3?: { bucket: string; region: string; endpoint?: string; accessKeyId: string; secretAccessKey: string; publicUrl?: string };
}

/** Local disk under DATA_DIR/uploads by default; an S3-compatible bucket when configured. */
export function createStorage(options: StorageOptions): Storage {
  if (options.s3) {
    const { bucket, region, endpoint, accessKeyId, secretAccessKey, publicUrl } = options.s3;
    const driver = new S3Driver({
      bucket,
      region,
      endpoint,
      forcePathStyle: Boolean(endpoint),
      credentials: { accessKeyId, secretAccessKey },
      visibility: "public",
      supportsACL: false,
      cdnUrl: publicUrl,
    });
    return { disk: new Disk(driver), driver: "s3" };
  }
  const localRoot = path.resolve(options.dataDir, "uploads");
  // served by this server alone (/uploads/*): nobody else on the host needs to read it
  ensurePrivateDir(localRoot);
  const driver = new FSDriver({
    location: pathToFileURL(localRoot + path.sep),
    visibility: "public",
    urlBuilder: {
      async generateURL(key) {
        return UPLOADS_URL_PREFIX + key.split("/").map(encodeURIComponent).join("/");
      },
    },
  });
  return { disk: new Disk(driver), driver: "local", localRoot };
}
