import { describe, expect, it } from "vitest";
import { TOOLS } from "../registry.ts";
import { AVIF_SVG_OPTIONS, AVIF_SVG_PRESETS } from "../avif-svg/presets.ts";
import { DATA_OPTIONS, DATA_PRESETS } from "../data/presets.ts";
import { DOCUMENT_OPTIONS, DOCUMENT_PRESETS } from "../document/presets.ts";
import { ebookOptionSchema, ebookPresets } from "../ebook/presets.ts";
import { mediaToolConfig } from "../media/media-tools.ts";
import { DDS_TO_PNG_OPTIONS, DDS_TO_PNG_PRESETS } from "../dds/presets.ts";
import { ICO_OPTIONS, ICO_PRESETS } from "../ico/presets.ts";
import { MEDIA_PRESETS, mediaOptionSchema } from "../media/presets.ts";
import { MIDI_OPTIONS, MIDI_PRESETS } from "../midi/presets.ts";
import { PNG_TO_DDS_OPTIONS, PNG_TO_DDS_PRESETS } from "../png-dds/presets.ts";
import { defaultsOf, parseOptions, serializeOptions, type OptionSchema } from "./tool-options-url.ts";
import { builtInQuery, type BuiltInPreset } from "./tool-presets.ts";

// Every built-in preset is data the tool's own schema accepts, with distinct names and settings.
function expectValid<S extends OptionSchema>(schema: S, presets: readonly BuiltInPreset<S>[]) {
  const queries = presets.map((preset) => builtInQuery(schema, preset));
  expect(queries).not.toContain(null);
  expect(new Set(presets.map((p) => p.name)).size).toBe(presets.length);
  expect(new Set(queries).size).toBe(presets.length);
  for (const query of queries) {
    const { values, ignored } = parseOptions(schema, new URLSearchParams(query ?? ""));
    expect(ignored).toEqual([]);
    expect(serializeOptions(schema, values).toString()).toBe(query);
  }
}

describe("built-in presets", () => {
  it("PNG to DDS, AVIF to SVG, PDF, data, MIDI, ICO and DDS to PNG", () => {
    expectValid(PNG_TO_DDS_OPTIONS, PNG_TO_DDS_PRESETS);
    expectValid(AVIF_SVG_OPTIONS, AVIF_SVG_PRESETS);
    expectValid(DOCUMENT_OPTIONS, DOCUMENT_PRESETS);
    expectValid(DATA_OPTIONS, DATA_PRESETS);
    expectValid(MIDI_OPTIONS, MIDI_PRESETS);
    expectValid(ICO_OPTIONS, ICO_PRESETS);
    expectValid(DDS_TO_PNG_OPTIONS, DDS_TO_PNG_PRESETS);
  });

  it("the ebook tools: the EPUB converter's and the Kindle outputs'; the others read no options", () => {
    for (const meta of TOOLS.filter((t) => t.page === "ebook/ebook-tool.tsx")) {
      const schema = ebookOptionSchema(meta.ebookTarget);
      if (Object.keys(schema).length > 0) expectValid(schema, ebookPresets(meta.ebookTarget));
    }
    expect(Object.keys(ebookOptionSchema("epub"))).toEqual([]);
    expect(Object.keys(ebookOptionSchema("azw3"))).toEqual(["kindleSize"]);
  });

  it("the media tools: each preset is offered where its target is made, and by at least one tool", () => {
    const offered = new Set<string>();
    for (const meta of TOOLS.filter((t) => t.page === "media/media-tool.tsx")) {
      const config = mediaToolConfig(meta);
      const schema = mediaOptionSchema(config);
      for (const preset of MEDIA_PRESETS) {
        const query = builtInQuery(schema, preset);
        if (query !== null) offered.add(preset.name);
        if (preset.options.target && config.targets.includes(preset.options.target) && !preset.options.resolution && !preset.options.noAudio) expect(query, `${preset.name} on ${meta.slug}`).not.toBeNull();
      }
      // audio tools read no video option
      if (config.family === "audio") expect(parseOptions(schema, new URLSearchParams("resolution=720")).ignored).toHaveLength(1);
      expect(defaultsOf(schema).target).toBe(config.targets[0]);
    }
    expect([...offered].toSorted()).toEqual(MEDIA_PRESETS.map((p) => p.name).toSorted());
  });
});
