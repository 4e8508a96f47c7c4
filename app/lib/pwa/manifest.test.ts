import { describe, expect, it } from "vitest";
import { DEFAULT_ICONS, MAX_SHORTCUTS, shortNameOf, siteIconEntry, webAppManifest } from "./manifest.ts";

const tools = Array.from({ length: 6 }, (_, i) => ({ slug: `tool-${i}`, name: `Tool ${i}`, description: `Does ${i}` }));
const input = { siteName: "DDS to PNG Converter", description: "Free converters", themeColor: "#2563eb", siteIcon: "", tools };

describe("webAppManifest", () => {
  it("has what install needs: name, start_url, standalone, 192 and 512 px icons", () => {
    const m = webAppManifest(input);
    expect(m).toMatchObject({ name: "DDS to PNG Converter", start_url: "/", scope: "/", id: "/", display: "standalone", theme_color: "#2563eb" });
    expect(m.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    expect(m.icons.some((i) => i.purpose === "maskable")).toBe(true);
  });

  it("puts the owner's icon first and keeps ours for the sizes", () => {
    const m = webAppManifest({ ...input, siteIcon: "/uploads/brand/icon.svg" });
    expect(m.icons[0]).toEqual({ src: "/uploads/brand/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" });
    expect(m.icons.slice(1)).toEqual(DEFAULT_ICONS);
  });

  it("makes shortcuts of the first tools in the order given, at most MAX_SHORTCUTS", () => {
    const m = webAppManifest(input);
    expect(m.shortcuts.map((s) => s.url)).toEqual(tools.slice(0, MAX_SHORTCUTS).map((t) => `/tool/${t.slug}`));
    expect(m.shortcuts[0]).toMatchObject({ name: "Tool 0", description: "Does 0" });
  });

  it("opens every format the file tools read through the launch page, and takes shared files", () => {
    const m = webAppManifest(input);
    expect(m.file_handlers.length).toBeGreaterThan(0);
    expect(m.file_handlers.every((h) => h.action === "/open")).toBe(true);
    const extensions = m.file_handlers.flatMap((h) => Object.values(h.accept).flat());
    for (const ext of [".dds", ".png", ".tiff", ".mp3", ".mid", ".pdf", ".docx", ".epub", ".fb2", ".mobi"]) expect(extensions).toContain(ext);
    expect(m.share_target).toMatchObject({ action: "/share-target", method: "POST", enctype: "multipart/form-data" });
  });
});

describe("siteIconEntry", () => {
  it("reads the type from the extension, ignoring a query", () => {
    expect(siteIconEntry("https://cdn.example/i.PNG?v=2")).toMatchObject({ type: "image/png", sizes: "any" });
  });
  it("skips an empty or unknown icon", () => {
    expect(siteIconEntry("")).toBeNull();
    expect(siteIconEntry("/uploads/x.bin")).toBeNull();
  });
});

describe("shortNameOf", () => {
  it("keeps a short name and cuts a long one at a word", () => {
    expect(shortNameOf("Toolbox")).toBe("Toolbox");
    expect(shortNameOf("DDS to PNG Converter")).toBe("DDS to PNG");
    expect(shortNameOf("Supercalifragilistic")).toBe("Supercalifra");
  });
});
