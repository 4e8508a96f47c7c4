import { describe, expect, it } from "vitest";
import { memoByKey } from "./memo-by-key.ts";

describe("memoByKey", () => {
  it("makes each key's value once and hands the same one back", () => {
    const made: (string | undefined)[] = [];
    const get = memoByKey((key: string | undefined) => {
      made.push(key);
      return { key };
    });
    const first = get("UTC");
    expect(get("UTC")).toBe(first);
    expect(get(undefined)).toEqual({ key: undefined });
    expect(get(undefined)).toBe(get(undefined));
    expect(made).toEqual(["UTC", undefined]);
  });
});
