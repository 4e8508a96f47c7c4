import { describe, expect, it } from "vitest";
import { BUILT_IN_SLUG_MESSAGE, isBuiltInSlug, toolSlugProblem } from "./tool-address.ts";

describe("a tool's address", () => {
  it("a built-in tool keeps its slug whatever its name becomes", () => {
    expect(isBuiltInSlug("mp3-converter")).toBe(true);
    expect(toolSlugProblem("mp3-converter", "free-mp3-converter")).toBe(BUILT_IN_SLUG_MESSAGE);
    expect(toolSlugProblem("mp3-converter", "mp3-converter")).toBeNull();
  });
  it("no tool takes a built-in's alias; custom tools rename freely", () => {
    expect(toolSlugProblem(undefined, "dds-to-png-converter")).toContain("/tool/dds-to-png");
    expect(toolSlugProblem("my-tool", "dds-to-png-converter")).toContain("built-in");
    expect(toolSlugProblem("my-tool", "my-renamed-tool")).toBeNull();
  });
  it("a built-in's own slug is left to the duplicate check (a row renamed away before can take it back)", () => {
    expect(toolSlugProblem("free-mp3-converter", "mp3-converter")).toBeNull();
  });
});
