import { describe, expect, it } from "vitest";
import { backupFolderName, parseBackupArgs, parseRestoreArgs } from "./args.ts";
import { BackupError } from "./errors.ts";

const AT = new Date("2027-01-04T09:30:15.250Z");

/** The code of the BackupError `run` throws. */
function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof BackupError) return error.code;
    throw error;
  }
  throw new Error("did not throw");
}

describe("backup arguments", () => {
  it("names the folder after the UTC time, sortable and without colons", () => {
    expect(backupFolderName(AT)).toBe("backup-20270104-093015Z");
  });

  it("defaults to ./backups/backup-<time> under the working folder", () => {
    expect(parseBackupArgs([], AT, "/srv/site")).toEqual({ help: false, out: "/srv/site/backups/backup-20270104-093015Z" });
  });

  it("takes --out DIR and --out=DIR, relative to the working folder", () => {
    expect(parseBackupArgs(["--out", "nightly/mon"], AT, "/srv/site")).toEqual({ help: false, out: "/srv/site/nightly/mon" });
    expect(parseBackupArgs(["--out=/mnt/backup/x"], AT, "/srv/site")).toEqual({ help: false, out: "/mnt/backup/x" });
  });

  it("refuses a missing folder, a second --out and unknown arguments as usage errors (exit 2)", () => {
    expect(codeOf(() => parseBackupArgs(["--out"], AT, "/"))).toBe("usage");
    expect(codeOf(() => parseBackupArgs(["--out", "--force"], AT, "/"))).toBe("usage");
    expect(codeOf(() => parseBackupArgs(["--out", "a", "--out", "b"], AT, "/"))).toBe("usage");
    expect(codeOf(() => parseBackupArgs(["nightly"], AT, "/"))).toBe("usage");
    expect(new BackupError("usage", "x").exitCode).toBe(2);
  });

  it("--help asks for the usage line", () => {
    expect(parseBackupArgs(["--help"], AT, "/")).toEqual({ help: true });
  });
});

describe("restore arguments", () => {
  it("takes one folder and --force, in any order", () => {
    expect(parseRestoreArgs(["backups/b1"], "/srv/site")).toEqual({ help: false, from: "/srv/site/backups/b1", force: false });
    expect(parseRestoreArgs(["--force", "/b1"], "/srv/site")).toEqual({ help: false, from: "/b1", force: true });
  });

  it("refuses no folder, two folders and unknown options", () => {
    expect(codeOf(() => parseRestoreArgs([], "/"))).toBe("usage");
    expect(codeOf(() => parseRestoreArgs(["a", "b"], "/"))).toBe("usage");
    expect(codeOf(() => parseRestoreArgs(["a", "--yes"], "/"))).toBe("usage");
  });
});
