// The Manage Tools list's orders (?sort=) and the toast it shows after a save (?saved=).

/** The admin list's orders: created_at desc (default), rank desc, search_volume desc, name asc. */
export const TOOL_SORTS = [
  { value: "created_at", label: "Newest first" },
  { value: "rank", label: "Rank (1 first)" },
  { value: "search_volume", label: "Search volume (highest first)" },
  { value: "name", label: "Name (A-Z)" },
] as const;
export type ToolSort = (typeof TOOL_SORTS)[number]["value"];
export const DEFAULT_TOOL_SORT: ToolSort = "created_at";

/** `?sort=` as a known order; anything else is the default. */
export function parseToolSort(value: string | null | undefined): ToolSort {
  return TOOL_SORTS.some((s) => s.value === value) ? (value as ToolSort) : DEFAULT_TOOL_SORT;
}

/** After a save the form redirects to `/admin/tools?saved=added|updated`; the list shows the toast. */
export const SAVED_MESSAGES = {
  added: "Tool added successfully",
  updated: "Tool updated successfully",
} as const;
export type SavedKind = keyof typeof SAVED_MESSAGES;

export function savedMessage(value: string | null | undefined): string | null {
  return value === "added" || value === "updated" ? SAVED_MESSAGES[value] : null;
}

/** Where the rank order is used, said beside the list (issue 29: moving a rank changed nothing visible). */
export const RANK_HELP =
  "Rank 1 comes first. The rank orders the featured tools on the home page, the related tools on each tool page and this list when sorted by rank; the All Tools page stays alphabetical. Up and down swap a tool with its neighbour.";

/** The toast after a rank move. */
export function rankMoveMessage(move: { name: string; position: number; total: number; moved: boolean }, direction: "up" | "down"): string {
  if (!move.moved) return `“${move.name}” is already ${direction === "up" ? "first" : "last"} (rank ${move.position} of ${move.total})`;
  return `“${move.name}” moved ${direction} to rank ${move.position} of ${move.total}`;
}
