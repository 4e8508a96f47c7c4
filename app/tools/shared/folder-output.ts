// Where a converted folder comes from and where it goes (decision 050), the browser side of
// ./folder-batch.ts. In: the File System Access directory picker where the browser has it (walked
// here), else the files of a `<input webkitdirectory>`. Out: a folder the visitor picks (sub-folders
// created, nothing already there replaced) where the browser can write one, else one zip with the
// same structure (./file-tool-zip.ts). Either way an output is written as soon as it is made and
// then let go.
import { baseOf, dirOf, OutputNames, type FolderEntry } from "./folder-batch.ts";
import { ZipWriter } from "./file-tool-zip.ts";
import { saveBlob } from "./save-blob.ts";

interface DirectoryPickerOptions {
  mode?: "read" | "readwrite";
  /** the browser remembers the last folder of each id */
  id?: string;
}
/** `showDirectoryPicker` is not in TypeScript's DOM library yet (Chromium browsers have it). */
type PickerWindow = Window & { showDirectoryPicker?: (options?: DirectoryPickerOptions) => Promise<FileSystemDirectoryHandle> };
/** The directory handle's async iteration is not in the DOM library this project compiles against. */
type IterableDirectory = FileSystemDirectoryHandle & { values(): AsyncIterable<FileSystemDirectoryHandle | FileSystemFileHandle> };

/** Whether this browser has the directory picker (Chrome, Edge, Opera; not Firefox or Safari). */
export function hasDirectoryPicker(): boolean {
  return typeof window !== "undefined" && typeof (window as PickerWindow).showDirectoryPicker === "function";
}

/** The visitor's folder, or null when they closed the picker. */
export async function pickDirectory(mode: "read" | "readwrite"): Promise<FileSystemDirectoryHandle | null> {
  const picker = (window as PickerWindow).showDirectoryPicker;
  if (!picker) return null;
  try {
    return await picker.call(window, { mode, id: mode === "read" ? "folder-in" : "folder-out" });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") return null;
    throw error;
  }
}

/**
 * Every file under a picked folder with its path inside it. `getFile()` gives a File that refers to
 * the file on disk; nothing is read here.
 */
export async function entriesOfDirectory(root: FileSystemDirectoryHandle): Promise<FolderEntry<File>[]> {
  const entries: FolderEntry<File>[] = [];
  const walk = async (dir: FileSystemDirectoryHandle, prefix: string) => {
    for await (const handle of (dir as IterableDirectory).values()) {
      const path = prefix === "" ? handle.name : `${prefix}/${handle.name}`;
      if (handle.kind === "directory") await walk(handle as FileSystemDirectoryHandle, path);
      else entries.push({ path, file: await (handle as FileSystemFileHandle).getFile() });
    }
  };
  await walk(root, "");
  return entries;
}

/** Where the outputs are written; `write` gives the path the output got (numbered when the name was taken). */
export interface FolderSink {
  kind: "folder" | "zip";
  /** what the page calls the destination: the folder's name or the zip's */
  name: string;
  write(path: string, blob: Blob, signal: AbortSignal): Promise<string>;
  /** after the last write: the zip is handed to the downloads; a folder has nothing left to do */
  finish(): void;
  /** the zips handed to the downloads so far (a folder: 0) */
  readonly saved: number;
}

/** Writes into a folder the visitor picked, creating sub-folders; a name already there gets a number. */
export function directorySink(root: FileSystemDirectoryHandle): FolderSink {
  const names = new OutputNames();
  const folders = new Map<string, Promise<FileSystemDirectoryHandle>>();
  const folder = (dir: string): Promise<FileSystemDirectoryHandle> => {
    let found = folders.get(dir.toLowerCase());
    if (!found) {
      found = (async () => {
        const handle = dir === "" ? root : await (await folder(dirOf(dir))).getDirectoryHandle(baseOf(dir), { create: true });
        // what is already there keeps its name: ours get numbered instead
        const present: string[] = [];
        for await (const entry of (handle as IterableDirectory).values()) present.push(entry.name);
        names.reserve(dir, present);
        return handle;
      })();
      folders.set(dir.toLowerCase(), found);
    }
    return found;
  };
  return {
    kind: "folder",
    name: root.name,
    async write(path, blob, signal) {
      const dir = await folder(dirOf(path));
      const given = names.claim(path);
      const file = await dir.getFileHandle(baseOf(given), { create: true });
      try {
        // the browser writes to a temporary file and moves it into place when the stream closes
        await blob.stream().pipeTo(await file.createWritable(), { signal });
      } catch (error) {
        // the empty file made for it goes too: a cancelled or failed write leaves nothing behind
        await dir.removeEntry(baseOf(given)).catch(() => undefined);
        throw error;
      }
      return given;
    },
    finish() {},
    saved: 0,
  };
}

/**
 * The most a zip of a converted folder holds before it is saved and the next one begun. Browsers
 * without the folder picker (Firefox, Safari) keep a Blob made on the page in memory, so this is
 * the most a folder's zip costs at once; a larger folder becomes several zips, each with the same
 * sub-folders for the files it holds.
 */
export const ZIP_PART_BYTES = 512 << 20;

/** "textures-converted.zip" and its further parts: "textures-converted (part 2).zip" */
export function zipPartName(zipName: string, part: number): string {
  if (part <= 1) return zipName;
  const stem = zipName.replace(/\.zip$/i, "");
  return `${stem} (part ${part}).zip`;
}

/**
 * Streams the outputs into a zip saved to the downloads as soon as it is full (`partBytes`) and by
 * `finish`; holds only the zip's bytes, never the folder's inputs.
 */
export async function zipSink(zipName: string, { partBytes = ZIP_PART_BYTES, save = saveBlob }: { partBytes?: number; save?: (blob: Blob, name: string) => void } = {}): Promise<FolderSink> {
  const names = new OutputNames();
  let zip = await ZipWriter.open();
  let entries = 0;
  let part = 1;
  let saved = 0;
  const saveWhole = () => {
    save(zip.finish(), zipPartName(zipName, part));
    saved++;
  };
  return {
    kind: "zip",
    get name() {
      return part === 1 ? zipName : `${zipName} and ${part - 1} more ${part === 2 ? "part" : "parts"}`;
    },
    async write(path, blob, signal) {
      if (entries > 0 && zip.bytes + blob.size > partBytes) {
        saveWhole();
        zip = await ZipWriter.open();
        entries = 0;
        part++;
      }
      const given = names.claim(path);
      await zip.add(given, blob, signal);
      entries++;
      return given;
    },
    finish() {
      saveWhole();
    },
    get saved() {
      return saved;
    },
  };
}
