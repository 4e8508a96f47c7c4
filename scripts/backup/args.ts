// The command lines of `npm run backup -- [--out DIR]` and `npm run restore -- <backup> [--force]`.
import path from "node:path";
import { BackupError } from "./errors.ts";

export const BACKUP_USAGE = "Usage: npm run backup -- [--out DIR]   (DIR: a new or empty folder; default ./backups/backup-<UTC time>)";
export const RESTORE_USAGE = "Usage: npm run restore -- <backup folder> [--force]   (--force: restore over a DATA_DIR or database that is not fresh)";

export type BackupArgs = { help: true } | { help: false; out: string };
export type RestoreArgs = { help: true } | { help: false; from: string; force: boolean };

/** `backup-20270104-093015Z`: UTC, sortable, no colons (some file systems refuse them). */
export function backupFolderName(at: Date): string {
  const stamp = at.toISOString().replace(/\.\d+Z$/, "Z").replaceAll("-", "").replaceAll(":", "").replace("T", "-");
  return `backup-${stamp}`;
}

/** The folder a backup goes to: --out's, or a new one named after `now` under ./backups. */
export function parseBackupArgs(argv: readonly string[], now: Date, cwd: string): BackupArgs {
  let out: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--help" || arg === "-h") return { help: true };
    if (arg === "--out" || arg.startsWith("--out=")) {
      const value = arg === "--out" ? argv[++i] : arg.slice("--out=".length);
      if (!value || value.startsWith("--")) throw new BackupError("usage", `--out needs a folder.\n${BACKUP_USAGE}`);
      if (out !== undefined) throw new BackupError("usage", `--out is given twice.\n${BACKUP_USAGE}`);
      out = value;
      continue;
    }
    throw new BackupError("usage", `Unknown argument "${arg}".\n${BACKUP_USAGE}`);
  }
  return { help: false, out: path.resolve(cwd, out ?? path.join("backups", backupFolderName(now))) };
}

export function parseRestoreArgs(argv: readonly string[], cwd: string): RestoreArgs {
  let from: string | undefined;
  let force = false;
  for (const arg of argv) {
    if (arg === "--help" || arg === "-h") return { help: true };
    if (arg === "--force") {
      force = true;
      continue;
    }
    if (arg.startsWith("-")) throw new BackupError("usage", `Unknown option "${arg}".\n${RESTORE_USAGE}`);
    if (from !== undefined) throw new BackupError("usage", `One backup folder at a time ("${from}" and "${arg}").\n${RESTORE_USAGE}`);
    from = arg;
  }
  if (from === undefined) throw new BackupError("usage", `Which backup? Name its folder.\n${RESTORE_USAGE}`);
  return { help: false, from: path.resolve(cwd, from), force };
}
