// "Download all" of the file-tool frame, and a converted folder where the browser cannot write one
// (./folder-output.ts): the outputs in one zip, written with fflate's streaming Zip. Each output is
// read from its Blob in chunks and stored as it is (outputs are PNG, PDF, DDS..., already
// compressed or not worth the CPU), and the zip's bytes are gathered as Blob parts, so no single
// buffer the size of the whole archive is ever built.
// fflate loads with the first zip: evaluating it builds its Huffman tables, about 4 ms of a phone's
// main thread that no tool page should spend while it hydrates (decision 070)
const loadFflate = () => import("fflate");
type Fflate = Awaited<ReturnType<typeof loadFflate>>;

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
export function numbered(name: string, n: number): string {
  const match = /^(.+?)((?:\.tar)?\.[^.\s]{1,8})$/i.exec(name);
  return match ? `${match[1]} (${n})${match[2]}` : `${name} (${n})`;
}

/** An entry name cannot climb out of the archive or hide in a folder of its own making. */
export function safeName(name: string): string {
  const cleaned = name.replace(/[\\/:]+/g, "_").trim();
  return cleaned === "" || cleaned === "." || cleaned === ".." ? "file" : cleaned;
}

/** The path of a file inside a folder entry; the tool's own sub-folders are kept, ".." parts dropped. */
export function innerPath(path: string): string {
  const parts = path.split(/[\\/]+/).filter((part) => part !== "" && part !== "." && part !== "..");
  return parts.length > 0 ? parts.join("/") : "file";
}

/** Builds the zip; the top-level names must already be unique (see `uniqueNames`). */
export async function buildZip(items: readonly ZipItem[], signal?: AbortSignal): Promise<Blob> {
  const zip = await ZipWriter.open();
  for (const item of items) {
    if (item.kind === "file") {
      await zip.add(item.name, item.blob, signal);
      continue;
    }
    // a tool's own sub-folders are kept ("mips/a.png")
    const paths = uniqueNames(
      item.files.map((file) => file.name),
      innerPath,
    );
    for (const [i, file] of item.files.entries()) await zip.add(`${item.name}/${paths[i]!}`, file.blob, signal);
  }
  return zip.finish();
}

/** The zip format fflate writes has 32-bit sizes and offsets (no ZIP64): an archive must stay below 4 GiB. */
export const ZIP_MAX_BYTES = 0xffff_ffff;

export interface ZipLimits {
  /** gathered chunks become one Blob part at this size */
  foldBytes: number;
  /** the largest archive `add` lets through */
  maxBytes: number;
}

/**
 * A zip written entry by entry as outputs arrive (fflate's streaming Zip, entries stored). Its
 * bytes are gathered in chunks and folded into Blobs every `foldBytes`, so the page holds the
 * archive as Blob parts the browser may keep on disk, never one buffer of the whole archive.
 */
export class ZipWriter {
  /** A writer, once fflate has loaded. */
  static async open(limits: ZipLimits = { foldBytes: 16 << 20, maxBytes: ZIP_MAX_BYTES }): Promise<ZipWriter> {
    return new ZipWriter(await loadFflate(), limits);
  }

  #blobs: Blob[] = [];
  #chunks: Uint8Array<ArrayBuffer>[] = [];
  #chunkBytes = 0;
  #bytes = 0;
  #failure: Error | null = null;
  #fflate: Fflate;
  #zip: InstanceType<Fflate["Zip"]>;
  #limits: ZipLimits;

  private constructor(fflate: Fflate, limits: ZipLimits) {
    this.#fflate = fflate;
    this.#limits = limits;
    this.#zip = new fflate.Zip((error, chunk) => {
      if (error) {
        this.#failure = error;
        return;
      }
      this.#chunks.push(chunk as Uint8Array<ArrayBuffer>);
      this.#chunkBytes += chunk.length;
      this.#bytes += chunk.length;
      if (this.#chunkBytes >= this.#limits.foldBytes) this.#fold();
    });
  }

  /** the archive's size so far */
  get bytes(): number {
    return this.#bytes;
  }

  /** Adds one entry, read from its Blob in chunks; refuses one that would take the archive past `maxBytes`. */
  async add(path: string, blob: Blob, signal?: AbortSignal): Promise<void> {
    // an entry costs its bytes, a local header and a central directory record (each under 100 bytes + the name twice)
    if (this.#bytes + blob.size + 2 * (100 + path.length * 3) > this.#limits.maxBytes) throw new ZipTooLarge(this.#limits.maxBytes);
    const entry = new this.#fflate.ZipPassThrough(path);
    this.#zip.add(entry);
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
    if (this.#failure) throw this.#failure;
  }

  /** Ends the archive and hands it over as one Blob (made of the folded parts, not copied into one buffer). */
  finish(): Blob {
    this.#zip.end();
    if (this.#failure) throw this.#failure;
    this.#fold();
    return new Blob(this.#blobs, { type: "application/zip" });
  }

  #fold(): void {
    if (this.#chunks.length === 0) return;
    this.#blobs.push(new Blob(this.#chunks));
    this.#chunks = [];
    this.#chunkBytes = 0;
  }
}

export class ZipTooLarge extends Error {
  constructor(maxBytes: number) {
    super(`The zip would pass ${Math.floor(maxBytes / 2 ** 30) + 1} GB, the most a zip made here can hold.`);
    this.name = "ZipTooLarge";
  }
}

/** The files of a zip a tool made (DDS "all images"), to file them in a folder of "Download all". */
export async function filesOfZip(zipBlob: Blob): Promise<OutputFile[]> {
  const { unzipSync } = await loadFflate();
  const entries = unzipSync(new Uint8Array(await zipBlob.arrayBuffer()));
  return Object.entries(entries)
    .filter(([name]) => !name.endsWith("/"))
    .map(([name, bytes]) => ({ name, blob: new Blob([bytes as Uint8Array<ArrayBuffer>]) }));
}
