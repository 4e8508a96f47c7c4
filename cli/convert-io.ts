// Reading and writing the CLI's files, with one-line messages instead of Node's errno dumps.
import { readFileSync, writeFileSync } from "node:fs";
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

export function writeOutput(path: string, bytes: Uint8Array): void {
  try {
    writeFileSync(path, bytes);
  } catch (error) {
    throw new ConvertError(`Cannot write ${path}: ${(error as NodeJS.ErrnoException).code ?? "write failed"}.`, "io");
  }
}
