// What the server keeps on disk is private to its own user (issue 28, finding 7): the SQLite file
// holds password hashes and session tokens, the outbox holds live reset links. Folders are 0700,
// files 0600, whatever the umask the process was started with; server.js also sets umask 077 so
// files written by libraries (SQLite's -wal and -shm, uploads) are born private too.
import fs from "node:fs";

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** For process.umask at start: nothing the server creates is readable by other users. */
export const PRIVATE_UMASK = 0o077;

/** Creates the folder (and its parents) if needed, and makes the folder itself 0700 either way. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  // an existing folder (an earlier version made them 0755) is tightened, not only a new one
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Makes each of these files that exists 0600 (a file that is not there yet is skipped). */
export function makeFilesPrivate(files: readonly string[]): void {
  for (const file of files) {
    try {
      fs.chmodSync(file, PRIVATE_FILE_MODE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}
