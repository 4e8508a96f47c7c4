/** Thrown when too many renders of pages the cache has never held are already waiting. */
export class RenderQueueFull extends Error {
  readonly code = "RENDER_QUEUE_FULL";
  constructor() {
    super("Too many new pages are waiting to be rendered.");
  }
}

/**
 * Bounds the server-side renders of cacheable pages (issue 28, finding 5): at most `concurrency`
 * run at once, so cache hits are served between them, and pages the cache already holds (a
 * popular page after a write) go before pages it has never held. Only `maxWaitingNew` of the
 * latter may wait; beyond that they are refused, so a flood of distinct URLs costs the site at most
 * its render capacity and never the pages visitors are reading.
 */
export class RenderGate {
  private running = 0;
  private readonly waitingKnown: (() => void)[] = [];
  private readonly waitingNew: (() => void)[] = [];

  constructor(private readonly options: { concurrency: number; maxWaitingNew: number }) {}

  get waiting(): number {
    return this.waitingKnown.length + this.waitingNew.length;
  }

  async run<T>(known: boolean, task: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.concurrency) {
      if (!known && this.waitingNew.length >= this.options.maxWaitingNew) throw new RenderQueueFull();
      await new Promise<void>((resolve) => (known ? this.waitingKnown : this.waitingNew).push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      // hand the slot straight to the next waiter (known pages first), or free it
      const next = this.waitingKnown.shift() ?? this.waitingNew.shift();
      if (next) next();
      else this.running--;
    }
  }
}
