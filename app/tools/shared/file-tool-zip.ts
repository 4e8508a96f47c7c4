// "Download all" of the file-tool frame: every finished output in one zip, written with fflate's
// streaming Zip. Each output is read from its Blob in chunks and stored as it is (outputs are PNG,
// PDF, DDS..., already compressed or not worth the CPU), and the zip's bytes are gathered as Blob
// parts, so no single buffer the size of the whole archive is ever built.
import { unzipSync, Zip, ZipPassThrough } from "fflate";

export interface OutputFile {
  name: string;
  blob: Blob;
}

/** One entry of "Download all": a file at the top, or a folder of several outputs of one input. */
export type ZipItem = { kind: "file"; name: string; blob: Blob } | { kind: "folder"; name: string; files: readonly OutputFile[] };

/**
 * Names made unique the way file managers do: the second "a.png" becomes "a (2).png", the third
 * "a (3).png". Compared without case, because Windows and macOS unpack "A.png" over "a.png".
 */
export function uniqueNames(names: readonly string[], clean: (name: string) => string = safeName): string[] {
  const taken = new Set<string>();
  return names.map((wanted) => {
    const name = clean(wanted);
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = numbered(name, n);
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** "a.png" + 2 → "a (2).png"; "archive.tar.gz" keeps its double extension; "README" → "README (2)". */
function numbered(name: string, n: number): string {
  const match = /^(.+?)((?:\.tar)?\.[^.\s]{1,8})$/i.exec(name);
  return match ? `${match[1]} (${n})${match[2]}` : `${name} (${n})`;
}

/** An entry name cannot climb out of the archive or hide in a folder of its own making. */
function safeName(name: string): string {
  const cleaned = name.replace(/[\\/:]+/g, "_").trim();
  return cleaned === "" || cleaned === "." || cleaned === ".." ? "file" : cleaned;
}

/** The path of a file inside a folder entry; the tool's own sub-folders are kept, ".." parts dropped. */
function innerPath(path: string): string {
  const parts = path.split(/[\\/]+/).filter((part) => part !== "" && part !== "." && part !== "..");
  return parts.length > 0 ? parts.join("/") : "file";
}

/** Builds the zip; the top-level names must already be unique (see `uniqueNames`). */
export async function buildZip(items: readonly ZipItem[], signal?: AbortSignal): Promise<Blob> {
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else parts.push(chunk as Uint8Array<ArrayBuffer>);
  });
  for (const item of items) {
    if (item.kind === "file") {
      await addEntry(zip, item.name, item.blob, signal);
      continue;
    }
    // a tool's own sub-folders are kept ("mips/a.png")
    const paths = uniqueNames(
      item.files.map((file) => file.name),
      innerPath,
    );
    for (const [i, file] of item.files.entries()) await addEntry(zip, `${item.name}/${paths[i]!}`, file.blob, signal);
  }
  zip.end();
  if (failure) throw failure;
  return new Blob(parts, { type: "application/zip" });
}

async function addEntry(zip: Zip, path: string, blob: Blob, signal: AbortSignal | undefined): Promise<void> {
  const entry = new ZipPassThrough(path);
  zip.add(entry);
  const reader = blob.stream().getReader();
  try {
    for (;;) {
      signal?.throwIfAborted();
      const { done, value } = await reader.read();
      if (done) break;
      entry.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  entry.push(new Uint8Array(0), true);
}

/** The files of a zip a tool made (DDS "all images"), to file them in a folder of "Download all". */
export async function filesOfZip(zipBlob: Blob): Promise<OutputFile[]> {
  const entries = unzipSync(new Uint8Array(await zipBlob.arrayBuffer()));
  return Object.entries(entries)
    .filter(([name]) => !name.endsWith("/"))
    .map(([name, bytes]) => ({ name, blob: new Blob([bytes as Uint8Array<ArrayBuffer>]) }));
}
