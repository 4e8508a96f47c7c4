import { describe, expect, it } from "vitest";
import { batchReducer, convertibleRows, doneResults, emptyBatch, isBusy, rowsToStart, tally, type BatchAction, type BatchState } from "./file-tool-batch";

type State = BatchState<string>;

const file = (name: string) => new File([name], name);
const refusal = { title: "Invalid File", description: "Please select a DDS file" };

function run(actions: BatchAction<string>[], from: State = emptyBatch<string>()): State {
  return actions.reduce(batchReducer<string>, from);
}

function selected(...names: string[]): State {
  return run([{ type: "select", files: names.map((name) => ({ file: file(name), refusal: name.endsWith(".txt") ? refusal : null })) }]);
}

const kinds = (state: State) => state.rows.map((row) => row.status.kind);
const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

describe("batch state", () => {
  it("a choice lists every file in order; refused files keep their row with the refusal", () => {
    const state = selected("a.dds", "notes.txt", "b.dds");
    expect(state.rows.map((row) => row.file.name)).toEqual(["a.dds", "notes.txt", "b.dds"]);
    expect(kinds(state)).toEqual(["ready", "refused", "ready"]);
    expect(state.rows[1]!.status).toEqual({ kind: "refused", refusal });
    expect(ids(convertibleRows(state))).toEqual([1, 3]);
  });

  it("a new choice replaces the list, with ids never reused", () => {
    const state = run([{ type: "select", files: [{ file: file("c.dds"), refusal: null }] }], selected("a.dds", "b.dds"));
    expect(state.rows).toHaveLength(1);
    expect(state.rows[0]!.id).toBe(3);
  });

  it("Convert queues every accepted file; one runs at a time, in list order", () => {
    let state = run([{ type: "start" }], selected("a.dds", "bad.txt", "b.dds", "c.dds"));
    expect(kinds(state)).toEqual(["queued", "refused", "queued", "queued"]);
    expect(isBusy(state)).toBe(true);
    expect(ids(rowsToStart(state, 1))).toEqual([1]);
    state = run([{ type: "begin", id: 1 }], state);
    expect(rowsToStart(state, 1)).toEqual([]);
    state = run([{ type: "done", id: 1, result: "A" }], state);
    expect(ids(rowsToStart(state, 1))).toEqual([3]);
  });

  it("a concurrency above one starts that many at once and fills the freed places", () => {
    let state = run([{ type: "start" }], selected("a.dds", "b.dds", "c.dds", "d.dds"));
    expect(ids(rowsToStart(state, 2))).toEqual([1, 2]);
    state = run([{ type: "begin", id: 1 }, { type: "begin", id: 2 }], state);
    expect(rowsToStart(state, 2)).toEqual([]);
    state = run([{ type: "failed", id: 2, message: "broken", detail: "broken" }], state);
    expect(ids(rowsToStart(state, 2))).toEqual([3]);
  });

  it("a failure does not stop the queue: the others still convert", () => {
    let state = run([{ type: "start" }], selected("a.dds", "b.dds", "c.dds"));
    for (const [id, outcome] of [[1, "done"], [2, "failed"], [3, "done"]] as const) {
      expect(ids(rowsToStart(state, 1))).toEqual([id]);
      state = run([{ type: "begin", id }], state);
      state = run([outcome === "done" ? { type: "done", id, result: `out${id}` } : { type: "failed", id, message: "Not a DDS file", detail: "Not a DDS file" }], state);
    }
    expect(kinds(state)).toEqual(["done", "failed", "done"]);
    expect(state.rows[1]!.status).toEqual({ kind: "failed", message: "Not a DDS file", detail: "Not a DDS file" });
    expect(isBusy(state)).toBe(false);
    expect(doneResults(state).map(({ result }) => result)).toEqual(["out1", "out3"]);
    expect(tally(state)).toEqual({ done: 2, failed: 1, cancelled: 0 });
  });

  it("progress only moves forward and is ignored outside a conversion", () => {
    let state = run([{ type: "start" }, { type: "begin", id: 1 }, { type: "progress", id: 1, percent: 40 }], selected("a.dds"));
    expect(state.rows[0]!.status).toEqual({ kind: "converting", percent: 40 });
    const same = run([{ type: "progress", id: 1, percent: 30 }], state);
    expect(same).toBe(state);
    state = run([{ type: "done", id: 1, result: "A" }, { type: "progress", id: 1, percent: 90 }], state);
    expect(state.rows[0]!.status).toEqual({ kind: "done", result: "A" });
  });

  it("Cancel stops the running file and the queue; finished files keep their results", () => {
    let state = run([{ type: "start" }, { type: "begin", id: 1 }, { type: "done", id: 1, result: "A" }, { type: "begin", id: 2 }], selected("a.dds", "b.dds", "c.dds", "x.txt"));
    state = run([{ type: "cancel" }], state);
    expect(kinds(state)).toEqual(["done", "cancelled", "cancelled", "refused"]);
    expect(rowsToStart(state, 3)).toEqual([]);
    expect(isBusy(state)).toBe(false);
    // a late answer of the cancelled run changes nothing
    expect(run([{ type: "done", id: 2, result: "late" }], state)).toBe(state);
    // Convert again runs them all once more
    expect(kinds(run([{ type: "start" }], state))).toEqual(["queued", "queued", "queued", "refused"]);
  });

  it("Remove takes a row out of the list and out of the queue", () => {
    let state = run([{ type: "start" }, { type: "begin", id: 1 }], selected("a.dds", "b.dds", "c.dds"));
    state = run([{ type: "remove", id: 1 }, { type: "remove", id: 2 }], state);
    expect(state.rows.map((row) => row.file.name)).toEqual(["c.dds"]);
    expect(ids(rowsToStart(state, 1))).toEqual([3]);
    expect(run([{ type: "clear" }], state).rows).toEqual([]);
  });
});
