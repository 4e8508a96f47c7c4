import { describe, expect, it } from "vitest";
import { BackupError } from "./errors.ts";
import { formatManifest, type Manifest, parseManifest } from "./manifest.ts";

const MANIFEST: Manifest = {
  format: 1,
  tool: { name: "tools-site", version: "0.1.0" },
  createdAt: "2027-01-04T09:30:15.250Z",
  dialect: "sqlite",
  database: { file: "site.db", bytes: 4096, sha256: "a".repeat(64), migrations: { count: 12, latest: "2026-11-28-001-rate-limit-expiry" } },
  uploads: { kind: "local", folder: "uploads", files: 3, bytes: 1200 },
  authSecret: true,
};

function refusal(text: string): BackupError {
  try {
    parseManifest(text, "/b");
  } catch (error) {
    if (error instanceof BackupError) return error;
    throw error;
  }
  throw new Error("parsed");
}

describe("manifest.json", () => {
  it("reads back what it writes, S3 listings included", () => {
    expect(parseManifest(formatManifest(MANIFEST), "/b")).toEqual(MANIFEST);
    const s3: Manifest = { ...MANIFEST, dialect: "postgres", database: { ...MANIFEST.database, file: "database.pgdump", migrations: null }, uploads: { kind: "s3", listing: "uploads.json", bucket: "site", endpoint: "http://s3", objects: 2, bytes: 10 }, authSecret: false };
    expect(parseManifest(formatManifest(s3), "/b")).toEqual(s3);
  });

  it("refuses what is not a manifest as not-a-backup, naming the field", () => {
    expect(refusal("{").code).toBe("not-a-backup");
    const wrong = refusal(JSON.stringify({ ...MANIFEST, database: { ...MANIFEST.database, sha256: "short" } }));
    expect(wrong.code).toBe("not-a-backup");
    expect(wrong.message).toContain("database.sha256");
    expect(refusal(JSON.stringify({ ...MANIFEST, dialect: "mysql" })).message).toContain("dialect");
  });

  it("says when a newer version wrote the backup", () => {
    expect(refusal(JSON.stringify({ ...MANIFEST, format: 2 })).message).toContain("newer version (backup format 2");
  });

  it("writing checks the shape too", () => {
    expect(() => formatManifest({ ...MANIFEST, createdAt: "yesterday" })).toThrow();
  });
});
