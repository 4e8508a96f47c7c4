/**
 * A least-recently-used map in two segments (SLRU): a new key enters "probation" and moves to
 * "protected" only when it is read again. Eviction takes the oldest probation entry first, so a
 * flood of keys read once (random 404 paths, search words) cycles through probation and cannot
 * push out the pages visitors keep reading (issue 28, finding 5).
 */
export class SegmentedLru<V> {
  private readonly probation = new Map<string, V>();
  private readonly protectedEntries = new Map<string, V>();
  private readonly maxProtected: number;

  constructor(
    private readonly maxEntries: number,
    protectedShare = 0.8,
  ) {
    this.maxProtected = Math.max(1, Math.floor(maxEntries * protectedShare));
  }

  get size(): number {
    return this.probation.size + this.protectedEntries.size;
  }

  has(key: string): boolean {
    return this.probation.has(key) || this.protectedEntries.has(key);
  }

  /** The value without counting it as a read. */
  peek(key: string): V | undefined {
    return this.protectedEntries.get(key) ?? this.probation.get(key);
  }

  /** A read: the entry becomes the newest of its segment, and a second read promotes it. */
  get(key: string): V | undefined {
    const guarded = this.protectedEntries.get(key);
    if (guarded !== undefined) {
      this.protectedEntries.delete(key);
      this.protectedEntries.set(key, guarded);
      return guarded;
    }
    const value = this.probation.get(key);
    if (value === undefined) return undefined;
    this.probation.delete(key);
    this.protectedEntries.set(key, value);
    // a full protected segment hands its oldest back to probation as the newest there
    if (this.protectedEntries.size > this.maxProtected) {
      const [oldestKey, oldest] = this.protectedEntries.entries().next().value as [string, V];
      this.protectedEntries.delete(oldestKey);
      this.probation.set(oldestKey, oldest);
    }
    return value;
  }

  /** A write keeps the key's segment (a re-rendered popular page stays protected). */
  set(key: string, value: V): void {
    if (this.protectedEntries.has(key)) {
      this.protectedEntries.delete(key);
      this.protectedEntries.set(key, value);
      return;
    }
    this.probation.delete(key);
    this.probation.set(key, value);
    while (this.size > this.maxEntries) {
      const segment = this.probation.size > 0 ? this.probation : this.protectedEntries;
      const oldest = segment.keys().next().value;
      if (oldest === undefined) break;
      segment.delete(oldest);
    }
  }

  delete(key: string): void {
    this.probation.delete(key);
    this.protectedEntries.delete(key);
  }
}
