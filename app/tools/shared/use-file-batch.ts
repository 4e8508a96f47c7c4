// The frame's behaviour: the chosen files (./file-tool-batch.ts holds the rules), the running
// conversions (each file's, or the one combined job's) with their AbortControllers, the object URLs
// of the results, the toasts, and "Download all". The frame component only lays this out.
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { toast } from "#app/components/ui/toast.tsx";
import { visitorMessage } from "#codecs/common/codec-failure.ts";
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
  isBusy,
  rowsToStart,
  tally,
  type JobId,
  type Refusal,
} from "./file-tool-batch.ts";
import { zipItems } from "./file-tool-outputs.ts";
import { CANCELLED_MESSAGE, type CombineOption, type ConvertContext, type ConvertFunction, type FileToolResult, type ShownResult } from "./file-tool-types.ts";
import { buildZip } from "./file-tool-zip.ts";
import { saveBlob } from "./save-blob.ts";
import { isAbortError } from "./worker-bridge.ts";
import { clampFraction } from "./worker-protocol.ts";

export interface FileBatchOptions {
  accept: FileAccept;
  convert: ConvertFunction;
  /** how many files convert at once (1 unless the tool says more is safe) */
  concurrency: number;
  successTitle: string;
  successDescription: string | ((result: FileToolResult) => string);
  failureTitle: string;
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
function failureDetail(error: unknown): string | null {
  const detail = visitorMessage(error);
  if (detail === undefined) console.error(error);
  return detail ?? null;
}

export function useFileBatch(options: FileBatchOptions) {
  const [state, dispatch] = useReducer(batchReducer<ShownResult>, undefined, emptyBatch<ShownResult>);
  const [zipping, setZipping] = useState(false);
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });
  const controllers = useRef(new Map<JobId, AbortController>());
  const urls = useRef(new Map<JobId, string[]>());
  // the size of the batch Convert started (0: none running); one file gets the one-file toasts
  const runSize = useRef(0);

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
        if (runSize.current === 1) {
          const { successTitle, successDescription } = optionsRef.current;
          toast.success(successTitle, { description: typeof successDescription === "function" ? successDescription(result) : successDescription });
        }
      } catch (error) {
        // a cancelled, removed or replaced run has already been dealt with
        if (!current()) return;
        controllers.current.delete(id);
        if (isAbortError(error)) {
          dispatch({ type: "stopped", id });
          if (runSize.current === 1) toast.message(CANCELLED_MESSAGE);
          return;
        }
        const { failureTitle, failureDescription } = optionsRef.current;
        const detail = failureDetail(error);
        dispatch({ type: "failed", id, message: detail ?? failureDescription, detail });
        if (runSize.current === 1) toast.error(failureTitle, { description: detail ? `${endSentence(failureDescription)} ${detail}` : failureDescription });
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

  // several files: one toast when the whole batch is over
  useEffect(() => {
    if (runSize.current === 0 || isBusy(state)) return;
    const size = runSize.current;
    runSize.current = 0;
    if (size === 1) return;
    const { done, failed } = tally(state);
    const { successTitle, failureTitle } = optionsRef.current;
    if (failed === 0) toast.success(successTitle, { description: `${done} ${done === 1 ? "file" : "files"} converted.` });
    else toast.error(failureTitle, { description: `${done} of ${done + failed} files converted; ${failed} failed.` });
  }, [state]);

  // the page is told about the first accepted file (DDS reads its layout, ICO shows it)
  const told = useRef<File | null>(null);
  const first = convertibleRows(state)[0]?.file ?? null;
  useEffect(() => {
    if (told.current === first) return;
    told.current = first;
    optionsRef.current.onFileChange?.(first);
  }, [first]);

  const select = (files: readonly File[]) => {
    drop();
    revoke();
    runSize.current = 0;
    const { accept } = optionsRef.current;
    const checked = files.map((file) => {
      const check = checkFile(file, accept);
      return { file, refusal: check.ok ? null : { title: check.title, description: check.description } };
    });
    dispatch({ type: "select", files: checked });
    // one toast per distinct refusal, not one per file
    const seen = new Set<string>();
    for (const { refusal } of checked) {
      if (!refusal || seen.has(`${refusal.title}\n${refusal.description}`)) continue;
      seen.add(`${refusal.title}\n${refusal.description}`);
      toast.error(refusal.title, { description: refusal.description });
    }
  };

  const start = () => {
    if (isBusy(state)) return;
    const { accept, beforeConvert } = optionsRef.current;
    const rows = convertibleRows(state);
    if (rows.length === 0) {
      toast.error(accept.noFileTitle, { description: accept.noFileDescription });
      return;
    }
    for (const row of rows) {
      const blocked = beforeConvert?.(row.file);
      if (blocked) {
        toast.error(blocked.title, { description: blocked.description });
        return;
      }
    }
    revoke();
    // one combined job is one result: the one-file toasts
    const combined = combining(state) && combineOffered(state, optionsRef.current.combine);
    runSize.current = combined ? 1 : rows.length;
    dispatch({ type: "start", combined });
  };

  const cancel = () => {
    if (!isBusy(state)) return;
    drop();
    runSize.current = 0;
    dispatch({ type: "cancel" });
    toast.message(CANCELLED_MESSAGE);
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
    try {
      const zip = await buildZip(await zipItems(doneResults(state)));
      saveBlob(zip, optionsRef.current.zipName);
    } catch (error) {
      console.error(error);
      toast.error("Download failed", { description: "The zip could not be made. Please try again." });
    } finally {
      setZipping(false);
    }
  };

  return { state, zipping, select, start, cancel, remove, move, setCombine, downloadAll };
}

/** A description followed by a reason reads as two sentences ("... your file" has no stop of its own in the spec). */
function endSentence(text: string): string {
  return /[.!?]$/.test(text.trim()) ? text : `${text.trim()}.`;
}
