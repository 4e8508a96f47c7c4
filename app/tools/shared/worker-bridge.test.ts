import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CodecFailure, visitorMessage } from "#codecs/common/codec-failure.ts";
import { createWorkerClient, DEFAULT_IDLE_MS, isAbortError, WorkerCodecFailure, WorkerCrash, WorkerError, WorkerHandoffFailure, WorkerStall, type StartTimer } from "./worker-bridge.ts";
import type { CallMessage, WorkerReply } from "./worker-protocol.ts";
import { defineWorker, type WorkerContext, type WorkerScope } from "./worker-runtime.ts";

type Req = { n: number };
type Res = { doubled: number };
type TestApi = { double: (request: Req, ctx: WorkerContext) => Promise<Res> };

/** A stand-in for a Web Worker: records what it is sent and lets the test answer. */
class FakeWorker extends EventTarget {
  static instances: FakeWorker[] = [];
  posted: { message: CallMessage; transfer: Transferable[] }[] = [];
  terminated = false;
  constructor() {
    super();
    FakeWorker.instances.push(this);
  }
  postMessage(message: CallMessage, transfer: Transferable[] = []) {
    if (this.terminated) throw new Error("posted to a terminated worker");
    this.posted.push({ message, transfer });
  }
  terminate() {
    this.terminated = true;
  }
  /** the id of the last job this worker was given */
  get lastId(): number {
    const last = this.posted.at(-1);
    if (!last) throw new Error("no job posted");
    return last.message.id;
  }
  reply(reply: WorkerReply) {
    this.dispatchEvent(new MessageEvent("message", { data: reply }));
  }
  crash(message: string) {
    const event = Object.assign(new Event("error", { cancelable: true }), { message });
    this.dispatchEvent(event);
  }
}

const makeBridge = (idleMs?: number) =>
  createWorkerClient<TestApi>(() => new FakeWorker() as unknown as Worker, idleMs === undefined ? undefined : { idleMs });

/** lets pending promise callbacks run */
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  FakeWorker.instances = [];
});

describe("createWorkerClient", () => {
  it("starts the worker only on first use and resolves with the worker's result", async () => {
    const bridge = makeBridge();
    expect(FakeWorker.instances).toHaveLength(0);
    const job = bridge.double({ n: 21 });
    expect(FakeWorker.instances).toHaveLength(1);
    const worker = FakeWorker.instances[0]!;
    expect(worker.posted[0]!.message).toEqual({ type: "call", id: worker.lastId, method: "double", request: { n: 21 } });
    worker.reply({ type: "result", id: worker.lastId, result: { doubled: 42 } });
    await expect(job).resolves.toEqual({ doubled: 42 });
    bridge.terminate();
  });

  it("passes the transfer list with the request", async () => {
    const bridge = makeBridge();
    const buffer = new ArrayBuffer(8);
    const job = bridge.double({ n: 1 }, { transfer: [buffer] });
    const worker = FakeWorker.instances[0]!;
    expect(worker.posted[0]!.transfer).toEqual([buffer]);
    worker.reply({ type: "result", id: worker.lastId, result: { doubled: 2 } });
    await job;
    bridge.terminate();
  });

  it("reports progress in order, clamped to [0, 1], and ignores other jobs' messages", async () => {
    const bridge = makeBridge();
    const seen: number[] = [];
    const job = bridge.double({ n: 1 }, { onProgress: (f) => seen.push(f) });
    const worker = FakeWorker.instances[0]!;
    const id = worker.lastId;
    worker.reply({ type: "progress", id, fraction: 0.1 });
    worker.reply({ type: "progress", id: id + 99, fraction: 0.7 });
    worker.reply({ type: "progress", id, fraction: 0.5 });
    worker.reply({ type: "progress", id, fraction: 1.5 });
    worker.reply({ type: "progress", id, fraction: -1 });
    worker.reply({ type: "result", id, result: { doubled: 2 } });
    worker.reply({ type: "progress", id, fraction: 0.9 });
    await job;
    expect(seen).toEqual([0.1, 0.5, 1, 0]);
    bridge.terminate();
  });

  it("runs one job at a time, in order, on the same worker", async () => {
    const bridge = makeBridge();
    const first = bridge.double({ n: 1 });
    const second = bridge.double({ n: 2 });
    const third = bridge.double({ n: 3 });
    const worker = FakeWorker.instances[0]!;
    expect(worker.posted.map((p) => p.message.request)).toEqual([{ n: 1 }]);
    worker.reply({ type: "result", id: worker.lastId, result: { doubled: 2 } });
    await expect(first).resolves.toEqual({ doubled: 2 });
    expect(worker.posted.map((p) => p.message.request)).toEqual([{ n: 1 }, { n: 2 }]);
    worker.reply({ type: "result", id: worker.lastId, result: { doubled: 4 } });
    await expect(second).resolves.toEqual({ doubled: 4 });
    worker.reply({ type: "result", id: worker.lastId, result: { doubled: 6 } });
    await expect(third).resolves.toEqual({ doubled: 6 });
    expect(FakeWorker.instances).toHaveLength(1);
    bridge.terminate();
  });

  it("abort of the running job rejects with an AbortError, terminates the worker, and the next run gets a fresh one", async () => {
    const bridge = makeBridge();
    const controller = new AbortController();
    const seen: number[] = [];
    const job = bridge.double({ n: 1 }, { signal: controller.signal, onProgress: (f) => seen.push(f) });
    const first = FakeWorker.instances[0]!;
    first.reply({ type: "progress", id: first.lastId, fraction: 0.3 });
    controller.abort();
    const error = await job.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe("AbortError");
    expect(isAbortError(error)).toBe(true);
    expect(first.terminated).toBe(true);
    // a late message of the terminated worker reaches nobody
    first.reply({ type: "progress", id: first.lastId, fraction: 0.6 });
    expect(seen).toEqual([0.3]);

    const next = bridge.double({ n: 5 });
    expect(FakeWorker.instances).toHaveLength(2);
    const fresh = FakeWorker.instances[1]!;
    fresh.reply({ type: "result", id: fresh.lastId, result: { doubled: 10 } });
    await expect(next).resolves.toEqual({ doubled: 10 });
    bridge.terminate();
  });

  it("abort of the running job hands the queued jobs to a fresh worker", async () => {
    const bridge = makeBridge();
    const controller = new AbortController();
    const running = bridge.double({ n: 1 }, { signal: controller.signal });
    const queued = bridge.double({ n: 2 });
    controller.abort();
    await expect(running).rejects.toMatchObject({ name: "AbortError" });
    expect(FakeWorker.instances).toHaveLength(2);
    const fresh = FakeWorker.instances[1]!;
    expect(fresh.posted.map((p) => p.message.request)).toEqual([{ n: 2 }]);
    fresh.reply({ type: "result", id: fresh.lastId, result: { doubled: 4 } });
    await expect(queued).resolves.toEqual({ doubled: 4 });
    bridge.terminate();
  });

  it("abort of a queued job removes it without disturbing the running one", async () => {
    const bridge = makeBridge();
    const first = bridge.double({ n: 1 });
    const controller = new AbortController();
    const queued = bridge.double({ n: 2 }, { signal: controller.signal });
    const third = bridge.double({ n: 3 });
    controller.abort();
    await expect(queued).rejects.toMatchObject({ name: "AbortError" });
    const worker = FakeWorker.instances[0]!;
    expect(worker.terminated).toBe(false);
    worker.reply({ type: "result", id: worker.lastId, result: { doubled: 2 } });
    await first;
    expect(worker.posted.map((p) => p.message.request)).toEqual([{ n: 1 }, { n: 3 }]);
    worker.reply({ type: "result", id: worker.lastId, result: { doubled: 6 } });
    await expect(third).resolves.toEqual({ doubled: 6 });
    bridge.terminate();
  });

  it("rejects at once for an already aborted signal, without starting a worker", async () => {
    const bridge = makeBridge();
    await expect(bridge.double({ n: 1 }, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: "AbortError" });
    expect(FakeWorker.instances).toHaveLength(0);
    // page and worker cannot drift: only the worker's functions, with its request type
    const neverRun = () => {
      // @ts-expect-error the worker has no function "triple"
      void bridge.triple({ n: 1 });
      // @ts-expect-error "double" takes { n: number }
      void bridge.double({ n: "1" });
    };
    expect(typeof neverRun).toBe("function");
  });

  it("a CodecFailure thrown in the worker rejects with its code and visitor message; the worker stays", async () => {
    const bridge = makeBridge();
    const job = bridge.double({ n: 1 });
    const worker = FakeWorker.instances[0]!;
    worker.reply({ type: "error", id: worker.lastId, name: "DdsError", code: "unsupported-format", message: "Unsupported DXGI format 95" });
    const error = await job.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerCodecFailure);
    expect(error).toBeInstanceOf(CodecFailure);
    expect(error).toMatchObject({ name: "DdsError", code: "unsupported-format", message: "Unsupported DXGI format 95" });
    expect(visitorMessage(error)).toBe("Unsupported DXGI format 95");
    expect(worker.terminated).toBe(false);
    const next = bridge.double({ n: 2 });
    expect(FakeWorker.instances).toHaveLength(1);
    worker.reply({ type: "result", id: worker.lastId, result: { doubled: 4 } });
    await expect(next).resolves.toEqual({ doubled: 4 });
    bridge.terminate();
  });

  it("an error without a code (a bug in the worker) rejects with a WorkerError whose message is not for the visitor", async () => {
    const bridge = makeBridge();
    const job = bridge.double({ n: 1 });
    const worker = FakeWorker.instances[0]!;
    worker.reply({ type: "error", id: worker.lastId, name: "TypeError", message: "x is undefined" });
    const error = await job.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerError);
    expect(error).not.toBeInstanceOf(CodecFailure);
    expect(error).toMatchObject({ workerErrorName: "TypeError", message: "TypeError: x is undefined" });
    expect(visitorMessage(error)).toBeUndefined();
    bridge.terminate();
  });

  it("a crashed worker rejects the running call with a WorkerCrash (code worker-crash), and the next call gets a fresh worker", async () => {
    const bridge = makeBridge();
    const job = bridge.double({ n: 1 });
    const queued = bridge.double({ n: 2 });
    const worker = FakeWorker.instances[0]!;
    worker.crash("Out of memory");
    const error = await job.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerCrash);
    expect(error).toMatchObject({ code: "worker-crash" });
    expect(((error as Error).cause as Error).message).toBe("The worker stopped: Out of memory");
    expect(visitorMessage(error)).toMatch(/^The converter stopped unexpectedly\./);
    expect(worker.terminated).toBe(true);
    const fresh = FakeWorker.instances[1]!;
    fresh.reply({ type: "result", id: fresh.lastId, result: { doubled: 4 } });
    await expect(queued).resolves.toEqual({ doubled: 4 });
    bridge.terminate();
  });

  it("an unreadable message (messageerror) rejects the call as a crash", async () => {
    const bridge = makeBridge();
    const job = bridge.double({ n: 1 });
    FakeWorker.instances[0]!.dispatchEvent(new Event("messageerror"));
    await expect(job).rejects.toMatchObject({ name: "WorkerCrash", code: "worker-crash" });
  });

  it("a worker that cannot be created rejects the call with a WorkerCrash", async () => {
    const bridge = createWorkerClient<TestApi>(() => {
      throw new Error("Worker is not defined");
    });
    const error = await bridge.double({ n: 1 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "WorkerCrash", code: "worker-crash" });
    expect(((error as Error).cause as Error).message).toContain("Worker is not defined");
  });

  it("a request that cannot be posted rejects that call and keeps the worker for the next", async () => {
    const bridge = makeBridge();
    const first = bridge.double({ n: 1 });
    const worker = FakeWorker.instances[0]!;
    worker.reply({ type: "result", id: worker.lastId, result: { doubled: 2 } });
    await first;
    const original = worker.postMessage.bind(worker);
    const cloneError = new DOMException("could not be cloned", "DataCloneError");
    worker.postMessage = () => {
      throw cloneError;
    };
    const error = await bridge.double({ n: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerHandoffFailure);
    expect(error).toMatchObject({ code: "worker-handoff", cause: cloneError });
    worker.postMessage = original;
    const third = bridge.double({ n: 3 });
    worker.reply({ type: "result", id: worker.lastId, result: { doubled: 6 } });
    await expect(third).resolves.toEqual({ doubled: 6 });
    expect(FakeWorker.instances).toHaveLength(1);
    bridge.terminate();
  });

  it("is not a thenable, and reads each function name as a call", async () => {
    const bridge = makeBridge();
    expect((bridge as unknown as { then?: unknown }).then).toBeUndefined();
    expect(bridge.double).toBe(bridge.double);
    await expect(Promise.resolve(bridge)).resolves.toBe(bridge);
    expect(FakeWorker.instances).toHaveLength(0);
  });

  it("terminate() stops the worker and rejects running and queued jobs with an AbortError", async () => {
    const bridge = makeBridge();
    const running = bridge.double({ n: 1 });
    const queued = bridge.double({ n: 2 });
    bridge.terminate();
    await expect(running).rejects.toMatchObject({ name: "AbortError" });
    await expect(queued).rejects.toMatchObject({ name: "AbortError" });
    expect(FakeWorker.instances[0]!.terminated).toBe(true);
  });

  describe("idle termination", () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it("terminates the worker after idleMs without jobs (default 60 s) and starts a new one for the next job", async () => {
      const bridge = makeBridge();
      const job = bridge.double({ n: 1 });
      const worker = FakeWorker.instances[0]!;
      // a long job is not "idle"
      await vi.advanceTimersByTimeAsync(DEFAULT_IDLE_MS * 2);
      expect(worker.terminated).toBe(false);
      worker.reply({ type: "result", id: worker.lastId, result: { doubled: 2 } });
      await job;
      await vi.advanceTimersByTimeAsync(DEFAULT_IDLE_MS - 1);
      expect(worker.terminated).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(worker.terminated).toBe(true);

      const next = bridge.double({ n: 2 });
      const fresh = FakeWorker.instances[1]!;
      fresh.reply({ type: "result", id: fresh.lastId, result: { doubled: 4 } });
      await expect(next).resolves.toEqual({ doubled: 4 });
      bridge.terminate();
    });

    it("a job within idleMs keeps the worker and restarts the idle clock", async () => {
      const bridge = makeBridge(1000);
      const first = bridge.double({ n: 1 });
      const worker = FakeWorker.instances[0]!;
      worker.reply({ type: "result", id: worker.lastId, result: { doubled: 2 } });
      await first;
      await vi.advanceTimersByTimeAsync(900);
      const second = bridge.double({ n: 2 });
      await vi.advanceTimersByTimeAsync(500);
      expect(worker.terminated).toBe(false);
      worker.reply({ type: "result", id: worker.lastId, result: { doubled: 4 } });
      await second;
      await vi.advanceTimersByTimeAsync(999);
      expect(worker.terminated).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(worker.terminated).toBe(true);
      expect(FakeWorker.instances).toHaveLength(1);
    });
  });
});

/** A fake worker whose "inside" is the real defineWorker runtime, connected by in-memory messages. */
class RuntimeWorker extends EventTarget {
  terminated = false;
  private readonly inside = new EventTarget();
  constructor(api: TestApi) {
    super();
    const scope: WorkerScope = {
      postMessage: (message) => {
        if (!this.terminated) queueMicrotask(() => this.dispatchEvent(new MessageEvent("message", { data: message })));
      },
      addEventListener: (type, listener) => this.inside.addEventListener(type, listener as EventListener),
    };
    defineWorker(api, scope);
  }
  postMessage(message: unknown) {
    queueMicrotask(() => this.inside.dispatchEvent(new MessageEvent("message", { data: message })));
  }
  terminate() {
    this.terminated = true;
  }
}

class NumberError extends CodecFailure<"negative"> {
  override readonly name = "NumberError";
}

/** A timer the test fires by hand: the watchdog is tested without a clock. */
function manualTimer() {
  const timers: { ms: number; run: () => void; cancelled: boolean }[] = [];
  const start: StartTimer = (run, ms) => {
    const entry = { ms, run, cancelled: false };
    timers.push(entry);
    return () => {
      entry.cancelled = true;
    };
  };
  const armed = () => timers.filter((t) => !t.cancelled);
  return { start, armed, fire: () => armed().forEach((t) => t.run()) };
}

describe("createWorkerClient: the stall watchdog", () => {
  it("ends a call that goes silent for stallMs: terminated worker, a WorkerStall, the next call on a fresh worker", async () => {
    const timer = manualTimer();
    const bridge = createWorkerClient<TestApi>(() => new FakeWorker() as unknown as Worker, { timer: timer.start });
    const job = bridge.double({ n: 1 }, { stallMs: 30_000 });
    expect(timer.armed().map((t) => t.ms)).toEqual([30_000]);
    timer.fire();
    const error = await job.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerStall);
    expect(error).toMatchObject({ code: "worker-stalled" });
    expect(visitorMessage(error)).toMatch(/^The converter stopped responding while reading this file/);
    expect(FakeWorker.instances[0]!.terminated).toBe(true);

    const next = bridge.double({ n: 2 });
    const fresh = FakeWorker.instances[1]!;
    fresh.reply({ type: "result", id: fresh.lastId, result: { doubled: 4 } });
    await expect(next).resolves.toEqual({ doubled: 4 });
    bridge.terminate();
  });

  it("every progress or heartbeat message of the call puts the watchdog off; the result stops it", async () => {
    const timer = manualTimer();
    const bridge = createWorkerClient<TestApi>(() => new FakeWorker() as unknown as Worker, { timer: timer.start });
    const job = bridge.double({ n: 1 }, { stallMs: 5000 });
    const worker = FakeWorker.instances[0]!;
    const first = timer.armed()[0];
    worker.reply({ type: "heartbeat", id: worker.lastId });
    expect(first?.cancelled).toBe(true);
    worker.reply({ type: "progress", id: worker.lastId, fraction: 0.5 });
    // another call's heartbeat does not count
    worker.reply({ type: "heartbeat", id: worker.lastId + 1 });
    expect(timer.armed()).toHaveLength(1);
    worker.reply({ type: "result", id: worker.lastId, result: { doubled: 2 } });
    await expect(job).resolves.toEqual({ doubled: 2 });
    expect(timer.armed()).toHaveLength(0);
    expect(worker.terminated).toBe(false);
    bridge.terminate();
  });

  it("a call without stallMs has no watchdog, and a late timer of a finished call does nothing", async () => {
    const timer = manualTimer();
    const bridge = createWorkerClient<TestApi>(() => new FakeWorker() as unknown as Worker, { timer: timer.start });
    const job = bridge.double({ n: 1 });
    expect(timer.armed()).toHaveLength(0);
    const worker = FakeWorker.instances[0]!;
    worker.reply({ type: "result", id: worker.lastId, result: { doubled: 2 } });
    await job;
    const stalled = bridge.double({ n: 3 }, { stallMs: 100 });
    const { run } = timer.armed()[0]!;
    worker.reply({ type: "result", id: worker.lastId, result: { doubled: 6 } });
    await expect(stalled).resolves.toEqual({ doubled: 6 });
    run();
    expect(worker.terminated).toBe(false);
    bridge.terminate();
  });
});

describe("client + defineWorker together", () => {
  const api: TestApi = {
    async double({ n }, { progress }) {
      if (n < 0) throw new NumberError("negative numbers are not supported", "negative");
      // a bug: its message must not reach the visitor
      if (n === 0) throw new TypeError("Cannot read properties of undefined (reading 'n')");
      progress(0.25);
      await flush();
      return { doubled: n * 2 };
    },
  };

  it("delivers progress and the result end to end", async () => {
    const client = createWorkerClient<TestApi>(() => new RuntimeWorker(api) as unknown as Worker);
    const seen: number[] = [];
    await expect(client.double({ n: 4 }, { onProgress: (f) => seen.push(f) })).resolves.toEqual({ doubled: 8 });
    expect(seen).toEqual([0.25, 1]);
    client.terminate();
  });

  it("a codec error's message reaches the page, a TypeError's does not", async () => {
    const client = createWorkerClient<TestApi>(() => new RuntimeWorker(api) as unknown as Worker);
    const codec = await client.double({ n: -1 }).catch((e: unknown) => e);
    expect(codec).toMatchObject({ name: "NumberError", code: "negative" });
    expect(visitorMessage(codec)).toBe("negative numbers are not supported");

    const bug = await client.double({ n: 0 }).catch((e: unknown) => e);
    expect(bug).toMatchObject({ name: "WorkerError", workerErrorName: "TypeError" });
    expect((bug as Error).message).toContain("Cannot read properties of undefined");
    expect(visitorMessage(bug)).toBeUndefined();
    client.terminate();
  });
});
