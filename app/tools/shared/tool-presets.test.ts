import { describe, expect, it } from "vitest";
import { flag, oneOf } from "./tool-options-url.ts";
import { builtInQuery, deletePreset, MAX_PRESETS_PER_TOOL, PRESETS_STORAGE_KEY, readPresets, savePreset, type PresetStorage } from "./tool-presets.ts";

class MemoryStorage implements PresetStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe("saved presets", () => {
  it("round-trip per tool, replacing a preset of the same name", () => {
    const storage = new MemoryStorage();
    savePreset(storage, "png-to-dds-converter", { name: "Mine", query: "format=bc7" });
    savePreset(storage, "png-to-dds-converter", { name: " Other ", query: "mips=1" });
    savePreset(storage, "mp3-converter", { name: "Mine", query: "bitrate=64" });
    expect(savePreset(storage, "png-to-dds-converter", { name: "Mine", query: "format=bc1" })).toEqual([
      { name: "Other", query: "mips=1" },
      { name: "Mine", query: "format=bc1" },
    ]);
    expect(readPresets(storage, "mp3-converter")).toEqual([{ name: "Mine", query: "bitrate=64" }]);
    expect(deletePreset(storage, "png-to-dds-converter", "Other")).toEqual([{ name: "Mine", query: "format=bc1" }]);
    expect(JSON.parse(storage.getItem(PRESETS_STORAGE_KEY)!)).toMatchObject({ version: 1 });
  });

  it("refuses an empty name and more than the limit", () => {
    const storage = new MemoryStorage();
    expect(() => savePreset(storage, "t", { name: "  ", query: "" })).toThrow(RangeError);
    for (let i = 0; i < MAX_PRESETS_PER_TOOL; i++) savePreset(storage, "t", { name: `p${i}`, query: "" });
    expect(() => savePreset(storage, "t", { name: "one more", query: "" })).toThrow(RangeError);
  });

  it.each([
    ["not JSON", "{"],
    ["null", "null"],
    ["another version", JSON.stringify({ version: 2, tools: { t: [{ name: "a", query: "" }] } })],
    ["tools not an object", JSON.stringify({ version: 1, tools: "x" })],
    ["a list that is not a list", JSON.stringify({ version: 1, tools: { t: { name: "a" } } })],
  ])("ignores corrupt storage (%s)", (_, stored) => {
    const storage = new MemoryStorage();
    storage.setItem(PRESETS_STORAGE_KEY, stored);
    expect(readPresets(storage, "t")).toEqual([]);
    expect(savePreset(storage, "t", { name: "a", query: "x=1" })).toEqual([{ name: "a", query: "x=1" }]);
  });

  it("drops only the bad entries of a list", () => {
    const storage = new MemoryStorage();
    storage.setItem(PRESETS_STORAGE_KEY, JSON.stringify({ version: 1, tools: { t: [{ name: "ok", query: "a=1" }, { name: 5 }, null, { name: "", query: "" }, { name: "x".repeat(61), query: "" }] } }));
    expect(readPresets(storage, "t")).toEqual([{ name: "ok", query: "a=1" }]);
  });
});

describe("builtInQuery", () => {
  const schema = { format: oneOf(["rgba8", "bc7"], "rgba8"), mips: flag(false) };

  it("is the preset's options as a query, defaults left out", () => {
    expect(builtInQuery(schema, { name: "a", options: { format: "bc7", mips: true } })).toBe("format=bc7&mips=1");
    expect(builtInQuery(schema, { name: "a", options: { format: "rgba8" } })).toBe("");
  });

  it("is null for a preset naming an option or value this tool lacks", () => {
    expect(builtInQuery(schema, { name: "a", options: { format: "bc3" as "bc7" } })).toBeNull();
    expect(builtInQuery(schema, { name: "a", options: { other: 1 } as never })).toBeNull();
  });
});
