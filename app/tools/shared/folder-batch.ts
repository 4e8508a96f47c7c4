// A whole folder through a file tool ("Choose folder", issue 30; decision 050), the pure part: which
// files convert and which are skipped (with the reason), where each output goes (the sub-folders
// kept, the tool's output name, unique per folder), the progress line, and the bounded queue that
// converts a few files at a time. No DOM and no React: the pickers and the writing are
// ./folder-output.ts, the state ./use-folder-batch.ts.
import { acceptedText, matchesAccept, type FileAccept, type FileLike } from "./file-accept.ts";
import { formatFileSize, outputFileName } from "./file-names.ts";
import { innerPath, numbered, safeName } from "./file-tool-zip.ts";

/** A file of the chosen folder: `path` is relative to that folder, "/"-separated ("walls/brick.dds"). */
export interface FolderEntry<F extends FileLike = FileLike> {
  path: string;
  file: F;
}

/** A file that converts: its path in the chosen folder and the folder its outputs go in ("" at the top). */
export interface FolderJob<F extends FileLike = FileLike> {
  path: string;
  dir: string;
  file: F;
}

export interface SkippedFile {
  path: string;
  reason: string;
}

export interface FolderPlan<F extends FileLike = FileLike> {
  /** the chosen folder's name */
  root: string;
  jobs: FolderJob<F>[];
  skipped: SkippedFile[];
  /** the bytes of the files that convert */
  totalBytes: number;
}

/** The skip reason of a file the tool does not read. */
export function notAcceptedReason(accept: Pick<FileAccept, "extensions" | "acceptedLabel">): string {
  return `Not a file this tool reads (accepted: ${acceptedText(accept)})`;
}
export const EMPTY_REASON = "Empty file (0 bytes)";
export const failedReason = (detail: string) => `Conversion failed: ${detail}`;

/** "a/./b//c.png", "..\\x.png" → "a/b/c.png", "x.png": never above the chosen folder, each part a safe name. */
export function cleanPath(path: string): string {
  return innerPath(path).split("/").map(safeName).join("/");
}

/** "walls/old/brick.png" → "walls/old"; "brick.png" → "" */
export const dirOf = (path: string) => (path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "");
/** "walls/old/brick.png" → "brick.png" */
export const baseOf = (path: string) => path.slice(path.lastIndexOf("/") + 1);
const joinPath = (dir: string, name: string) => (dir === "" ? name : `${dir}/${name}`);

/**
 * The files of a `<input type=file webkitdirectory>`: each `webkitRelativePath` starts with the
 * chosen folder's name ("textures/walls/brick.dds"), which becomes the root and leaves the path.
 */
export function entriesOfDirectoryInput<F extends FileLike & { webkitRelativePath: string }>(files: readonly F[]): { root: string; entries: FolderEntry<F>[] } {
  const first = files[0]?.webkitRelativePath ?? "";
  const root = first.includes("/") ? first.slice(0, first.indexOf("/")) : "";
  const entries = files.map((file) => {
    const relative = file.webkitRelativePath || file.name;
    const path = root !== "" && relative.startsWith(`${root}/`) ? relative.slice(root.length + 1) : relative;
    return { path: cleanPath(path), file };
  });
  return { root: root === "" ? "folder" : root, entries };
}

// "img2" before "img10", the same on every machine. Made on first use: a collator loads ICU's
// collation data, 10-20 ms on a phone, and every file tool's page imports this module (issue 33).
let pathCollator: Intl.Collator | undefined;
const byPath = (a: string, b: string) => (pathCollator ??= new Intl.Collator("en", { numeric: true })).compare(a, b);

/** Sorts the folder's files by path and splits them, by the tool's accept rule, into the ones that convert and the ones skipped. */
export function planFolder<F extends FileLike>(root: string, entries: readonly FolderEntry<F>[], accept: FileAccept): FolderPlan<F> {
  const jobs: FolderJob<F>[] = [];
  const skipped: SkippedFile[] = [];
  let totalBytes = 0;
  for (const { path, file } of entries.toSorted((a, b) => byPath(a.path, b.path))) {
    if (!matchesAccept(file, accept)) skipped.push({ path, reason: notAcceptedReason(accept) });
    else if (file.size <= 0) skipped.push({ path, reason: EMPTY_REASON });
    else {
      jobs.push({ path, dir: dirOf(path), file });
      totalBytes += file.size;
    }
  }
  return { root, jobs, skipped, totalBytes };
}

/** What a tool's result holds, with any several files (DDS "all images") already read. */
export interface FolderResult {
  fileName: string;
  blob: Blob;
  files?: readonly { name: string; blob: Blob }[];
}

/**
 * Where a job's outputs go, before uniqueness: beside the input under the tool's output name
 * ("walls/brick.dds" → "walls/brick.png"), or, when one input made several files, in a folder named
 * after the input ("walls/brick/mip-0.png"), the tool's own sub-folders kept.
 */
export function outputsOf(job: Pick<FolderJob, "path" | "dir">, result: FolderResult): { path: string; blob: Blob }[] {
  if (!result.files) return [{ path: joinPath(job.dir, safeName(result.fileName)), blob: result.blob }];
  const folder = joinPath(job.dir, safeName(outputFileName(baseOf(job.path), "")));
  return result.files.map((file) => ({ path: `${folder}/${innerPath(file.name)}`, blob: file.blob }));
}

/**
 * The names given so far in each folder of the output, so no output replaces another (or a file
 * already in the destination): the second "a.png" of a folder becomes "a (2).png". Compared
 * without case, as Windows and macOS do.
 */
export class OutputNames {
  #taken = new Map<string, Set<string>>();

  /** names already present in a folder of the destination */
  reserve(dir: string, names: Iterable<string>): void {
    const taken = this.#folder(dir);
    for (const name of names) taken.add(name.toLowerCase());
  }

  /** the path an output gets: `path` itself, or its name numbered when taken in its folder */
  claim(path: string): string {
    const dir = dirOf(path);
    const name = baseOf(path);
    const taken = this.#folder(dir);
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = numbered(name, n);
    taken.add(candidate.toLowerCase());
    return joinPath(dir, candidate);
  }

  #folder(dir: string): Set<string> {
    const key = dir.toLowerCase();
    let taken = this.#taken.get(key);
    if (!taken) {
      taken = new Set();
      this.#taken.set(key, taken);
    }
    return taken;
  }
}

export interface FolderCounts {
  /** files converted and written */
  written: number;
  failed: number;
  /** input bytes of the files finished (written or failed) */
  doneBytes: number;
  /** input bytes of the running files times their progress */
  runningBytes: number;
}

export const NO_COUNTS: FolderCounts = { written: 0, failed: 0, doneBytes: 0, runningBytes: 0 };

/** The progress bar's percent (input bytes converted) and the line beside it (files and bytes). */
export function folderProgress(plan: Pick<FolderPlan, "jobs" | "totalBytes">, counts: FolderCounts): { percent: number; text: string } {
  const files = plan.jobs.length;
  const finished = counts.written + counts.failed;
  const bytes = Math.min(plan.totalBytes, counts.doneBytes + counts.runningBytes);
  const percent = plan.totalBytes > 0 ? Math.floor((bytes / plan.totalBytes) * 100) : files > 0 ? Math.floor((finished / files) * 100) : 100;
  const parts = [`${finished} of ${files} ${files === 1 ? "file" : "files"}`, `${formatFileSize(bytes)} of ${formatFileSize(plan.totalBytes)}`];
  if (counts.failed > 0) parts.push(`${counts.failed} failed`);
  return { percent, text: parts.join(" · ") };
}

export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * Runs `work` over the items with at most `limit` of them between their start and the end of their
 * `commit`, and commits them in the items' order (so the names given are the same on every run).
 * A result is dropped as soon as it is committed: at most `limit` results are held at once, however
 * many items there are. A failed item is committed as `{ ok: false }` and the queue goes on; an
 * aborted `signal` starts nothing more, lets the started items settle and rejects with its reason.
 */
export async function runBounded<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
  commit: (outcome: Settled<R>, item: T, index: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const width = Math.max(1, Math.floor(limit));
  const running = new Map<number, Promise<Settled<R>>>();
  let next = 0;
  try {
    for (let i = 0; i < items.length; i++) {
      while (next < items.length && next < i + width) {
        if (signal?.aborted) break;
        const index = next++;
        running.set(
          index,
          work(items[index]!, index).then(
            (value): Settled<R> => ({ ok: true, value }),
            (error: unknown): Settled<R> => ({ ok: false, error }),
          ),
        );
      }
      signal?.throwIfAborted();
      const outcome = await running.get(i)!;
      running.delete(i);
      signal?.throwIfAborted();
      await commit(outcome, items[i]!, i);
    }
  } finally {
    // what was started ends before the queue says it is over
    await Promise.all(running.values());
  }
}
