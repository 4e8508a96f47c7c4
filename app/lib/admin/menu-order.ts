// Ordering of menu items (by order_index; a new item = count of its menu + 1). Pure, so the
// server's queries and the tests share it.

export interface Ordered {
  id: number;
  order_index: number;
}

export type MoveDirection = "up" | "down";

/** By order_index, then id (older first) so ties and gaps still give one stable order. */
export function sortByOrder<T extends Ordered>(items: readonly T[]): T[] {
  return items.toSorted((a, b) => a.order_index - b.order_index || a.id - b.id);
}

/** The items in their order, numbered 1..n (repairs gaps, duplicates and zeros). */
export function renumber<T extends Ordered>(items: readonly T[]): T[] {
  return sortByOrder(items).map((item, i) => ({ ...item, order_index: i + 1 }));
}

/** order_index for an item added at the end of a menu of `count` items. */
export function nextOrderIndex(count: number): number {
  return count + 1;
}

/**
 * The menu after moving one item up or down: renumbered 1..n with the item and its neighbour
 * swapped. An item already first (up) or last (down) stays where it is. null when the id is not in
 * the list.
 */
export function moveItem<T extends Ordered>(items: readonly T[], id: number, direction: MoveDirection): T[] | null {
  const ordered = renumber(items);
  const at = ordered.findIndex((item) => item.id === id);
  if (at === -1) return null;
  const other = direction === "up" ? at - 1 : at + 1;
  if (other < 0 || other >= ordered.length) return ordered;
  const a = ordered[at]!;
  const b = ordered[other]!;
  ordered[at] = { ...b, order_index: a.order_index };
  ordered[other] = { ...a, order_index: b.order_index };
  return ordered;
}

/** The rows whose order_index differs from what is stored: the only updates to write. */
export function orderChanges(stored: readonly Ordered[], wanted: readonly Ordered[]): Ordered[] {
  const before = new Map(stored.map((item) => [item.id, item.order_index]));
  return wanted.filter((item) => before.get(item.id) !== item.order_index).map(({ id, order_index }) => ({ id, order_index }));
}
