import { describe, expect, it } from "vitest";
import { parseRecent, RECENT_TOOLS_LIMIT, withRecent } from "./recent-tools.ts";

describe("recent tools", () => {
  it("moves a used tool to the front without duplicates and keeps at most the limit", () => {
    let list: string[] = [];
    for (const s of ["a", "b", "c", "a"]) list = withRecent(list, s);
    expect(list).toEqual(["a", "c", "b"]);
    for (let i = 0; i < 10; i++) list = withRecent(list, `t${i}`);
    expect(list).toHaveLength(RECENT_TOOLS_LIMIT);
    expect(list[0]).toBe("t9");
  });
  it("reads only well-formed stored lists", () => {
    expect(parseRecent("")).toEqual([]);
    expect(parseRecent("not json")).toEqual([]);
    expect(parseRecent('{"a":1}')).toEqual([]);
    expect(parseRecent('["dds-to-png", 5, "<script>", "word-counter"]')).toEqual(["dds-to-png", "word-counter"]);
  });
});
