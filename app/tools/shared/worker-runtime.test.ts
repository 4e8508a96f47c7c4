import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { WorkerReply } from "./worker-protocol";
import { createProgressThrottle, PROGRESS_INTERVAL_MS, serveJobs, type JobHandler, type JobScope } from "./worker-runtime";

function fakeScope() {
  const target = new EventTarget();
  const sent: { reply: WorkerReply<unknown>; transfer: Transferable[] }[] = [];
  const scope: JobScope = {
    postMessage: (message, transfer) => sent.push({ reply: message as WorkerReply<unknown>, transfer }),
    addEventListener: (type, listener) => target.addEventListener(type, listener as EventListener),
  };
  const post = (data: unknown) => target.dispatchEvent(new MessageEvent("message", { data }));
  return { scope, sent, post };
}

describe("createProgressThrottle", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends at most one value per interval, then the latest pending one, and always 1 at the end", async () => {
    const emitted: number[] = [];
    const throttle = createProgressThrottle((f) => emitted.push(f));
    throttle.report(0.1);
    throttle.report(0.2);
    throttle.report(0.3);
    expect(emitted).toEqual([0.1]);
    await vi.advanceTimersByTimeAsync(PROGRESS_INTERVAL_MS);
    expect(emitted).toEqual([0.1, 0.3]);
    throttle.report(0.4);
    throttle.report(1);
    expect(emitted).toEqual([0.1, 0.3, 1]);
    await vi.advanceTimersByTimeAsync(PROGRESS_INTERVAL_MS * 2);
    throttle.complete();
    throttle.report(0.5);
    expect(emitted).toEqual([0.1, 0.3, 1]);
  });

  it("clamps values, skips repeats and can be cancelled", async () => {
    const emitted: number[] = [];
    const throttle = createProgressThrottle((f) => emitted.push(f));
    throttle.report(-3);
    await vi.advanceTimersByTimeAsync(PROGRESS_INTERVAL_MS);
    throttle.report(0);
    await vi.advanceTimersByTimeAsync(PROGRESS_INTERVAL_MS);
    throttle.report(0.5);
    throttle.report(0.6);
    throttle.cancel();
    await vi.advanceTimersByTimeAsync(PROGRESS_INTERVAL_MS * 2);
    throttle.complete();
    expect(emitted).toEqual([0, 0.5]);
  });
});

describe("serveJobs", () => {
  it("answers a job with throttled progress, a final 1 and the result with its transfer list", async () => {
    vi.useFakeTimers();
    try {
      const { scope, sent, post } = fakeScope();
      const buffer = new ArrayBuffer(4);
      const handler: JobHandler<{ steps: number }, ArrayBuffer> = async ({ steps }, { progress }) => {
        for (let i = 1; i <= steps; i++) {
          progress(i / (steps + 1));
          await vi.advanceTimersByTimeAsync(10);
        }
        return { result: buffer, transfer: [buffer] };
      };
      serveJobs(handler, scope);
      post({ type: "job", id: 7, request: { steps: 20 } });
      await vi.waitFor(() => expect(sent.at(-1)?.reply.type).toBe("result"));
      const progress = sent.filter((s) => s.reply.type === "progress").map((s) => (s.reply as { fraction: number }).fraction);
      // 20 reports over ~200 ms: throttled to one per 50 ms, then the final 1
      expect(progress.length).toBeGreaterThanOrEqual(3);
      expect(progress.length).toBeLessThanOrEqual(7);
      expect(progress.at(-1)).toBe(1);
      expect(progress.toSorted((a, b) => a - b)).toEqual(progress);
      expect(sent.at(-1)).toEqual({ reply: { type: "result", id: 7, result: buffer }, transfer: [buffer] });
      expect(sent.every((s) => s.reply.id === 7)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("reports a thrown error's name and message, and non-Error throws as text", async () => {
    const { scope, sent, post } = fakeScope();
    serveJobs<string, string>(async (request) => {
      if (request === "typed") {
        class DdsError extends Error {
          override name = "DdsError";
        }
        throw new DdsError("The DDS header is truncated");
      }
      if (request === "type") throw new TypeError("x is undefined");
      throw "just a string";
    }, scope);
    post({ type: "job", id: 1, request: "typed" });
    post({ type: "job", id: 2, request: "type" });
    post({ type: "job", id: 3, request: "other" });
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    expect(sent.map((s) => s.reply)).toEqual([
      { type: "error", id: 1, name: "DdsError", message: "The DDS header is truncated" },
      { type: "error", id: 2, name: "TypeError", message: "x is undefined" },
      { type: "error", id: 3, name: "Error", message: "just a string" },
    ]);
  });

  it("ignores messages that are not jobs", async () => {
    const { scope, sent, post } = fakeScope();
    const handler = vi.fn(async () => ({ result: 1 }));
    serveJobs(handler, scope);
    post(null);
    post({ type: "other", id: 1 });
    post({ type: "job" });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(handler).not.toHaveBeenCalled();
    expect(sent).toHaveLength(0);
  });
});
