import { describe, expect, it } from "vitest";
import { filterTools } from "./tool-search.ts";

const tools = [
  { name: "DDS to PNG Converter", description: "Convert DirectDraw Surface textures", category: "Image" },
  { name: "MP3 Converter", description: "Convert audio to MP3", category: "Audio" },
  { name: "CM to Inches Converter", description: "Centimetres to inches", category: "Unit" },
];

describe("filterTools", () => {
  it("returns everything for an empty query", () => {
    expect(filterTools(tools, "  ")).toHaveLength(3);
  });
  it("matches name, description and category, case-insensitively", () => {
    expect(filterTools(tools, "dds").map((t) => t.name)).toEqual(["DDS to PNG Converter"]);
    expect(filterTools(tools, "AUDIO")).toHaveLength(1);
    expect(filterTools(tools, "unit")).toHaveLength(1);
    expect(filterTools(tools, "texture")).toHaveLength(1);
  });
  it("needs every word", () => {
    expect(filterTools(tools, "convert png")).toHaveLength(1);
    expect(filterTools(tools, "convert zzz")).toHaveLength(0);
  });
  it("ignores accents", () => {
    expect(filterTools(tools, "centimétres")).toHaveLength(1);
  });
});
