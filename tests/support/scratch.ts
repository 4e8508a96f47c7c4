// A scratch folder for one test file's fixtures and outputs; `cleanup()` in afterAll removes it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface Scratch {
  dir: string;
  path(name: string): string;
  /** Writes the bytes to `name`; returns its path. */
  write(name: string, bytes: Uint8Array | Uint8ClampedArray): string;
  read(name: string): Uint8Array;
  cleanup(): void;
}

export function scratch(prefix: string): Scratch {
  const dir = mkdtempSync(join(tmpdir(), `${prefix.replace(/-$/, "")}-`));
  return {
    dir,
    path: (name) => join(dir, name),
    write: (name, bytes) => {
      writeFileSync(join(dir, name), bytes);
      return join(dir, name);
    },
    read: (name) => new Uint8Array(readFileSync(join(dir, name))),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
