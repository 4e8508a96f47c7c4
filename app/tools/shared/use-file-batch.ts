// The frame's behaviour: the chosen files (./file-tool-batch.ts holds the rules), the running
// conversions (each file's, or the one combined job's) with their AbortControllers, the object URLs
// of the results, and "Download all". The frame component only lays this out.
//
// Every outcome is said once, where the visitor looks: a refusal on the file's line or row, a
// failure or result under the buttons, a finished list in its summary (issue 31, finding 1). No
// toasts: they repeated what the page said, and covered the header.
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { visitorFailure, type VisitorFailure } from "#codecs/common/codec-failure.ts";
import { checkFile, type FileAccept } from "./file-accept.ts";
import {
  batchReducer,
  COMBINED,
  combinedToStart,
  combineOffered,
  combining,
  convertibleRows,
  doneResults,
  emptyBatch,
  inspectedRow,
  isBusy,
  rowsToStart,
  type JobId,
  type Refusal,
} from "./file-tool-batch.ts";
import { zipItems } from "./file-tool-outputs.ts";
import type { CombineOption, ConvertContext, ConvertFunction, FileToolResult, ShownResult } from "./file-tool-types.ts";
import { buildZip } from "./file-tool-zip.ts";
import { saveBlob } from "./save-blob.ts";
import { isAbortError } from "./worker-bridge.ts";
import { clampFraction } from "./worker-protocol.ts";

export interface FileBatchOptions {
  accept: FileAccept;
  convert: ConvertFunction;
  /** how many files convert at once (1 unless the tool says more is safe) */
  concurrency: number;
  failureDescription: string;
  beforeConvert: ((file: File) => Refusal | null | undefined) | undefined;
  onFileChange: ((file: File | null) => void) | undefined;
  zipName: string;
  /** the tool's offer to make one result of all the files (absent: files always convert one by one) */
  combine: CombineOption | undefined;
}

/**
 * The visitor-facing reason of a failure, or null when the error carries none (the one place that
 * asks): only a CodecFailure's message is written for the visitor; anything else goes to the console.
 */
function failureReason(error: unknown): VisitorFailure | null {
  const reason = visitorFailure(error);
  if (reason === undefined) console.error(error);
  return reason ?? null;
}

/** A file the tool read and found it cannot convert (its probe failed), with the reason. */
export interface Unconvertible {
  file: File;
  reason: VisitorFailure;
}

/** The title of a file refused after the tool read it (the reason follows it). */
export const UNCONVERTIBLE_TITLE = "Cannot be converted";

export function useFileBatch(options: FileBatchOptions) {
  const [state, dispatch] = useReducer(batchReducer<ShownResult>, undefined, emptyBatch<ShownResult>);
  const [zipping, setZipping] = useState(false);
  // "Download all" could not make the zip (said beside the button)
  const [zipFailed, setZipFailed] = useState(false);
  // Convert was refused before anything ran ('No Sizes Selected'): said beside the button
  const [blocked, setBlocked] = useState<Refusal | null>(null);
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });
  const controllers = useRef(new Map<JobId, AbortController>());
  const urls = useRef(new Map<JobId, string[]>());

  const revoke = useCallback((id?: JobId) => {
    for (const [rowId, list] of urls.current) {
      if (id !== undefined && rowId !== id) continue;
      for (const url of list) URL.revokeObjectURL(url);
      urls.current.delete(rowId);
    }
  }, []);

  /** stops conversions without a word (a new choice replaces them, a row is removed, the page goes away) */
  const drop = useCallback((id?: JobId) => {
    for (const [rowId, controller] of controllers.current) {
      if (id !== undefined && rowId !== id) continue;
      controllers.current.delete(rowId);
      controller.abort();
    }
  }, []);

  useEffect(
    () => () => {
      drop();
      revoke();
    },
    [drop, revoke],
  );

  /** runs one job: a file's conversion (`id` its row) or the combined one (`id` COMBINED) */
  const launch = useCallback(
    async (id: JobId, job: (ctx: ConvertContext) => Promise<FileToolResult>) => {
      const controller = new AbortController();
      controllers.current.set(id, controller);
      dispatch({ type: "begin", id });
      const current = () => controllers.current.get(id) === controller;
      const onProgress = (fraction: number) => {
        if (current()) dispatch({ type: "progress", id, percent: Math.round(clampFraction(fraction) * 100) });
      };
      try {
        const result = await job({ signal: controller.signal, onProgress });
        if (!current()) {
          if (result.previewUrl?.startsWith("blob:")) URL.revokeObjectURL(result.previewUrl);
          return;
        }
        controllers.current.delete(id);
        const url = URL.createObjectURL(result.blob);
        const owned = [url];
        if (result.previewUrl?.startsWith("blob:") && result.previewUrl !== url) owned.push(result.previewUrl);
        urls.current.set(id, owned);
        dispatch({ type: "done", id, result: { ...result, url } });
      } catch (error) {
        // a cancelled, removed or replaced run has already been dealt with
        if (!current()) return;
        controllers.current.delete(id);
        if (isAbortError(error)) {
          dispatch({ type: "stopped", id });
          return;
        }
        // a reason the codec gave is the whole message: "Please try again" is only for the unexplained
        const reason = failureReason(error);
        dispatch({ type: "failed", id, message: reason?.message ?? optionsRef.current.failureDescription, detail: reason?.detail ?? null });
      }
    },
    [],
  );

  // the queue: start what may start whenever a conversion ends or Convert is pressed
  useEffect(() => {
    const { concurrency, convert, combine } = optionsRef.current;
    for (const row of rowsToStart(state, concurrency)) {
      if (!controllers.current.has(row.id)) void launch(row.id, (ctx) => convert(row.file, ctx));
    }
    if (combine && combinedToStart(state) && !controllers.current.has(COMBINED)) {
      // the list cannot change under a running job: moving waits, removing a file drops the job
      const files = convertibleRows(state).map((row) => row.file);
      void launch(COMBINED, (ctx) => combine.convert(files, ctx));
    }
  }, [state, launch]);

  // the page is told about the file to describe: the first accepted one, or the row the visitor
  // picked (DDS reads its layout, ICO shows it; issue 31, finding 7)
  const told = useRef<File | null>(null);
  const inspected = inspectedRow(state)?.file ?? null;
  useEffect(() => {
    if (told.current === inspected) return;
    told.current = inspected;
    optionsRef.current.onFileChange?.(inspected);
  }, [inspected]);

  const inspect = useCallback((id: number) => dispatch({ type: "inspect", id }), []);

  const select = (files: readonly File[]) => {
    drop();
    revoke();
    setBlocked(null);
    setZipFailed(false);
    const { accept } = optionsRef.current;
    const checked = files.map((file) => {
      const check = checkFile(file, accept);
      return { file, refusal: check.ok ? null : { title: check.title, description: check.description } };
    });
    dispatch({ type: "select", files: checked });
  };

  /** the tool read a file and found it cannot be converted: its row says so, and Convert passes it by */
  const refuse = useCallback(({ file, reason }: Unconvertible) => {
    dispatch({ type: "refuse", file, refusal: { title: UNCONVERTIBLE_TITLE, description: reason.message, ...(reason.detail ? { detail: reason.detail } : {}) } });
  }, []);

  const start = () => {
    if (isBusy(state)) return;
    const { beforeConvert } = optionsRef.current;
    const rows = convertibleRows(state);
    // Convert is disabled without a file; a refused file already says why on its line
    if (rows.length === 0) return;
    for (const row of rows) {
      const refusal = beforeConvert?.(row.file);
      if (refusal) {
        setBlocked(refusal);
        return;
      }
    }
    setBlocked(null);
    setZipFailed(false);
    revoke();
    dispatch({ type: "start", combined: combining(state) && combineOffered(state, optionsRef.current.combine) });
  };

  const cancel = () => {
    if (!isBusy(state)) return;
    drop();
    dispatch({ type: "cancel" });
  };

  const remove = (id: number) => {
    drop(id);
    revoke(id);
    // the combined file was made of (or is being made of) the list as it was
    drop(COMBINED);
    revoke(COMBINED);
    dispatch({ type: "remove", id });
  };

  const move = (id: number, by: -1 | 1) => {
    // the reducer says whether this move happens (not while converting, not past either end)
    if (batchReducer(state, { type: "move", id, by }) === state) return;
    revoke(COMBINED);
    dispatch({ type: "move", id, by });
  };

  /** the "combine" checkbox: the results shown so far are dropped (the kind of result changes) */
  const setCombine = (on: boolean) => {
    if (isBusy(state) || state.combine === on) return;
    revoke();
    dispatch({ type: "combine", on });
  };

  const downloadAll = async () => {
    if (zipping) return;
    setZipping(true);
    setZipFailed(false);
    try {
      const zip = await buildZip(await zipItems(doneResults(state)));
      saveBlob(zip, optionsRef.current.zipName);
    } catch (error) {
      console.error(error);
      setZipFailed(true);
    } finally {
      setZipping(false);
    }
  };

  return { state, zipping, zipFailed, blocked, select, refuse, inspect, start, cancel, remove, move, setCombine, downloadAll };
}
