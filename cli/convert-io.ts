// Reading and writing the CLI's files, with one-line messages instead of Node's errno dumps.
import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from "node:fs";
import { ConvertError } from "./convert-error.ts";

export function readInput(path: string): Uint8Array {
  try {
    return readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a folder" : code === "ERR_FS_FILE_TOO_LARGE" ? "it is over 2 GB, more than the command line reads" : (code ?? "unreadable");
    throw new ConvertError(`Cannot read ${path}: ${reason}.`, "io");
  }
}

/** Writes `bytes`, or pieces one after another (a file made in parts need not be joined first). */
export function writeOutput(path: string, bytes: Uint8Array | readonly Uint8Array[]): void {
  try {
    if (bytes instanceof Uint8Array) writeFileSync(path, bytes);
    else writeParts(path, bytes);
  } catch (error) {
    throw new ConvertError(`Cannot write ${path}: ${(error as NodeJS.ErrnoException).code ?? "write failed"}.`, "io");
  }
}

function writeParts(path: string, parts: readonly Uint8Array[]): void {
  const fd = openSync(path, "w");
  try {
    for (const part of parts) {
      for (let at = 0; at < part.length; ) at += writeSync(fd, part, at, part.length - at);
    }
  } finally {
    closeSync(fd);
  }
}
