import { describe, expect, it } from "vitest";
import { BUILT_IN_SLUG_MESSAGE, isBuiltInSlug, toolSlugProblem } from "./tool-address.ts";

describe("a tool's address", () => {
  it("a built-in tool keeps its slug whatever its name becomes", () => {
    expect(isBuiltInSlug("mp3-converter")).toBe(true);
    expect(toolSlugProblem("mp3-converter", "free-mp3-converter")).toBe(BUILT_IN_SLUG_MESSAGE);
    expect(toolSlugProblem("mp3-converter", "mp3-converter")).toBeNull();
  });
  it("no other tool takes a built-in slug or alias; custom tools rename freely", () => {
    expect(toolSlugProblem(undefined, "mp3-converter")).toContain("/tool/mp3-converter");
    expect(toolSlugProblem("my-tool", "mp3-converter")).toContain("built-in");
    expect(toolSlugProblem("my-tool", "my-renamed-tool")).toBeNull();
  });
});
