import { describe, expect, it } from "vitest";
import {
  batchReducer,
  batchSummary,
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
  tally,
  type BatchAction,
  type BatchState,
} from "./file-tool-batch.ts";

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

const names = (state: State) => state.rows.map((row) => row.file.name);

describe("order", () => {
  it("Move up and Move down swap a row with its neighbour; the ends do not move", () => {
    let state = selected("a.bin", "b.bin", "c.bin");
    state = run([{ type: "move", id: 3, by: -1 }], state);
    expect(names(state)).toEqual(["a.bin", "c.bin", "b.bin"]);
    state = run([{ type: "move", id: 1, by: 1 }], state);
    expect(names(state)).toEqual(["c.bin", "a.bin", "b.bin"]);
    expect(run([{ type: "move", id: 3, by: -1 }], state)).toBe(state);
    expect(run([{ type: "move", id: 2, by: 1 }], state)).toBe(state);
    expect(run([{ type: "move", id: 99, by: 1 }], state)).toBe(state);
  });

  it("the queue follows the new order, and finished files keep their results when moved", () => {
    let state = run([{ type: "move", id: 3, by: -1 }, { type: "move", id: 3, by: -1 }, { type: "start" }], selected("a.bin", "b.bin", "c.bin"));
    expect(ids(rowsToStart(state, 2))).toEqual([3, 1]);
    for (const id of [3, 1, 2]) state = run([{ type: "begin", id }, { type: "done", id, result: `out${id}` }], state);
    state = run([{ type: "move", id: 2, by: -1 }], state);
    expect(names(state)).toEqual(["c.bin", "b.bin", "a.bin"]);
    expect(doneResults(state).map(({ result }) => result)).toEqual(["out3", "out2", "out1"]);
  });

  it("nothing moves while converting", () => {
    const state = run([{ type: "start" }, { type: "begin", id: 1 }], selected("a.bin", "b.bin"));
    expect(run([{ type: "move", id: 2, by: -1 }], state)).toBe(state);
  });
});

const ticked = (...files: string[]) => run([{ type: "combine", on: true }], selected(...files));

describe("one combined result", () => {
  it("is off by default and needs two accepted files", () => {
    expect(combining(selected("a.bin", "b.bin"))).toBe(false);
    expect(combining(ticked("a.bin", "b.bin"))).toBe(true);
    expect(combining(ticked("a.bin", "x.txt"))).toBe(false);
    expect(combining(ticked("a.bin", "x.txt", "b.bin"))).toBe(true);
  });

  it("the checkbox is offered for two or more accepted files when the tool has `combine` and says yes", () => {
    const state = selected("a.bin", "x.txt", "b.bin");
    expect(combineOffered(state, undefined)).toBe(false);
    expect(combineOffered(state, {})).toBe(true);
    expect(combineOffered(selected("a.bin", "x.txt"), {})).toBe(false);
    const seen: string[][] = [];
    const available = (files: File[]) => {
      seen.push(files.map((f) => f.name));
      return files.every((f) => f.name !== "b.bin");
    };
    expect(combineOffered(state, { available })).toBe(false);
    expect(combineOffered(run([{ type: "remove", id: 3 }, { type: "select", files: [{ file: file("c.bin"), refusal: null }, { file: file("d.bin"), refusal: null }] }], state), { available })).toBe(true);
    // the tool sees the accepted files only, in list order
    expect(seen).toEqual([
      ["a.bin", "b.bin"],
      ["c.bin", "d.bin"],
    ]);
  });

  it("Convert queues one job; the rows stay out of the queue and the job runs to its result", () => {
    let state = run([{ type: "start", combined: true }], ticked("a.bin", "x.txt", "b.bin"));
    expect(kinds(state)).toEqual(["ready", "refused", "ready"]);
    expect(state.combined).toEqual({ kind: "queued" });
    expect(combinedToStart(state)).toBe(true);
    expect(rowsToStart(state, 3)).toEqual([]);
    expect(isBusy(state)).toBe(true);
    state = run([{ type: "begin", id: COMBINED }, { type: "progress", id: COMBINED, percent: 30 }], state);
    expect(state.combined).toEqual({ kind: "converting", percent: 30 });
    expect(combinedToStart(state)).toBe(false);
    expect(run([{ type: "progress", id: COMBINED, percent: 20 }], state)).toBe(state);
    state = run([{ type: "done", id: COMBINED, result: "AB" }], state);
    expect(state.combined).toEqual({ kind: "done", result: "AB" });
    expect(isBusy(state)).toBe(false);
    expect(doneResults(state)).toEqual([]);
  });

  it("a failure or a stop ends the job with its reason", () => {
    const running = run([{ type: "start", combined: true }, { type: "begin", id: COMBINED }], ticked("a.bin", "b.bin"));
    expect(run([{ type: "failed", id: COMBINED, message: "broken", detail: null }], running).combined).toEqual({ kind: "failed", message: "broken", detail: null });
    expect(run([{ type: "stopped", id: COMBINED }], running).combined).toEqual({ kind: "cancelled" });
  });

  it("Cancel stops it; a late answer changes nothing; Convert again queues it again", () => {
    let state = run([{ type: "start", combined: true }, { type: "begin", id: COMBINED }, { type: "cancel" }], ticked("a.bin", "b.bin"));
    expect(state.combined).toEqual({ kind: "cancelled" });
    expect(isBusy(state)).toBe(false);
    expect(run([{ type: "done", id: COMBINED, result: "late" }], state)).toBe(state);
    state = run([{ type: "start", combined: true }], state);
    expect(state.combined).toEqual({ kind: "queued" });
  });

  it("unticking, a new choice, removing or moving a file drops the combined result", () => {
    const finished = run([{ type: "start", combined: true }, { type: "begin", id: COMBINED }, { type: "done", id: COMBINED, result: "AB" }], ticked("a.bin", "b.bin", "c.bin"));
    expect(run([{ type: "combine", on: false }], finished).combined).toBeNull();
    expect(run([{ type: "remove", id: 2 }], finished).combined).toBeNull();
    expect(run([{ type: "move", id: 2, by: 1 }], finished).combined).toBeNull();
    const chosen = run([{ type: "select", files: [{ file: file("d.bin"), refusal: null }] }], finished);
    expect(chosen.combined).toBeNull();
    // the tick is a page option: it stays for the next choice
    expect(chosen.combine).toBe(true);
    expect(run([{ type: "clear" }], finished).combined).toBeNull();
  });

  it("removing a file while the job runs drops the job (the frame aborts it)", () => {
    const state = run([{ type: "start", combined: true }, { type: "begin", id: COMBINED }, { type: "remove", id: 1 }], ticked("a.bin", "b.bin", "c.bin"));
    expect(state.combined).toBeNull();
    expect(isBusy(state)).toBe(false);
  });

  it("ticking clears the files' own results; the box does not change while converting", () => {
    let state = run([{ type: "start" }, { type: "begin", id: 1 }, { type: "done", id: 1, result: "A" }, { type: "begin", id: 2 }], selected("a.bin", "b.bin", "x.txt"));
    expect(run([{ type: "combine", on: true }], state)).toBe(state);
    state = run([{ type: "done", id: 2, result: "B" }, { type: "combine", on: true }], state);
    expect(kinds(state)).toEqual(["ready", "ready", "refused"]);
    expect(state.combine).toBe(true);
    // per-file Convert (the tool said combining is not available) leaves no combined job behind
    state = run([{ type: "start", combined: true }, { type: "cancel" }, { type: "start" }], state);
    expect(state.combined).toBeNull();
    expect(kinds(state)).toEqual(["queued", "queued", "refused"]);
  });
});

/** Convert, then each listed row ends as said. */
function finish(state: State, outcomes: Record<number, "done" | "failed" | "stopped">): State {
  let next = run([{ type: "start" }], state);
  for (const [id, outcome] of Object.entries(outcomes)) {
    const row = Number(id);
    next = run([{ type: "begin", id: row }], next);
    next = run([outcome === "done" ? { type: "done", id: row, result: `out${row}` } : outcome === "failed" ? { type: "failed", id: row, message: "This file is a CSV table, not a DDS texture.", detail: null } : { type: "stopped", id: row }], next);
  }
  return next;
}

describe("what the visitor is told (issue 31, finding 1)", () => {
  it("a partial batch says how many converted and how many could not be, naming them", () => {
    const state = finish(selected("a.dds", "notes.txt", "b.dds", "c.dds"), { 1: "done", 3: "failed", 4: "done" });
    expect(batchSummary(state)).toEqual({ outcome: "some", text: "2 of 4 converted — 2 could not be.", notConverted: ["notes.txt", "b.dds"] });
  });

  it("all converted, none converted, and cancelled files are said apart", () => {
    expect(batchSummary(finish(selected("a.dds", "b.dds"), { 1: "done", 2: "done" }))).toEqual({ outcome: "all", text: "All 2 files converted.", notConverted: [] });
    expect(batchSummary(finish(selected("a.dds", "b.dds"), { 1: "failed", 2: "failed" }))?.text).toBe("None of the 2 files converted — 2 could not be.");
    expect(batchSummary(finish(selected("a.dds", "b.dds", "c.dds"), { 1: "done", 2: "failed", 3: "stopped" }))?.text).toBe("1 of 3 converted — 1 could not be, 1 cancelled.");
  });

  it("says nothing before Convert or while files convert", () => {
    expect(batchSummary(selected("a.dds", "b.dds"))).toBeNull();
    expect(batchSummary(run([{ type: "start" }], selected("a.dds", "b.dds")))).toBeNull();
  });

  it("a file the tool read and cannot convert is refused with the reason, once, and Convert passes it by", () => {
    const state = selected("a.dds", "b.dds");
    const reason = { title: "Cannot be converted", description: "This file is a CSV table, not a DDS texture.", detail: 'It does not start with "DDS ".' };
    const refused = run([{ type: "refuse", file: state.rows[0]!.file, refusal: reason }], state);
    expect(refused.rows[0]!.status).toEqual({ kind: "refused", refusal: reason });
    expect(ids(convertibleRows(refused))).toEqual([2]);
    // a file already converting keeps its own outcome
    const running = run([{ type: "start" }, { type: "begin", id: 1 }], state);
    expect(run([{ type: "refuse", file: state.rows[0]!.file, refusal: reason }], running)).toBe(running);
  });
});

describe("the file the facts describe (issue 31, finding 7)", () => {
  it("is the first accepted file until the visitor picks another row", () => {
    const state = selected("notes.txt", "a.dds", "b.dds");
    expect(inspectedRow(state)?.file.name).toBe("a.dds");
    const picked = run([{ type: "inspect", id: 3 }], state);
    expect(inspectedRow(picked)?.file.name).toBe("b.dds");
  });

  it("a refused row cannot be picked; removing the picked row, or a new choice, goes back to the first", () => {
    const state = selected("notes.txt", "a.dds", "b.dds");
    expect(run([{ type: "inspect", id: 1 }], state)).toBe(state);
    const picked = run([{ type: "inspect", id: 3 }], state);
    expect(inspectedRow(run([{ type: "remove", id: 3 }], picked))?.file.name).toBe("a.dds");
    expect(run([{ type: "select", files: [{ file: file("c.dds"), refusal: null }] }], picked).inspected).toBeNull();
  });

  it("a picked row refused after it was read falls back to the first accepted file", () => {
    const state = run([{ type: "inspect", id: 2 }], selected("a.dds", "b.dds"));
    const refused = run([{ type: "refuse", file: state.rows[1]!.file, refusal: { title: "Cannot be converted", description: "This file is a text file, not a DDS texture." } }], state);
    expect(inspectedRow(refused)?.file.name).toBe("a.dds");
  });
});
