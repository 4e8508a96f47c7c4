import { describe, expect, it } from "vitest";
import { TOOLS } from "#app/tools/registry.ts";
import { extensionsByGroup, fileHandlers, fileTools, readableExtensions, shareTarget } from "./file-handlers.ts";
import { fileTypeOf } from "./file-types.ts";

// Chromium's manifest parser (manifest_parser.cc): a key must be a MIME type with a known top-level
// type, each extension must start with "."; past 300 extensions in all, the rest are dropped.
const MIME = /^(application|audio|image|text|video)\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;
const CHROMIUM_EXTENSION_LIMIT = 300;

describe("the manifest's file_handlers", () => {
  const handlers = fileHandlers();
  const registered = handlers.flatMap((handler) => Object.values(handler.accept).flat());

  it("registers every extension every file tool reads", () => {
    expect(fileTools().length).toBeGreaterThan(20);
    for (const tool of fileTools()) {
      for (const ext of tool.accept?.extensions ?? []) expect(registered, `${tool.slug}: .${ext}`).toContain(`.${ext.toLowerCase()}`);
    }
  });

  it("is valid: /open as the action, a name, MIME type keys, extensions starting with a dot, each once, within Chromium's limit", () => {
    for (const handler of handlers) {
      expect(handler.action).toBe("/open");
      expect(handler.name).not.toBe("");
      for (const [mime, extensions] of Object.entries(handler.accept)) {
        expect(mime).toMatch(MIME);
        expect(extensions.length).toBeGreaterThan(0);
        for (const ext of extensions) expect(ext).toMatch(/^\.[a-z0-9+.]+$/);
      }
    }
    expect(new Set(registered).size).toBe(registered.length);
    expect(registered.length).toBeLessThanOrEqual(CHROMIUM_EXTENSION_LIMIT);
    // it survives JSON as it is (the manifest is JSON)
    expect(JSON.parse(JSON.stringify(handlers))).toEqual(handlers);
  });

  it("groups the formats by kind, with the issue's formats under their own types", () => {
    expect(handlers.map((h) => h.name)).toEqual(["Images", "Audio", "Video", "Ebooks", "Documents and data"]);
    const accept = (name: string) => handlers.find((h) => h.name === name)?.accept ?? {};
    expect(accept("Images")).toMatchObject({
      "image/vnd.ms-dds": [".dds"],
      "image/png": [".png"],
      "image/tiff": expect.arrayContaining([".tif", ".tiff"]),
      "image/vnd.adobe.photoshop": expect.arrayContaining([".psd", ".psb"]),
    });
    expect(accept("Images")["image/jpeg"]).toEqual(expect.arrayContaining([".jpg", ".jpeg", ".jfif"]));
    expect(accept("Audio")).toMatchObject({ "audio/mpeg": expect.arrayContaining([".mp3"]), "audio/midi": [".mid", ".midi"], "audio/flac": [".flac"] });
    expect(accept("Video")).toMatchObject({ "video/mp4": [".mp4"], "video/x-matroska": [".mkv"] });
    expect(accept("Ebooks")).toMatchObject({ "application/epub+zip": [".epub"], "application/x-fictionbook+xml": [".fb2"] });
    expect(accept("Ebooks")["application/x-mobipocket-ebook"]).toEqual(expect.arrayContaining([".mobi"]));
    expect(accept("Documents and data")).toMatchObject({
      "application/pdf": [".pdf"],
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document": [".docx"],
    });
  });

  it("lists the extensions by group for the launch page, each extension once", () => {
    const groups = extensionsByGroup();
    expect(groups.flatMap((g) => g.extensions).toSorted()).toEqual(readableExtensions().toSorted());
    expect(groups.find((g) => g.group === "Images")?.extensions).toContain("dds");
  });

  it("gives a format no table lists a valid type of its own, so a new tool's extension is registered too", () => {
    expect(fileTypeOf("xyz")).toEqual({ mime: "application/x-xyz", group: "Documents and data" });
    expect(fileTypeOf("a b")).toEqual({ mime: "application/x-a-b", group: "Documents and data" });
    const tools = [...TOOLS, { ...TOOLS.find((t) => t.slug === "dds-to-png")!, slug: "qoi-to-png", aliases: [], accept: { ...TOOLS.find((t) => t.slug === "dds-to-png")!.accept!, extensions: ["qoi"] } }];
    expect(fileHandlers(tools).find((h) => h.name === "Documents and data")?.accept["application/x-qoi"]).toEqual([".qoi"]);
  });
});

describe("the manifest's share_target", () => {
  const target = shareTarget();

  it("posts multipart files to /share-target", () => {
    expect(target).toMatchObject({ action: "/share-target", method: "POST", enctype: "multipart/form-data" });
    expect(target.params.files).toHaveLength(1);
    expect(target.params.files[0]!.name).toBe("files");
  });

  it("accepts what the tools read: the wildcards their rules take, every format's type and extension", () => {
    const accept = target.params.files[0]!.accept;
    expect(accept).toEqual(expect.arrayContaining(["audio/*", "video/*", "image/vnd.ms-dds", "application/pdf", ".dds", ".epub", ".mid"]));
    for (const entry of accept) expect(entry).toMatch(/^(\.[a-z0-9+.]+|[a-z]+\/(\*|[a-z0-9][a-z0-9!#$&^_.+-]*))$/);
    expect(new Set(accept).size).toBe(accept.length);
  });
});
