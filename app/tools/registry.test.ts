import { describe, expect, it } from "vitest";
import { seedTools } from "~/server/seed/tools.data";
import { findTool, toolComponent, TOOLS } from "./registry";

// tool-catalogue.md §2, every slug as the spec lists it ({product} = dds-to-png).
const SPEC_SLUGS = `dds-to-png dds-to-png-converter jfif-to-png jfif-to-png-converter jpg-to-ico jpg-to-ico-converter avif-to-svg-converter
png-to-dds-converter psb-to-pdf-converter tiff-to-pdf-converter audio-converter mp3-converter wav-converter mp3-to-ogg-converter
mp4-to-mp3-converter mp4-to-wav-converter flv-to-mp3-converter m4a-to-mp3-converter midi-converter mpeg-to-avi-converter
mpg-to-avi-converter video-converter m4a-to-mp4-converter epub-converter epub-to-azw3-converter epub-to-mobi-converter
fb2-to-epub-converter pdf-converter xml-converter bhp-to-ton-calculator cm-to-inches-converter cm-to-mm-converter mm-to-cm-converter
inches-to-cm-converter km-to-miles-converter miles-to-km-converter pounds-to-kg-converter tons-to-pounds-converter
radians-to-rpm-converter kilowatts-to-decibels-converter est-to-gmt-converter gmt-to-eest-converter gmt-to-est-converter
gmt-to-kst-converter kst-to-gmt-converter pdt-to-gmt-converter pdt-to-bst-converter`.split(/\s+/);

describe("tool registry", () => {
  it("routes every slug of the spec's table to a tool", () => {
    expect(SPEC_SLUGS).toHaveLength(47);
    for (const slug of SPEC_SLUGS) expect(findTool(slug), slug).toBeDefined();
  });

  it("gives aliases the canonical slug of their tool", () => {
    expect(findTool("dds-to-png-converter")?.slug).toBe("dds-to-png");
    expect(findTool("jfif-to-png-converter")?.slug).toBe("jfif-to-png");
    expect(findTool("jpg-to-ico-converter")?.slug).toBe("jpg-to-ico");
    expect(findTool("dds-to-png")).toBe(findTool("dds-to-png-converter"));
  });

  it("has a seeded DB row for every tool and no seed row without a tool", () => {
    const seeded = seedTools.map((t) => t.slug).toSorted();
    expect(TOOLS.map((t) => t.slug).toSorted()).toEqual(seeded);
    for (const tool of TOOLS) {
      expect(seedTools.find((t) => t.slug === tool.slug)?.category, tool.slug).toBe(tool.category);
    }
  });

  it("serves all 18 numeric and time tools and the 3 text tools with a component", () => {
    const withUi = TOOLS.filter((t) => t.kind === "calculator" || t.kind === "time");
    expect(withUi).toHaveLength(18);
    for (const t of [...withUi, ...TOOLS.filter((x) => x.kind === "text")]) expect(toolComponent(t.slug), t.slug).not.toBeNull();
    expect(toolComponent("dds-to-png-converter")).toBe(toolComponent("dds-to-png") ?? toolComponent("dds-to-png-converter"));
  });

  it("knows nothing of other slugs (they fall back to the generic page)", () => {
    expect(findTool("my-custom-tool")).toBeUndefined();
    expect(toolComponent("my-custom-tool")).toBeNull();
  });
});
