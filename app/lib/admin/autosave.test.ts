import { describe, expect, it } from "vitest";
import { AUTOSAVE_DELAY_MS, autosaveStatusText, debouncer, formSnapshot, type Schedule } from "./autosave.ts";

/** A hand-stepped timer: `advance(ms)` runs what came due, in order. */
function manualClock() {
  let now = 0;
  let timers: { at: number; run: () => void }[] = [];
  const schedule: Schedule = (run, ms) => {
    const timer = { at: now + ms, run };
    timers.push(timer);
    return () => {
      timers = timers.filter((t) => t !== timer);
    };
  };
  const advance = (ms: number) => {
    now += ms;
    for (const due of timers.filter((t) => t.at <= now)) {
      timers = timers.filter((t) => t !== due);
      due.run();
    }
  };
  return { schedule, advance };
}

describe("the autosave's debounce", () => {
  it("saves once, a pause after the last edit", () => {
    const clock = manualClock();
    let saves = 0;
    const timer = debouncer(clock.schedule, AUTOSAVE_DELAY_MS, () => saves++);
    timer.poke();
    clock.advance(2000);
    timer.poke(); // typing again restarts the wait
    clock.advance(2999);
    expect(saves).toBe(0);
    expect(timer.waiting).toBe(true);
    clock.advance(1);
    expect(saves).toBe(1);
    expect(timer.waiting).toBe(false);
    clock.advance(10_000);
    expect(saves).toBe(1);
  });

  it("drops a waiting save on cancel (the Save button, leaving the editor)", () => {
    const clock = manualClock();
    let saves = 0;
    const timer = debouncer(clock.schedule, AUTOSAVE_DELAY_MS, () => saves++);
    timer.poke();
    timer.cancel();
    clock.advance(AUTOSAVE_DELAY_MS * 2);
    expect(saves).toBe(0);
  });
});

const time = (iso: string) => iso.slice(11, 16);

describe("the autosave status line", () => {
  it("says when it saved, that it is saving, or why it did not", () => {
    expect(autosaveStatusText({ state: "idle" }, time)).toBe("");
    expect(autosaveStatusText({ state: "saving" }, time)).toBe("Saving…");
    expect(autosaveStatusText({ state: "saved", at: "2030-01-01T10:42:05.000Z" }, time)).toBe("Saved at 10:42");
    expect(autosaveStatusText({ state: "error", message: "Title is required" }, time)).toBe("Not saved: Title is required");
  });
});

describe("formSnapshot", () => {
  it("compares the content, not the intent or version, and a chosen file by name and size", () => {
    const a = new FormData();
    a.set("title", "T");
    a.set("intent", "autosave");
    a.set("version", "v1");
    const b = new FormData();
    b.set("title", "T");
    expect(formSnapshot(a)).toBe(formSnapshot(b));
    b.set("title", "U");
    expect(formSnapshot(a)).not.toBe(formSnapshot(b));
    const withFile = new FormData();
    withFile.set("thumbnailFile", new File(["abc"], "a.png"));
    const empty = new FormData();
    empty.set("thumbnailFile", new File([], ""));
    expect(formSnapshot(withFile)).not.toBe(formSnapshot(empty));
  });
});
