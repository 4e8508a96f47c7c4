import { describe, expect, it } from "vitest";
import { SegmentedLru } from "./segmented-lru.ts";

describe("SegmentedLru", () => {
  it("evicts keys read once before keys read again", () => {
    const lru = new SegmentedLru<number>(4, 0.5);
    lru.set("popular", 1);
    lru.get("popular");
    for (let i = 0; i < 10; i++) lru.set(`once-${i}`, i);
    expect(lru.size).toBe(4);
    expect(lru.peek("popular")).toBe(1);
    expect(lru.has("once-0")).toBe(false);
    expect(lru.has("once-9")).toBe(true);
  });

  it("hands the oldest protected key back to probation when protected is full", () => {
    const lru = new SegmentedLru<number>(4, 0.5);
    for (const k of ["a", "b", "c"]) {
      lru.set(k, 0);
      lru.get(k);
    }
    // protected holds b and c; a went back to probation and is the next to go
    lru.set("d", 0);
    lru.set("e", 0);
    expect(lru.has("a")).toBe(false);
    expect(["b", "c", "d", "e"].every((k) => lru.has(k))).toBe(true);
  });

  it("keeps a rewritten key in its segment, and deletes from either", () => {
    const lru = new SegmentedLru<number>(2, 0.5);
    lru.set("a", 1);
    lru.get("a");
    lru.set("a", 2);
    lru.set("b", 1);
    lru.set("c", 1);
    expect(lru.peek("a")).toBe(2);
    lru.delete("a");
    lru.delete("c");
    expect(lru.size).toBe(0);
  });
});
