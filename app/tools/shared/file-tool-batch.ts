// The file-tool frame's list of chosen files as a pure reducer: each file is a row whose status
// moves ready → queued → converting → done | failed | cancelled (a refused file stays refused).
// With "combine" ticked, Convert runs one job over every accepted file in the list's order instead:
// its status is `combined` and the rows only say they are part of it. The order is the visitor's
// (Move up / Move down), for the per-file queue and the combined job alike.
// React only holds this state and runs what `rowsToStart` names; everything that decides order,
// limits and what Cancel or Remove does is here, where it is tested without a browser.

import type { CombineOption } from "./file-tool-types.ts";

export interface Refusal {
  title: string;
  description: string;
  /** the technical part of a reason found by reading the file, shown behind "Details" */
  detail?: string;
}

export type RowStatus<R> =
  | { kind: "refused"; refusal: Refusal }
  | { kind: "ready" }
  | { kind: "queued" }
  | { kind: "converting"; percent: number }
  | { kind: "done"; result: R }
  /** `message`: the reason in plain words (the codec's, else the tool's generic text); `detail`: its technical part, if any */
  | { kind: "failed"; message: string; detail: string | null }
  | { kind: "cancelled" };

/** The combined job's status: a row's status without "refused" and "ready". */
export type JobStatus<R> = Exclude<RowStatus<R>, { kind: "refused" } | { kind: "ready" }>;

/** The id the combined job's actions carry instead of a row id. */
export const COMBINED = "combined";
export type JobId = number | typeof COMBINED;

export interface BatchRow<R> {
  id: number;
  file: File;
  status: RowStatus<R>;
}

export interface BatchState<R> {
  rows: readonly BatchRow<R>[];
  nextId: number;
  /** the visitor ticked "combine": Convert makes one result of every accepted file (when the tool allows it) */
  combine: boolean;
  /** the combined job since Convert was pressed with `combine` (null: none, or files converted one by one) */
  combined: JobStatus<R> | null;
  /** the row whose file the tool's facts panel describes (null: the first accepted one) */
  inspected: number | null;
}

export type BatchAction<R> =
  /** a new choice replaces the list (a single file behaves as the one-file frame always did) */
  | { type: "select"; files: readonly { file: File; refusal: Refusal | null }[] }
  /** the tool read `file` and found it cannot be converted: its row (while ready) is refused with the reason */
  | { type: "refuse"; file: File; refusal: Refusal }
  /**
   * Convert: every file that was not refused is queued again, in list order; with `combined` (the
   * frame decides whether combining applies) one combined job is queued instead
   */
  | { type: "start"; combined?: boolean }
  | { type: "begin"; id: JobId }
  | { type: "progress"; id: JobId; percent: number }
  | { type: "done"; id: JobId; result: R }
  | { type: "failed"; id: JobId; message: string; detail: string | null }
  /** one conversion stopped on its own (its AbortError reached the frame) */
  | { type: "stopped"; id: JobId }
  /** Cancel: the running files and the queue stop; finished files keep their results */
  | { type: "cancel" }
  | { type: "remove"; id: number }
  /** Move up (-1) or down (+1) one place; ignored while converting, and at either end */
  | { type: "move"; id: number; by: -1 | 1 }
  /** the "combine" checkbox: every earlier result goes (the kind of result changes); ignored while converting */
  | { type: "combine"; on: boolean }
  /** the visitor picked the row whose file information the tool shows */
  | { type: "inspect"; id: number }
  | { type: "clear" };

export function emptyBatch<R>(): BatchState<R> {
  return { rows: [], nextId: 1, combine: false, combined: null, inspected: null };
}

export function batchReducer<R>(state: BatchState<R>, action: BatchAction<R>): BatchState<R> {
  switch (action.type) {
    case "select": {
      const rows = action.files.map(({ file, refusal }, i): BatchRow<R> => ({
        id: state.nextId + i,
        file,
        status: refusal ? { kind: "refused", refusal } : { kind: "ready" },
      }));
      return { ...state, rows, nextId: state.nextId + rows.length, combined: null, inspected: null };
    }
    case "refuse": {
      const row = state.rows.find((candidate) => candidate.file === action.file && candidate.status.kind === "ready");
      return row ? updateRow(state, row.id, () => ({ kind: "refused", refusal: action.refusal })) : state;
    }
    case "start":
      if (action.combined) return { ...resetRows(state), combined: { kind: "queued" } };
      return { ...mapRows(state, (row) => (row.status.kind === "refused" ? row : { ...row, status: { kind: "queued" } })), combined: null };
    case "begin":
      return updateRow(state, action.id, (status) => (status.kind === "queued" ? { kind: "converting", percent: 0 } : status));
    case "progress":
      // real progress only moves forward; a late message after the end changes nothing
      return updateRow(state, action.id, (status) =>
        status.kind === "converting" && action.percent > status.percent ? { kind: "converting", percent: Math.min(100, action.percent) } : status,
      );
    case "done":
      return updateRow(state, action.id, (status) => (status.kind === "converting" ? { kind: "done", result: action.result } : status));
    case "failed":
      return updateRow(state, action.id, (status) =>
        status.kind === "converting" ? { kind: "failed", message: action.message, detail: action.detail } : status,
      );
    case "stopped":
      return updateRow(state, action.id, (status) => (status.kind === "converting" ? { kind: "cancelled" } : status));
    case "cancel": {
      const combined: JobStatus<R> | null = state.combined && isPending(state.combined) ? { kind: "cancelled" } : state.combined;
      return { ...mapRows(state, (row) => (isPending(row.status) ? { ...row, status: { kind: "cancelled" } } : row)), combined };
    }
    case "remove":
      // the combined result was made of the files as they were: it goes with any of them
      return { ...state, rows: state.rows.filter((row) => row.id !== action.id), combined: null, inspected: state.inspected === action.id ? null : state.inspected };
    case "inspect":
      return state.rows.some((row) => row.id === action.id && row.status.kind !== "refused") ? { ...state, inspected: action.id } : state;
    case "move":
      return moveRow(state, action.id, action.by);
    case "combine":
      if (isBusy(state) || state.combine === action.on) return state;
      return { ...resetRows(state), combine: action.on, combined: null };
    case "clear":
      return { ...state, rows: [], combined: null, inspected: null };
  }
}

/**
 * Whether the "combine" checkbox applies to these files: the tool offers it, two or more files are
 * accepted and the tool says it can combine them.
 */
export function combineOffered(state: BatchState<unknown>, combine: Pick<CombineOption, "available"> | undefined): boolean {
  if (!combine) return false;
  const files = convertibleRows(state).map((row) => row.file);
  return files.length >= 2 && (combine.available?.(files) ?? true);
}

/** Whether Convert would make one combined result: ticked, and at least two accepted files. */
export function combining(state: BatchState<unknown>): boolean {
  return state.combine && convertibleRows(state).length >= 2;
}

/** queued or converting: the batch is not finished while one of these is left */
export function isPending(status: RowStatus<unknown>): boolean {
  return status.kind === "queued" || status.kind === "converting";
}

export function isBusy(state: BatchState<unknown>): boolean {
  return (state.combined !== null && isPending(state.combined)) || state.rows.some((row) => isPending(row.status));
}

/** The queued rows to start now, in list order, so that at most `concurrency` convert at once. */
export function rowsToStart<R>(state: BatchState<R>, concurrency: number): BatchRow<R>[] {
  const limit = Math.max(1, Math.floor(concurrency));
  const running = state.rows.filter((row) => row.status.kind === "converting").length;
  return state.rows.filter((row) => row.status.kind === "queued").slice(0, Math.max(0, limit - running));
}

/** The combined job waits to be started (the frame starts it with every accepted file, in list order). */
export function combinedToStart(state: BatchState<unknown>): boolean {
  return state.combined?.kind === "queued";
}

/** The row whose file the facts panel describes: the one the visitor picked while it is accepted, else the first accepted. */
export function inspectedRow<R>(state: BatchState<R>): BatchRow<R> | undefined {
  const accepted = convertibleRows(state);
  return accepted.find((row) => row.id === state.inspected) ?? accepted[0];
}

/** Files that Convert would run (everything not refused). */
export function convertibleRows<R>(state: BatchState<R>): BatchRow<R>[] {
  return state.rows.filter((row) => row.status.kind !== "refused");
}

export function doneResults<R>(state: BatchState<R>): { row: BatchRow<R>; result: R }[] {
  return state.rows.flatMap((row) => (row.status.kind === "done" ? [{ row, result: row.status.result }] : []));
}

/** How a finished list of files went, in the visitor's words (issue 31: "6 of 12 converted — 6 could not be"). */
export interface BatchSummary {
  /** every file converted, some did, or none did */
  outcome: "all" | "some" | "none";
  text: string;
  /** the files that were refused, failed or cancelled, in list order (each row says why) */
  notConverted: string[];
}

/**
 * The summary once a per-file run is over (null while one runs, before any, or for a combined job):
 * every chosen file counts, refused ones among those that "could not be" converted.
 */
export function batchSummary(state: BatchState<unknown>): BatchSummary | null {
  if (state.combined !== null || isBusy(state) || state.rows.length === 0) return null;
  if (!state.rows.some((row) => ["done", "failed", "cancelled"].includes(row.status.kind))) return null;
  const total = state.rows.length;
  const { done, cancelled } = tally(state);
  const missed = state.rows.filter((row) => row.status.kind === "failed" || row.status.kind === "refused").length;
  const notConverted = state.rows.filter((row) => row.status.kind !== "done" && row.status.kind !== "ready").map((row) => row.file.name);
  if (done === total) return { outcome: "all", text: `All ${total} files converted.`, notConverted };
  const parts = [missed > 0 ? `${missed} could not be` : "", cancelled > 0 ? `${cancelled} cancelled` : ""].filter(Boolean).join(", ");
  if (done === 0) return { outcome: "none", text: `None of the ${total} files converted — ${parts}.`, notConverted };
  return { outcome: "some", text: `${done} of ${total} converted — ${parts}.`, notConverted };
}

export interface BatchTally {
  done: number;
  failed: number;
  cancelled: number;
}

export function tally(state: BatchState<unknown>): BatchTally {
  const count = (kind: RowStatus<unknown>["kind"]) => state.rows.filter((row) => row.status.kind === kind).length;
  return { done: count("done"), failed: count("failed"), cancelled: count("cancelled") };
}

function mapRows<R>(state: BatchState<R>, change: (row: BatchRow<R>) => BatchRow<R>): BatchState<R> {
  return { ...state, rows: state.rows.map(change) };
}

/** Every accepted row back to "ready" (its result, if any, is gone). */
function resetRows<R>(state: BatchState<R>): BatchState<R> {
  return mapRows(state, (row) => (row.status.kind === "refused" || row.status.kind === "ready" ? row : { ...row, status: { kind: "ready" } }));
}

function moveRow<R>(state: BatchState<R>, id: number, by: -1 | 1): BatchState<R> {
  const from = state.rows.findIndex((row) => row.id === id);
  const to = from + by;
  if (isBusy(state) || from < 0 || to < 0 || to >= state.rows.length) return state;
  const rows = state.rows.slice();
  [rows[from], rows[to]] = [rows[to]!, rows[from]!];
  // a combined result no longer matches the order; files converted one by one keep theirs
  return { ...state, rows, combined: null };
}

function updateRow<R>(state: BatchState<R>, id: JobId, change: (status: RowStatus<R>) => RowStatus<R>): BatchState<R> {
  if (id === COMBINED) {
    if (state.combined === null) return state;
    const status = change(state.combined);
    if (status === state.combined) return state;
    // the reducer's changes never make a pending job refused or ready
    return status.kind === "refused" || status.kind === "ready" ? state : { ...state, combined: status };
  }
  let changed = false;
  const rows = state.rows.map((row) => {
    if (row.id !== id) return row;
    const status = change(row.status);
    if (status === row.status) return row;
    changed = true;
    return { ...row, status };
  });
  // an unchanged state keeps its identity, so React skips the render
  return changed ? { ...state, rows } : state;
}
