// Files that reach a tool page from outside its drop zone, handed to the file-tool frame as if the
// visitor had dropped them: files the launch page (/open) hands over before a client-side
// navigation to the tool, and files the operating system launches the installed app with
// (window.launchQueue, the File Handling API) while a tool page is open. Browser-only, and imports
// no tool list: the frame of every tool page uses it.
import { useEffect, useRef } from "react";

/** The File Handling API's launch parameters (not yet in TypeScript's DOM library). */
export interface LaunchParams {
  /** FileSystemFileHandle and FileSystemDirectoryHandle, as far as they are read here */
  readonly files?: readonly LaunchedHandle[];
}
export interface LaunchedHandle {
  readonly kind: "file" | "directory";
  getFile?(): Promise<File>;
}
export interface LaunchQueue {
  setConsumer(consumer: (params: LaunchParams) => void): void;
}

/** The page's launchQueue, where the browser has one. */
export function launchQueueOf(global: object): LaunchQueue | null {
  const queue: unknown = "launchQueue" in global ? global.launchQueue : undefined;
  return typeof queue === "object" && queue !== null && "setConsumer" in queue && typeof queue.setConsumer === "function" ? (queue as LaunchQueue) : null;
}

/** The files of a launch (a launched folder has none to give); a handle that cannot be read is left out. */
export async function filesOfLaunch(params: LaunchParams): Promise<File[]> {
  const read = await Promise.allSettled((params.files ?? []).flatMap((handle) => (handle.kind === "file" && handle.getFile ? [handle.getFile()] : [])));
  return read.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
}

// One hand-over at a time: the launch page sets it just before navigating to the tool page.
let handed: { path: string; files: File[] } | null = null;

/** Keeps `files` for the tool page at `path` ("/tool/dds-to-png"), which takes them when its frame mounts. */
export function handFilesTo(path: string, files: readonly File[]): void {
  handed = { path, files: [...files] };
}

/** The files handed to the page at `path`, once; null when there are none for it. */
export function takeHandedFiles(path: string): File[] | null {
  if (!handed || handed.path !== path) return null;
  const { files } = handed;
  handed = null;
  return files;
}

/**
 * For the file-tool frame: calls `onFiles` with the files handed to this page, and with the files of
 * every launch while the page is open. A launch of no readable file is ignored.
 */
export function useIncomingFiles(onFiles: (files: File[]) => void): void {
  const latest = useRef(onFiles);
  useEffect(() => {
    latest.current = onFiles;
  });
  useEffect(() => {
    let live = true;
    const files = takeHandedFiles(window.location.pathname);
    if (files && files.length > 0) latest.current(files);
    launchQueueOf(window)?.setConsumer((params) => {
      void filesOfLaunch(params).then((launched) => {
        if (live && launched.length > 0) latest.current(launched);
      });
    });
    return () => {
      live = false;
    };
  }, []);
}
