// File work of backups and restores. Everything written is private (folders 0700, files 0600), as
// the server's own files are: a backup holds password hashes, session tokens and the auth secret.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "#app/server/private-files.server.ts";

export interface TreeCount {
  files: number;
  bytes: number;
  /** entries that are neither files nor folders (links, sockets): not copied */
  skipped: string[];
}

/** sha256 of a file, hex. */
export async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Creates `dir` (and parents) and makes it 0700. */
export async function makePrivateDir(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await fs.chmod(dir, PRIVATE_DIR_MODE);
}

/** Copies a file to `to`, 0600; through a temporary name in the same folder, then renamed, so `to` is whole or absent. */
export async function copyPrivateFile(from: string, to: string): Promise<void> {
  const temporary = `${to}.restoring-${process.pid}`;
  try {
    await fs.copyFile(from, temporary);
    await fs.chmod(temporary, PRIVATE_FILE_MODE);
    await fs.rename(temporary, to);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Copies the folder `from` into `to` (created; existing files of the same name replaced), each
 * folder 0700 and file 0600. Links are not followed: an upload folder holds plain files.
 */
export async function copyPrivateTree(from: string, to: string): Promise<TreeCount> {
  const count: TreeCount = { files: 0, bytes: 0, skipped: [] };
  const walk = async (source: string, target: string) => {
    await makePrivateDir(target);
    for (const entry of await fs.readdir(source, { withFileTypes: true })) {
      const a = path.join(source, entry.name);
      const b = path.join(target, entry.name);
      if (entry.isDirectory()) await walk(a, b);
      else if (entry.isFile()) {
        await fs.copyFile(a, b);
        await fs.chmod(b, PRIVATE_FILE_MODE);
        count.files++;
        count.bytes += (await fs.stat(b)).size;
      } else count.skipped.push(path.relative(from, a));
    }
  };
  await walk(from, to);
  return count;
}

/** Files under `dir` (0 when it does not exist). */
export async function countFiles(dir: string): Promise<number> {
  try {
    const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
    return entries.filter((e) => e.isFile()).length;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
}

export async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/** "1.2 MB" */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
