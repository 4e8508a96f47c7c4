import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createWorkerBridge, DEFAULT_IDLE_MS, isAbortError, WorkerJobError } from "./worker-bridge";
import type { JobMessage, WorkerReply } from "./worker-protocol";
import { serveJobs, type JobScope } from "./worker-runtime";

type Req = { n: number };
type Res = { doubled: number };

/** A stand-in for a Web Worker: records what it is sent and lets the test answer. */
class FakeWorker extends EventTarget {
  static instances: FakeWorker[] = [];
  posted: { message: JobMessage<Req>; transfer: Transferable[] }[] = [];
  terminated = false;
  constructor() {
    super();
    FakeWorker.instances.push(this);
  }
  postMessage(message: JobMessage<Req>, transfer: Transferable[] = []) {
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
  reply(reply: WorkerReply<Res>) {
    this.dispatchEvent(new MessageEvent("message", { data: reply }));
  }
  crash(message: string) {
    const event = Object.assign(new Event("error", { cancelable: true }), { message });
    this.dispatchEvent(event);
  }
}

const makeBridge = (idleMs?: number) =>
  createWorkerBridge<Req, Res>(() => new FakeWorker() as unknown as Worker, idleMs === undefined ? undefined : { idleMs });

/** lets pending promise callbacks run */
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  FakeWorker.instances = [];
});

describe("createWorkerBridge", () => {
  it("starts the worker only on first use and resolves with the worker's result", async () => {
    const bridge = makeBridge();
    expect(FakeWorker.instances).toHaveLength(0);
    const job = bridge.run({ n: 21 });
    expect(FakeWorker.instances).toHaveLength(1);
    const worker = FakeWorker.instances[0]!;
    expect(worker.posted[0]!.message).toEqual({ type: "job", id: worker.lastId, request: { n: 21 } });
    worker.reply({ type: "result", id: worker.lastId, result: { doubled: 42 } });
    await expect(job).resolves.toEqual({ doubled: 42 });
    bridge.terminate();
  });

  it("passes the transfer list with the request", async () => {
    const bridge = makeBridge();
    const buffer = new ArrayBuffer(8);
    const job = bridge.run({ n: 1 }, { transfer: [buffer] });
    const worker = FakeWorker.instances[0]!;
    expect(worker.posted[0]!.transfer).toEqual([buffer]);
    worker.reply({ type: "result", id: worker.lastId, result: { doubled: 2 } });
    await job;
    bridge.terminate();
  });

  it("reports progress in order, clamped to [0, 1], and ignores other jobs' messages", async () => {
    const bridge = makeBridge();
    const seen: number[] = [];
    const job = bridge.run({ n: 1 }, { onProgress: (f) => seen.push(f) });
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
    const first = bridge.run({ n: 1 });
    const second = bridge.run({ n: 2 });
    const third = bridge.run({ n: 3 });
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
    const job = bridge.run({ n: 1 }, { signal: controller.signal, onProgress: (f) => seen.push(f) });
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

    const next = bridge.run({ n: 5 });
    expect(FakeWorker.instances).toHaveLength(2);
    const fresh = FakeWorker.instances[1]!;
    fresh.reply({ type: "result", id: fresh.lastId, result: { doubled: 10 } });
    await expect(next).resolves.toEqual({ doubled: 10 });
    bridge.terminate();
  });

  it("abort of the running job hands the queued jobs to a fresh worker", async () => {
    const bridge = makeBridge();
    const controller = new AbortController();
    const running = bridge.run({ n: 1 }, { signal: controller.signal });
    const queued = bridge.run({ n: 2 });
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
    const first = bridge.run({ n: 1 });
    const controller = new AbortController();
    const queued = bridge.run({ n: 2 }, { signal: controller.signal });
    const third = bridge.run({ n: 3 });
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
    await expect(bridge.run({ n: 1 }, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: "AbortError" });
    expect(FakeWorker.instances).toHaveLength(0);
  });

  it("an error thrown in the worker rejects the job with a WorkerJobError carrying its name and message; the worker stays", async () => {
    const bridge = makeBridge();
    const job = bridge.run({ n: 1 });
    const worker = FakeWorker.instances[0]!;
    worker.reply({ type: "error", id: worker.lastId, name: "DdsError", message: "Unsupported DXGI format 95" });
    const error = await job.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerJobError);
    expect(error).toMatchObject({ message: "Unsupported DXGI format 95", errorName: "DdsError", crashed: false });
    expect(worker.terminated).toBe(false);
    const next = bridge.run({ n: 2 });
    expect(FakeWorker.instances).toHaveLength(1);
    worker.reply({ type: "result", id: worker.lastId, result: { doubled: 4 } });
    await expect(next).resolves.toEqual({ doubled: 4 });
    bridge.terminate();
  });

  it("a crashed worker rejects the running job instead of hanging, and the next job gets a fresh worker", async () => {
    const bridge = makeBridge();
    const job = bridge.run({ n: 1 });
    const queued = bridge.run({ n: 2 });
    const worker = FakeWorker.instances[0]!;
    worker.crash("Out of memory");
    const error = await job.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerJobError);
    expect(error).toMatchObject({ crashed: true, message: "The conversion worker stopped: Out of memory" });
    expect(worker.terminated).toBe(true);
    const fresh = FakeWorker.instances[1]!;
    fresh.reply({ type: "result", id: fresh.lastId, result: { doubled: 4 } });
    await expect(queued).resolves.toEqual({ doubled: 4 });
    bridge.terminate();
  });

  it("an unreadable message (messageerror) rejects the job as a crash", async () => {
    const bridge = makeBridge();
    const job = bridge.run({ n: 1 });
    FakeWorker.instances[0]!.dispatchEvent(new Event("messageerror"));
    await expect(job).rejects.toMatchObject({ name: "WorkerJobError", crashed: true });
  });

  it("a worker that cannot be created rejects the job with a WorkerJobError", async () => {
    const bridge = createWorkerBridge<Req, Res>(() => {
      throw new Error("Worker is not defined");
    });
    await expect(bridge.run({ n: 1 })).rejects.toMatchObject({ name: "WorkerJobError", crashed: true, message: expect.stringContaining("Worker is not defined") });
  });

  it("a request that cannot be posted rejects that job and keeps the worker for the next", async () => {
    const bridge = makeBridge();
    const first = bridge.run({ n: 1 });
    const worker = FakeWorker.instances[0]!;
    worker.reply({ type: "result", id: worker.lastId, result: { doubled: 2 } });
    await first;
    const original = worker.postMessage.bind(worker);
    worker.postMessage = () => {
      throw new DOMException("could not be cloned", "DataCloneError");
    };
    await expect(bridge.run({ n: 2 })).rejects.toMatchObject({ name: "WorkerJobError", errorName: "DataCloneError" });
    worker.postMessage = original;
    const third = bridge.run({ n: 3 });
    worker.reply({ type: "result", id: worker.lastId, result: { doubled: 6 } });
    await expect(third).resolves.toEqual({ doubled: 6 });
    expect(FakeWorker.instances).toHaveLength(1);
    bridge.terminate();
  });

  it("terminate() stops the worker and rejects running and queued jobs with an AbortError", async () => {
    const bridge = makeBridge();
    const running = bridge.run({ n: 1 });
    const queued = bridge.run({ n: 2 });
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
      const job = bridge.run({ n: 1 });
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

      const next = bridge.run({ n: 2 });
      const fresh = FakeWorker.instances[1]!;
      fresh.reply({ type: "result", id: fresh.lastId, result: { doubled: 4 } });
      await expect(next).resolves.toEqual({ doubled: 4 });
      bridge.terminate();
    });

    it("a job within idleMs keeps the worker and restarts the idle clock", async () => {
      const bridge = makeBridge(1000);
      const first = bridge.run({ n: 1 });
      const worker = FakeWorker.instances[0]!;
      worker.reply({ type: "result", id: worker.lastId, result: { doubled: 2 } });
      await first;
      await vi.advanceTimersByTimeAsync(900);
      const second = bridge.run({ n: 2 });
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

/** A fake worker whose "inside" is the real serveJobs runtime, connected by in-memory messages. */
class RuntimeWorker extends EventTarget {
  terminated = false;
  private readonly inside = new EventTarget();
  constructor(handler: Parameters<typeof serveJobs<Req, Res>>[0]) {
    super();
    const scope: JobScope = {
      postMessage: (message) => {
        if (!this.terminated) queueMicrotask(() => this.dispatchEvent(new MessageEvent("message", { data: message })));
      },
      addEventListener: (type, listener) => this.inside.addEventListener(type, listener as EventListener),
    };
    serveJobs<Req, Res>(handler, scope);
  }
  postMessage(message: unknown) {
    queueMicrotask(() => this.inside.dispatchEvent(new MessageEvent("message", { data: message })));
  }
  terminate() {
    this.terminated = true;
  }
}

describe("bridge + serveJobs together", () => {
  it("delivers progress, the result and thrown errors end to end", async () => {
    const bridge = createWorkerBridge<Req, Res>(
      () =>
        new RuntimeWorker(async ({ n }, { progress }) => {
          if (n < 0) {
            class CodecFailure extends Error {
              override name = "CodecFailure";
            }
            throw new CodecFailure("negative numbers are not supported");
          }
          progress(0.25);
          await flush();
          return { result: { doubled: n * 2 } };
        }) as unknown as Worker,
    );
    const seen: number[] = [];
    await expect(bridge.run({ n: 4 }, { onProgress: (f) => seen.push(f) })).resolves.toEqual({ doubled: 8 });
    expect(seen).toEqual([0.25, 1]);
    await expect(bridge.run({ n: -1 })).rejects.toMatchObject({ errorName: "CodecFailure", message: "negative numbers are not supported" });
    bridge.terminate();
  });
});
