// The file-tool frame's list of chosen files as a pure reducer: each file is a row whose status
// moves ready → queued → converting → done | failed | cancelled (a refused file stays refused).
// React only holds this state and runs what `rowsToStart` names; everything that decides order,
// limits and what Cancel or Remove does is here, where it is tested without a browser.

export interface Refusal {
  title: string;
  description: string;
}

export type RowStatus<R> =
  | { kind: "refused"; refusal: Refusal }
  | { kind: "ready" }
  | { kind: "queued" }
  | { kind: "converting"; percent: number }
  | { kind: "done"; result: R }
  /** `detail`: the codec's message for the visitor, when the error carried one */
  | { kind: "failed"; message: string; detail: string | null }
  | { kind: "cancelled" };

export interface BatchRow<R> {
  id: number;
  file: File;
  status: RowStatus<R>;
}

export interface BatchState<R> {
  rows: readonly BatchRow<R>[];
  nextId: number;
}

export type BatchAction<R> =
  /** a new choice replaces the list (a single file behaves as the one-file frame always did) */
  | { type: "select"; files: readonly { file: File; refusal: Refusal | null }[] }
  /** Convert: every file that was not refused is queued again, in list order */
  | { type: "start" }
  | { type: "begin"; id: number }
  | { type: "progress"; id: number; percent: number }
  | { type: "done"; id: number; result: R }
  | { type: "failed"; id: number; message: string; detail: string | null }
  /** one conversion stopped on its own (its AbortError reached the frame) */
  | { type: "stopped"; id: number }
  /** Cancel: the running files and the queue stop; finished files keep their results */
  | { type: "cancel" }
  | { type: "remove"; id: number }
  | { type: "clear" };

export function emptyBatch<R>(): BatchState<R> {
  return { rows: [], nextId: 1 };
}

export function batchReducer<R>(state: BatchState<R>, action: BatchAction<R>): BatchState<R> {
  switch (action.type) {
    case "select": {
      const rows = action.files.map(({ file, refusal }, i): BatchRow<R> => ({
        id: state.nextId + i,
        file,
        status: refusal ? { kind: "refused", refusal } : { kind: "ready" },
      }));
      return { rows, nextId: state.nextId + rows.length };
    }
    case "start":
      return mapRows(state, (row) => (row.status.kind === "refused" ? row : { ...row, status: { kind: "queued" } }));
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
    case "cancel":
      return mapRows(state, (row) => (isPending(row.status) ? { ...row, status: { kind: "cancelled" } } : row));
    case "remove":
      return { ...state, rows: state.rows.filter((row) => row.id !== action.id) };
    case "clear":
      return { ...state, rows: [] };
  }
}

/** queued or converting: the batch is not finished while one of these is left */
export function isPending(status: RowStatus<unknown>): boolean {
  return status.kind === "queued" || status.kind === "converting";
}

export function isBusy(state: BatchState<unknown>): boolean {
  return state.rows.some((row) => isPending(row.status));
}

/** The queued rows to start now, in list order, so that at most `concurrency` convert at once. */
export function rowsToStart<R>(state: BatchState<R>, concurrency: number): BatchRow<R>[] {
  const limit = Math.max(1, Math.floor(concurrency));
  const running = state.rows.filter((row) => row.status.kind === "converting").length;
  return state.rows.filter((row) => row.status.kind === "queued").slice(0, Math.max(0, limit - running));
}

/** Files that Convert would run (everything not refused). */
export function convertibleRows<R>(state: BatchState<R>): BatchRow<R>[] {
  return state.rows.filter((row) => row.status.kind !== "refused");
}

export function doneResults<R>(state: BatchState<R>): { row: BatchRow<R>; result: R }[] {
  return state.rows.flatMap((row) => (row.status.kind === "done" ? [{ row, result: row.status.result }] : []));
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

function updateRow<R>(state: BatchState<R>, id: number, change: (status: RowStatus<R>) => RowStatus<R>): BatchState<R> {
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
