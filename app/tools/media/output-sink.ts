// Where a media conversion writes its output. A small file's output stays in memory (one Blob). A
// large file's goes to disk as it is written, so a multi-gigabyte remux never sits in the tab's
// memory: straight into a file the visitor picks (File System Access `showSaveFilePicker`, Chromium
// browsers), or into the origin-private file system (every current browser), whose File is
// disk-backed and downloads like any other. Memory is the last resort, with a warning on the page.
import { MEMORY_OUTPUT_WARNING_BYTES, type OutputSink } from "#codecs/media/media-types.ts";

/** Inputs at least this large are written to disk rather than memory. */
export const DISK_OUTPUT_FROM_BYTES = 256 * 1024 * 1024;

export type SinkKind = OutputSink["kind"];

interface SavePickerWindow {
  showSaveFilePicker?: (options: { suggestedName: string }) => Promise<FileSystemFileHandle>;
}

/** The sinks this browser offers, best first. */
export function availableSinks(): SinkKind[] {
  const kinds: SinkKind[] = [];
  if (typeof window !== "undefined" && typeof (window as SavePickerWindow).showSaveFilePicker === "function") kinds.push("handle");
  if (typeof navigator !== "undefined" && typeof navigator.storage?.getDirectory === "function") kinds.push("opfs");
  kinds.push("memory");
  return kinds;
}

/**
 * The sink used when the visitor has not chosen: memory for small inputs, else the best available.
 * A file converted without a click of its own (a list's later files, a folder's) cannot open the
 * Save-as dialog, which browsers show only on a click: it gets the best of the others.
 */
export function defaultSink(inputBytes: number, available: readonly SinkKind[], { unattended = false }: { unattended?: boolean } = {}): SinkKind {
  if (inputBytes < DISK_OUTPUT_FROM_BYTES) return "memory";
  return available.find((kind) => !(unattended && kind === "handle")) ?? "memory";
}

/** Whether to warn that the output may not fit in the tab's memory. */
export function memoryWarning(inputBytes: number, kind: SinkKind): boolean {
  return kind === "memory" && inputBytes >= MEMORY_OUTPUT_WARNING_BYTES;
}

export const SINK_LABELS: Readonly<Record<SinkKind, string>> = {
  handle: "Save as… (written straight to a file you choose)",
  opfs: "Browser storage, then Download (written to disk as it converts)",
  memory: "Memory, then Download",
};

let opfsSerial = 0;

/**
 * Makes the chosen kind of sink concrete (the worker then opens it: sinks/open-sink.ts): asks for
 * the file to save to (the visitor may dismiss the dialog: that is an AbortError, shown as a
 * cancelled conversion), or names a new file in the origin-private file system.
 */
export async function chooseOutputSink(kind: SinkKind, suggestedName: string): Promise<OutputSink> {
  if (kind === "handle") {
    const picker = (window as SavePickerWindow).showSaveFilePicker;
    if (!picker) return { kind: "memory" };
    return { kind: "handle", handle: await picker.call(window, { suggestedName }) };
  }
  if (kind === "opfs") return { kind: "opfs", name: `media-output-${Date.now()}-${++opfsSerial}-${suggestedName.replace(/[^\w.-]+/g, "_")}` };
  return { kind: "memory" };
}
