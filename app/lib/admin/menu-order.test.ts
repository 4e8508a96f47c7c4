import { describe, expect, it } from "vitest";
import { moveItem, nextOrderIndex, orderChanges, renumber, sortByOrder } from "./menu-order.ts";

const items = (...pairs: [number, number][]) => pairs.map(([id, order_index]) => ({ id, order_index, label: `item ${id}` }));
const ids = (list: { id: number }[] | null) => list?.map((i) => i.id);

describe("menu ordering", () => {
  it("sorts by order_index, then by id", () => {
    expect(ids(sortByOrder(items([3, 2], [1, 2], [2, 1])))).toEqual([2, 1, 3]);
  });

  it("renumbers 1..n, repairing gaps, duplicates and zeros, and keeps other fields", () => {
    const out = renumber(items([5, 10], [6, 0], [7, 10], [8, 4]));
    expect(out.map((i) => [i.id, i.order_index])).toEqual([
      [6, 1],
      [8, 2],
      [5, 3],
      [7, 4],
    ]);
    expect(out[0]!.label).toBe("item 6");
    expect(renumber([])).toEqual([]);
  });

  it("a new item goes after the count of its menu", () => {
    expect(nextOrderIndex(0)).toBe(1);
    expect(nextOrderIndex(5)).toBe(6);
  });

  it("moves an item up or down by swapping with its neighbour", () => {
    const list = items([1, 1], [2, 2], [3, 3]);
    expect(moveItem(list, 3, "up")!.map((i) => [i.id, i.order_index])).toEqual([
      [1, 1],
      [3, 2],
      [2, 3],
    ]);
    expect(ids(moveItem(list, 1, "down"))).toEqual([2, 1, 3]);
  });

  it("leaves the first item up and the last item down in place", () => {
    const list = items([1, 1], [2, 2]);
    expect(ids(moveItem(list, 1, "up"))).toEqual([1, 2]);
    expect(ids(moveItem(list, 2, "down"))).toEqual([1, 2]);
  });

  it("repairs gaps while moving", () => {
    const moved = moveItem(items([1, 4], [2, 9], [3, 9]), 3, "up")!;
    expect(moved.map((i) => [i.id, i.order_index])).toEqual([
      [1, 1],
      [3, 2],
      [2, 3],
    ]);
  });

  it("answers null for an unknown id", () => {
    expect(moveItem(items([1, 1]), 42, "up")).toBeNull();
  });

  it("lists only the rows whose order changed", () => {
    const stored = items([1, 1], [2, 2], [3, 5]);
    expect(orderChanges(stored, moveItem(stored, 2, "up")!)).toEqual([
      { id: 2, order_index: 1 },
      { id: 1, order_index: 2 },
      { id: 3, order_index: 3 },
    ]);
    expect(orderChanges(stored, renumber(stored))).toEqual([{ id: 3, order_index: 3 }]);
  });
});
