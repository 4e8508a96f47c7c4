import { describe, expect, it } from "vitest";
import { DEFAULT_TOOL_SORT, parseToolSort, savedMessage } from "./tools-list.ts";

describe("parseToolSort", () => {
  it("accepts the four orders and defaults anything else to created_at", () => {
    for (const sort of ["created_at", "rank", "search_volume", "name"]) expect(parseToolSort(sort)).toBe(sort);
    for (const sort of [null, undefined, "", "id", "rank desc", "NAME", "__proto__"]) expect(parseToolSort(sort)).toBe(DEFAULT_TOOL_SORT);
    expect(DEFAULT_TOOL_SORT).toBe("created_at");
  });
});

describe("savedMessage", () => {
  it("gives the spec's toasts for ?saved=", () => {
    expect(savedMessage("added")).toBe("Tool added successfully");
    expect(savedMessage("updated")).toBe("Tool updated successfully");
    expect(savedMessage("deleted")).toBeNull();
    expect(savedMessage(null)).toBeNull();
  });
});
