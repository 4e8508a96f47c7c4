import { describe, expect, it } from "vitest";
import { acceptRule } from "./file-accept.ts";
import {
  cleanPath,
  EMPTY_REASON,
  entriesOfDirectoryInput,
  folderProgress,
  NO_COUNTS,
  notAcceptedReason,
  OutputNames,
  outputsOf,
  planFolder,
  runBounded,
  type Settled,
} from "./folder-batch.ts";

const DDS = acceptRule(["dds"], { invalidDescription: "Please select a DDS file", noFileDescription: "Please select a DDS file to convert" });
const AUDIO = acceptRule(["mp3"], { invalidDescription: "Please select an audio file", noFileDescription: "x", acceptedLabel: "audio files" }, ["audio/"]);

const file = (name: string, size = 10, type = "") => ({ name, size, type });
const inInput = (relative: string, size = 10, type = "") => ({ ...file(relative.split("/").pop()!, size, type), webkitRelativePath: relative });
const blob = (text: string) => new Blob([text]);

describe("entriesOfDirectoryInput", () => {
  it("takes the chosen folder's name off every webkitRelativePath and keeps the sub-folders", () => {
    const { root, entries } = entriesOfDirectoryInput([inInput("textures/walls/brick.dds"), inInput("textures/a.dds"), inInput("textures/walls/old/moss.DDS")]);
    expect(root).toBe("textures");
    expect(entries.map((e) => e.path)).toEqual(["walls/brick.dds", "a.dds", "walls/old/moss.DDS"]);
  });

  it("a file without a relative path keeps its name; no path climbs out of the folder", () => {
    expect(entriesOfDirectoryInput([{ ...file("a.dds"), webkitRelativePath: "" }])).toEqual({ root: "folder", entries: [{ path: "a.dds", file: { ...file("a.dds"), webkitRelativePath: "" } }] });
    expect(cleanPath("a/./b//c.png")).toBe("a/b/c.png");
    expect(cleanPath("../../x.png")).toBe("x.png");
    expect(cleanPath("a\\..\\b:c.png")).toBe("a/b_c.png");
  });
});

describe("planFolder", () => {
  it("converts what the tool's rule accepts, skips the rest with the reason, in path order (img2 before img10)", () => {
    const plan = planFolder(
      "textures",
      [
        { path: "walls/img10.dds", file: file("img10.dds", 100) },
        { path: "readme.txt", file: file("readme.txt", 5, "text/plain") },
        { path: "walls/img2.dds", file: file("img2.dds", 50) },
        { path: "empty.dds", file: file("empty.dds", 0) },
        { path: "Thumbs.db", file: file("Thumbs.db", 0) },
        { path: "UPPER.DDS", file: file("UPPER.DDS", 7) },
      ],
      DDS,
    );
    expect(plan.root).toBe("textures");
    expect(plan.jobs.map((j) => [j.path, j.dir])).toEqual([
      ["UPPER.DDS", ""],
      ["walls/img2.dds", "walls"],
      ["walls/img10.dds", "walls"],
    ]);
    expect(plan.totalBytes).toBe(157);
    expect(plan.skipped).toEqual([
      { path: "empty.dds", reason: EMPTY_REASON },
      { path: "readme.txt", reason: "Not a file this tool reads (accepted: DDS)" },
      // not accepted comes first: an empty file of another kind is simply not the tool's
      { path: "Thumbs.db", reason: "Not a file this tool reads (accepted: DDS)" },
    ]);
  });

  it("a MIME prefix of the rule accepts a file whatever its name; the rule's own label names what it takes", () => {
    const plan = planFolder("music", [{ path: "a.ogg", file: file("a.ogg", 3, "audio/ogg") }, { path: "b.mid", file: file("b.mid", 3, "audio/midi") }, { path: "c.jpg", file: file("c.jpg", 3, "image/jpeg") }], AUDIO);
    expect(plan.jobs.map((j) => j.path)).toEqual(["a.ogg", "b.mid"]);
    expect(plan.skipped).toEqual([{ path: "c.jpg", reason: notAcceptedReason(AUDIO) }]);
    expect(notAcceptedReason(AUDIO)).toBe("Not a file this tool reads (accepted: audio files)");
  });
});

describe("outputsOf", () => {
  it("puts the output beside its input under the tool's name, in the same sub-folder", () => {
    const out = blob("png");
    expect(outputsOf({ path: "walls/old/brick.final.dds", dir: "walls/old" }, { fileName: "brick.final.png", blob: out })).toEqual([{ path: "walls/old/brick.final.png", blob: out }]);
    expect(outputsOf({ path: "a.dds", dir: "" }, { fileName: "a.png", blob: out })).toEqual([{ path: "a.png", blob: out }]);
    // a tool's odd name cannot make a folder of its own
    expect(outputsOf({ path: "a.dds", dir: "x" }, { fileName: "../b/c.png", blob: out })).toEqual([{ path: "x/.._b_c.png", blob: out }]);
  });

  it("several files of one input go in a folder named after it, the tool's own sub-folders kept", () => {
    const [m0, m1] = [blob("0"), blob("1")];
    const outputs = outputsOf({ path: "walls/brick.dds", dir: "walls" }, { fileName: "brick-all.zip", blob: blob("zip"), files: [{ name: "mip-0.png", blob: m0 }, { name: "mips/../mip-1.png", blob: m1 }] });
    expect(outputs).toEqual([
      { path: "walls/brick/mip-0.png", blob: m0 },
      { path: "walls/brick/mips/mip-1.png", blob: m1 },
    ]);
  });
});

describe("OutputNames", () => {
  it("numbers a name taken in the same folder (a.jpg and a.jpeg both make a.png), without case, per folder", () => {
    const names = new OutputNames();
    expect(["a.png", "b/a.png", "a.png", "A.PNG", "b/a.png", "a (2).png", "README", "README"].map((p) => names.claim(p))).toEqual([
      "a.png",
      "b/a.png",
      "a (2).png",
      "A (3).PNG",
      "b/a (2).png",
      "a (2) (2).png",
      "README",
      "README (2)",
    ]);
  });

  it("never takes the name of a file already in the destination", () => {
    const names = new OutputNames();
    names.reserve("walls", ["Brick.png", "notes.txt"]);
    expect(names.claim("walls/brick.png")).toBe("walls/brick (2).png");
    expect(names.claim("brick.png")).toBe("brick.png");
    expect(names.claim("WALLS/notes.txt")).toBe("WALLS/notes (2).txt");
  });
});

describe("folderProgress", () => {
  const plan = { jobs: [{}, {}, {}].map((_, i) => ({ path: `${i}.dds`, dir: "", file: file(`${i}.dds`, 1024) })), totalBytes: 3072 };

  it("counts files finished and input bytes, the running files by their progress", () => {
    expect(folderProgress(plan, NO_COUNTS)).toEqual({ percent: 0, text: "0 of 3 files · 0 bytes of 3 KB" });
    expect(folderProgress(plan, { written: 1, failed: 0, doneBytes: 1024, runningBytes: 512 })).toEqual({ percent: 50, text: "1 of 3 files · 1.5 KB of 3 KB" });
    expect(folderProgress(plan, { written: 2, failed: 1, doneBytes: 3072, runningBytes: 0 })).toEqual({ percent: 100, text: "3 of 3 files · 3 KB of 3 KB · 1 failed" });
  });

  it("one file says file", () => {
    expect(folderProgress({ jobs: plan.jobs.slice(0, 1), totalBytes: 1024 }, NO_COUNTS).text).toBe("0 of 1 file · 0 bytes of 1 KB");
  });
});

/** A hand-driven piece of work: it ends when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every settled promise's callbacks run. */
const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

describe("runBounded", () => {
  it("never has more than `limit` items between start and commit, and commits in order even when later items finish first", async () => {
    const items = [0, 1, 2, 3, 4, 5];
    const pending = items.map(() => deferred<string>());
    const started: number[] = [];
    const committed: string[] = [];
    let held = 0;
    let mostHeld = 0;
    const run = runBounded(
      items,
      2,
      (item) => {
        started.push(item);
        held++;
        mostHeld = Math.max(mostHeld, held);
        return pending[item]!.promise;
      },
      async (outcome: Settled<string>) => {
        committed.push(outcome.ok ? outcome.value : "failed");
        held--;
      },
    );
    await settle();
    expect(started).toEqual([0, 1]);
    // the second finishes first: it waits for the first, and nothing new starts
    pending[1]!.resolve("b");
    await settle();
    expect(committed).toEqual([]);
    expect(started).toEqual([0, 1]);
    pending[0]!.resolve("a");
    await settle();
    expect(committed).toEqual(["a", "b"]);
    expect(started).toEqual([0, 1, 2, 3]);
    pending[2]!.reject(new Error("bad file"));
    pending[3]!.resolve("d");
    pending[4]!.resolve("e");
    pending[5]!.resolve("f");
    await run;
    expect(committed).toEqual(["a", "b", "failed", "d", "e", "f"]);
    expect(mostHeld).toBe(2);
  });

  it("2,000 items: never more than two results held, every item committed once, in order", async () => {
    const items = Array.from({ length: 2000 }, (_, i) => i);
    let held = 0;
    let mostHeld = 0;
    const committed: number[] = [];
    await runBounded(
      items,
      2,
      async (n) => {
        held++;
        mostHeld = Math.max(mostHeld, held);
        // odd items finish a little later than the even ones after them
        for (let i = 0; i < (n % 2) * 3; i++) await Promise.resolve();
        return n;
      },
      async (outcome) => {
        if (outcome.ok) committed.push(outcome.value);
        held--;
      },
    );
    expect(mostHeld).toBe(2);
    expect(committed).toEqual(items);
  });

  it("a failure is committed as one and the queue goes on; a failing commit stops it once the started work has settled", async () => {
    const outcomes: boolean[] = [];
    await runBounded(
      [1, 2, 3],
      2,
      async (n) => {
        if (n === 2) throw new Error("no");
        return n;
      },
      async (outcome) => {
        outcomes.push(outcome.ok);
      },
    );
    expect(outcomes).toEqual([true, false, true]);

    const started: number[] = [];
    const last = deferred<number>();
    const run = runBounded(
      [1, 2, 3],
      2,
      (n) => {
        started.push(n);
        return n === 2 ? last.promise : Promise.resolve(n);
      },
      async () => {
        throw new Error("disk full");
      },
    );
    let over = false;
    void run.catch(() => (over = true));
    await settle();
    // the commit of 1 failed, but 2 was started: the queue waits for it
    expect(over).toBe(false);
    last.resolve(2);
    await expect(run).rejects.toThrow("disk full");
    expect(started).toEqual([1, 2]);
  });

  it("an abort starts nothing more and rejects with the abort once the started items settle", async () => {
    const controller = new AbortController();
    const pending = [0, 1, 2, 3].map(() => deferred<number>());
    const started: number[] = [];
    const committed: number[] = [];
    const run = runBounded(
      [0, 1, 2, 3],
      2,
      (n) => {
        started.push(n);
        return pending[n]!.promise;
      },
      async (outcome) => {
        if (outcome.ok) committed.push(outcome.value);
      },
      controller.signal,
    );
    pending[0]!.resolve(0);
    await settle();
    expect(committed).toEqual([0]);
    expect(started).toEqual([0, 1, 2]);
    controller.abort();
    // the running work sees the signal and ends
    pending[1]!.reject(new DOMException("Aborted", "AbortError"));
    pending[2]!.reject(new DOMException("Aborted", "AbortError"));
    await expect(run).rejects.toMatchObject({ name: "AbortError" });
    expect(started).toEqual([0, 1, 2]);
    expect(committed).toEqual([0]);
  });

  it("a limit below one runs one at a time; no items is nothing to do", async () => {
    const order: string[] = [];
    await runBounded([1, 2], 0, async (n) => (order.push(`start ${n}`), n), async (o) => void order.push(`commit ${o.ok ? o.value : "?"}`));
    expect(order).toEqual(["start 1", "commit 1", "start 2", "commit 2"]);
    await runBounded([], 2, async () => 1, async () => {});
  });
});
