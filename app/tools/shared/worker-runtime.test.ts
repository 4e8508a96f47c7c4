import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CodecFailure } from "#codecs/common/codec-failure.ts";
import type { WorkerReply } from "./worker-protocol.ts";
import { createProgressThrottle, defineWorker, HEARTBEAT_INTERVAL_MS, PROGRESS_INTERVAL_MS, type WorkerContext, type WorkerScope } from "./worker-runtime.ts";

function fakeScope() {
  const target = new EventTarget();
  const sent: { reply: WorkerReply; transfer: Transferable[] }[] = [];
  const scope: WorkerScope = {
    postMessage: (message, transfer) => sent.push({ reply: message as WorkerReply, transfer }),
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

describe("defineWorker", () => {
  it("answers a call with throttled progress, a final 1 and the result with its transfer list", async () => {
    vi.useFakeTimers();
    try {
      const { scope, sent, post } = fakeScope();
      const buffer = new ArrayBuffer(4);
      defineWorker(
        {
          async steps({ steps }: { steps: number }, { progress, transfer }: WorkerContext) {
            for (let i = 1; i <= steps; i++) {
              progress(i / (steps + 1));
              await vi.advanceTimersByTimeAsync(10);
            }
            transfer(buffer, buffer);
            return buffer;
          },
        },
        scope,
      );
      post({ type: "call", id: 7, method: "steps", request: { steps: 20 } });
      await vi.waitFor(() => expect(sent.at(-1)?.reply.type).toBe("result"));
      const progress = sent.filter((s) => s.reply.type === "progress").map((s) => (s.reply as { fraction: number }).fraction);
      // 20 reports over ~200 ms: throttled to one per 50 ms, then the final 1
      expect(progress.length).toBeGreaterThanOrEqual(3);
      expect(progress.length).toBeLessThanOrEqual(7);
      expect(progress.at(-1)).toBe(1);
      expect(progress.toSorted((a, b) => a - b)).toEqual(progress);
      // the same object listed twice is transferred once (postMessage would throw otherwise)
      expect(sent.at(-1)).toEqual({ reply: { type: "result", id: 7, result: buffer }, transfer: [buffer] });
      expect(sent.every((s) => s.reply.id === 7)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("sends a heartbeat for alive() at most once per interval, even while the call never yields", async () => {
    vi.useFakeTimers();
    try {
      const { scope, sent, post } = fakeScope();
      defineWorker(
        {
          async busy(_request: null, { alive }: WorkerContext) {
            // a blocking loop (like the ffmpeg core's exec): only the clock moves, no timer runs
            for (let ms = 0; ms <= 2.5 * HEARTBEAT_INTERVAL_MS; ms += 100) {
              vi.setSystemTime(ms);
              alive();
            }
            return "done";
          },
        },
        scope,
      );
      post({ type: "call", id: 3, method: "busy", request: null });
      await vi.waitFor(() => expect(sent.at(-1)?.reply.type).toBe("result"));
      expect(sent.filter((s) => s.reply.type === "heartbeat").map((s) => s.reply)).toEqual([
        { type: "heartbeat", id: 3 },
        { type: "heartbeat", id: 3 },
        { type: "heartbeat", id: 3 },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("calls the named function; a CodecFailure crosses with its code, anything else without one", async () => {
    class DdsLikeError extends CodecFailure<"truncated"> {
      override readonly name = "DdsError";
    }
    const { scope, sent, post } = fakeScope();
    defineWorker(
      {
        async fail(request: string) {
          if (request === "typed") throw new DdsLikeError("The DDS header is truncated", "truncated");
          if (request === "type") throw new TypeError("x is undefined");
          throw "just a string";
        },
        async echo(request: string) {
          return `echo ${request}`;
        },
      },
      scope,
    );
    post({ type: "call", id: 1, method: "fail", request: "typed" });
    post({ type: "call", id: 2, method: "fail", request: "type" });
    post({ type: "call", id: 3, method: "fail", request: "other" });
    post({ type: "call", id: 4, method: "echo", request: "hi" });
    post({ type: "call", id: 5, method: "toString", request: "" });
    const answers = () => sent.map((s) => s.reply).filter((reply) => reply.type !== "progress");
    await vi.waitFor(() => expect(answers()).toHaveLength(5));
    expect(answers().toSorted((a, b) => a.id - b.id)).toEqual([
      { type: "error", id: 1, name: "DdsError", code: "truncated", message: "The DDS header is truncated" },
      { type: "error", id: 2, name: "TypeError", message: "x is undefined" },
      { type: "error", id: 3, name: "Error", message: "just a string" },
      { type: "result", id: 4, result: "echo hi" },
      { type: "error", id: 5, name: "Error", message: 'The worker has no function "toString".' },
    ]);
  });

  it("ignores messages that are not calls", async () => {
    const { scope, sent, post } = fakeScope();
    const handler = vi.fn(async () => 1);
    defineWorker({ handler }, scope);
    post(null);
    post({ type: "other", id: 1, method: "handler" });
    post({ type: "call", method: "handler" });
    post({ type: "call", id: 1 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(handler).not.toHaveBeenCalled();
    expect(sent).toHaveLength(0);
  });
});
