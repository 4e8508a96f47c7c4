// "Choose folder" of the file-tool frame (decision 050): the chosen folder's plan, the run that
// converts its files FOLDER_CONCURRENCY at a time with the tool's own `convert` and the page's
// options, writing each output as soon as it is made, its progress and Cancel, and the files skipped.
import { useEffect, useRef, useState } from "react";
import { visitorMessage } from "#codecs/common/codec-failure.ts";
import type { FileAccept } from "./file-accept.ts";
import type { Refusal } from "./file-tool-batch.ts";
import type { ConvertFunction, FileToolResult } from "./file-tool-types.ts";
import {
  entriesOfDirectoryInput,
  failedReason,
  NO_COUNTS,
  outputsOf,
  planFolder,
  runBounded,
  type FolderCounts,
  type FolderEntry,
  type FolderJob,
  type FolderPlan,
  type FolderResult,
  type Settled,
  type SkippedFile,
} from "./folder-batch.ts";
import { ZipTooLarge } from "./file-tool-zip.ts";
import { directorySink, entriesOfDirectory, pickDirectory, zipSink, type FolderSink } from "./folder-output.ts";
import { isAbortError } from "./worker-bridge.ts";
import { clampFraction } from "./worker-protocol.ts";

/**
 * Files converted at once. Two keep the worker busy while the previous output is written, and bound
 * what is held: at most two inputs' results wait to be written (the inputs themselves are never
 * read up front, a File is only a reference to the file on disk).
 */
export const FOLDER_CONCURRENCY = 2;

export type FolderState =
  | { phase: "idle" }
  | { phase: "reading" }
  | { phase: "chosen"; plan: FolderPlan<File> }
  | { phase: "running" | "done" | "cancelled" | "stopped"; plan: FolderPlan<File>; counts: FolderCounts; failures: SkippedFile[]; destination: string; kind: FolderSink["kind"]; message?: string };

export interface FolderBatchOptions {
  accept: FileAccept;
  convert: ConvertFunction;
  beforeConvert: ((file: File) => { title: string; description: string } | null | undefined) | undefined;
  failureDescription: string;
}

export function useFolderBatch(options: FolderBatchOptions) {
  const [state, setState] = useState<FolderState>({ phase: "idle" });
  // why the folder could not be read or written, or Convert was refused: said in the folder's box
  const [notice, setNotice] = useState<Refusal | null>(null);
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });
  const controller = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      const running = controller.current;
      controller.current = null;
      running?.abort();
    },
    [],
  );

  /** a running folder stops without a word */
  const drop = () => {
    const running = controller.current;
    controller.current = null;
    running?.abort();
  };

  const choose = (root: string, entries: readonly FolderEntry<File>[]) => {
    drop();
    setNotice(null);
    const plan = planFolder(root, entries, optionsRef.current.accept);
    setState({ phase: "chosen", plan });
  };

  /** the files of the webkitdirectory input */
  const chooseFiles = (files: readonly File[]) => {
    const { root, entries } = entriesOfDirectoryInput(files);
    choose(root, entries);
  };

  /** the directory picker, then a walk of the folder */
  const pickFolder = async () => {
    try {
      const handle = await pickDirectory("read");
      if (!handle) return;
      setNotice(null);
      drop();
      setState({ phase: "reading" });
      choose(handle.name, await entriesOfDirectory(handle));
    } catch (error) {
      console.error(error);
      setState({ phase: "idle" });
      setNotice({ title: "The folder could not be read", description: "Please choose it again, or another folder." });
    }
  };

  /** Converts the chosen folder into a folder the visitor picks ("folder") or one zip ("zip"). */
  const start = async (to: FolderSink["kind"]) => {
    if (state.phase !== "chosen" && state.phase !== "done" && state.phase !== "cancelled" && state.phase !== "stopped") return;
    const { plan } = state;
    if (plan.jobs.length === 0) return;
    for (const job of plan.jobs) {
      const blocked = optionsRef.current.beforeConvert?.(job.file);
      if (blocked) {
        setNotice(blocked);
        return;
      }
    }
    setNotice(null);
    let sink: FolderSink;
    if (to === "folder") {
      const handle = await pickDirectory("readwrite").catch((error: unknown) => {
        console.error(error);
        setNotice({ title: "The folder could not be opened", description: "Please choose another folder, or convert to a zip." });
        return null;
      });
      if (!handle) return;
      sink = directorySink(handle);
    } else {
      sink = await zipSink(`${plan.root}-converted.zip`);
    }
    await run(plan, sink);
  };

  const run = async (plan: FolderPlan<File>, sink: FolderSink) => {
    const abort = new AbortController();
    controller.current = abort;
    const { signal } = abort;
    let counts = NO_COUNTS;
    const failures: SkippedFile[] = [];
    const runningBytes = new Map<number, number>();
    const show = (phase: "running" | "done" | "cancelled" | "stopped", message?: string) => {
      // a run replaced by a new choice shows nothing more
      if (controller.current !== abort) return;
      let running = 0;
      for (const bytes of runningBytes.values()) running += bytes;
      counts = { ...counts, runningBytes: running };
      setState({ phase, plan, destination: sink.name, kind: sink.kind, counts, failures: [...failures], ...(message ? { message } : {}) });
    };
    show("running");

    const work = async (job: FolderJob<File>, index: number): Promise<FolderResult> => {
      const onProgress = (fraction: number) => {
        runningBytes.set(index, clampFraction(fraction) * job.file.size);
        show("running");
      };
      const result = await optionsRef.current.convert(job.file, { signal, onProgress });
      return readResult(result);
    };

    const commit = async (outcome: Settled<FolderResult>, job: FolderJob<File>, index: number) => {
      runningBytes.delete(index);
      if (outcome.ok) {
        for (const output of outputsOf(job, outcome.value)) await sink.write(output.path, output.blob, signal);
        counts = { ...counts, written: counts.written + 1, doneBytes: counts.doneBytes + job.file.size };
      } else {
        if (isAbortError(outcome.error)) throw outcome.error;
        const detail = visitorMessage(outcome.error);
        if (detail === undefined) console.error(outcome.error);
        failures.push({ path: job.path, reason: failedReason(detail ?? optionsRef.current.failureDescription) });
        counts = { ...counts, failed: counts.failed + 1, doneBytes: counts.doneBytes + job.file.size };
      }
      show("running");
    };

    try {
      await runBounded(plan.jobs, FOLDER_CONCURRENCY, work, commit, signal);
      sink.finish();
      show("done");
    } catch (error) {
      if (signal.aborted || isAbortError(error)) {
        // a new choice or leaving the page says nothing; Cancel does
        if (controller.current === abort) show("cancelled", cancelledText(sink, counts.written));
        return;
      }
      console.error(error);
      const message = error instanceof ZipTooLarge ? error.message : "Writing the outputs failed. Please check the destination and try again.";
      show("stopped", message);
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  };

  const cancel = () => {
    controller.current?.abort();
  };

  return { state, notice, chooseFiles, pickFolder, start, cancel };
}

/** What a cancelled run leaves: the files written to the folder, or the zips already saved. */
function cancelledText(sink: FolderSink, written: number): string {
  if (sink.kind === "folder") return `Cancelled: ${written} ${written === 1 ? "file" : "files"} had been written to the folder ${sink.name}.`;
  if (sink.saved === 0) return "Cancelled: no zip was made.";
  return `Cancelled: ${sink.saved} full ${sink.saved === 1 ? "zip" : "zips"} had been saved to your downloads; the rest was not.`;
}

/** The result as the folder needs it: any several files read, the preview (never shown here) let go. */
async function readResult(result: FileToolResult): Promise<FolderResult> {
  if (result.previewUrl?.startsWith("blob:")) URL.revokeObjectURL(result.previewUrl);
  const files = typeof result.files === "function" ? await result.files() : result.files;
  return { fileName: result.fileName, blob: result.blob, ...(files ? { files } : {}) };
}
