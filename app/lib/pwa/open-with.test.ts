import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { encodeDds } from "#codecs/dds/index.ts";
import { encodePng } from "#codecs/png/index.ts";
import { TOOLS } from "#app/tools/registry.ts";
import { fileTools } from "./file-handlers.ts";
import { SNIFF_BYTES, sniffExtension } from "#codecs/common/file-sniff.ts";
import { matchFile, planOpen, type FileFacts } from "./open-with.ts";

const slugs = (file: FileFacts) => matchFile(file, TOOLS).tools.map((t) => t.slug);
const plan = (...files: FileFacts[]) => planOpen(files.map((f) => matchFile(f, TOOLS)), TOOLS);
const image = { width: 4, height: 4, data: new Uint8Array(64).fill(200) };
const DDS = encodeDds(image);
const PNG = encodePng(image);
const head = (bytes: Uint8Array) => bytes.subarray(0, SNIFF_BYTES);
/** `text` as bytes at the start of `size` zero bytes */
function ascii(text: string, size = 64): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([...text].map((c) => c.charCodeAt(0)));
  return bytes;
}

describe("matchFile", () => {
  it("sends a .dds to the DDS tool, whatever the case of its name", () => {
    expect(slugs({ name: "stone.dds", type: "" })).toEqual(["dds-to-png"]);
    expect(slugs({ name: "STONE.DDS", type: "image/vnd.ms-dds" })).toEqual(["dds-to-png"]);
  });

  it("gives an unknown extension no tool", () => {
    expect(slugs({ name: "notes.xyz", type: "" })).toEqual([]);
    expect(slugs({ name: "archive.7z", type: "application/x-7z-compressed" })).toEqual([]);
  });

  it("finds every file tool for some file of its own input (every tool is reachable)", () => {
    for (const tool of fileTools()) {
      const ext = tool.accept!.extensions[0]!;
      expect(slugs({ name: `file.${ext}`, type: "" }), tool.slug).toContain(tool.slug);
    }
  });

  it("reads the MIME type as the tools' rules do: a sound file with an odd name goes to the audio tools", () => {
    const tools = slugs({ name: "recording.unknown", type: "audio/x-unknown" });
    expect(tools).toContain("audio-converter");
    expect(tools).not.toContain("dds-to-png");
  });

  it("recognises a file whose name says nothing by its first bytes, and names it for the tool", () => {
    expect(matchFile({ name: "texture", type: "", head: head(DDS) }, TOOLS)).toMatchObject({ name: "texture.dds", sniffed: "dds", tools: [expect.objectContaining({ slug: "dds-to-png" })] });
    expect(matchFile({ name: "shared.bin", type: "application/octet-stream", head: head(PNG) }, TOOLS)).toMatchObject({ name: "shared.bin.png", sniffed: "png" });
    // bytes that prove nothing leave it unsupported, under its own name
    expect(matchFile({ name: "noise.bin", type: "", head: new Uint8Array(64).fill(7) }, TOOLS)).toEqual({ name: "noise.bin", sniffed: null, tools: [] });
    // a name that matches wins over the bytes
    expect(matchFile({ name: "really-a-png.dds", type: "", head: head(PNG) }, TOOLS)).toMatchObject({ name: "really-a-png.dds", sniffed: null });
  });
});

describe("planOpen", () => {
  it("goes straight to the one tool that takes every file", () => {
    const result = plan({ name: "a.dds", type: "" }, { name: "b.dds", type: "" });
    expect(result).toEqual({ kind: "tool", choice: { tool: expect.objectContaining({ slug: "dds-to-png" }), files: [0, 1] } });
  });

  it("offers the tools when several take the file, the ones whose own input it is first", () => {
    const png = plan({ name: "icon.png", type: "image/png" });
    expect(png.kind).toBe("choose");
    if (png.kind !== "choose") return;
    expect(png.choices.map((c) => c.tool.slug)).toEqual(["png-to-dds-converter", "jpg-to-ico", "pdf-converter"]);
    expect(png.unsupported).toEqual([]);
    const mp4 = plan({ name: "clip.mp4", type: "video/mp4" });
    if (mp4.kind !== "choose") throw new Error(mp4.kind);
    expect(mp4.choices.slice(0, 2).map((c) => c.tool.slug)).toEqual(["mp4-to-mp3-converter", "mp4-to-wav-converter"]);
    expect(mp4.choices.map((c) => c.tool.slug)).toContain("video-converter");
  });

  it("puts the tools that take the most files first and names the files none takes", () => {
    const result = plan({ name: "a.dds", type: "" }, { name: "notes.xyz", type: "" }, { name: "b.dds", type: "" }, { name: "c.png", type: "" });
    if (result.kind !== "choose") throw new Error(result.kind);
    expect(result.choices[0]).toEqual({ tool: expect.objectContaining({ slug: "dds-to-png" }), files: [0, 2] });
    expect(result.choices.slice(1).map((c) => c.files)).toEqual([[3], [3], [3]]);
    expect(result.unsupported).toEqual([1]);
  });

  it("offers the one tool when some files are unsupported, rather than going there without a word", () => {
    const result = plan({ name: "a.dds", type: "" }, { name: "notes.xyz", type: "" });
    expect(result).toMatchObject({ kind: "choose", choices: [{ files: [0] }], unsupported: [1] });
  });

  it("says none when no tool takes any file", () => {
    expect(plan({ name: "notes.xyz", type: "" })).toEqual({ kind: "none", unsupported: [0] });
    expect(planOpen([], TOOLS)).toEqual({ kind: "none", unsupported: [] });
  });

  it("offers only the tools it is given (those the site lists)", () => {
    const withoutDds = TOOLS.filter((t) => t.slug !== "dds-to-png");
    expect(planOpen([matchFile({ name: "a.dds", type: "" }, withoutDds)], withoutDds)).toEqual({ kind: "none", unsupported: [0] });
  });
});

describe("sniffExtension", () => {

  it("knows our own encoders' DDS and PNG, and a real DDS from the corpus", () => {
    expect(sniffExtension(DDS)).toBe("dds");
    expect(sniffExtension(PNG)).toBe("png");
    expect(sniffExtension(new Uint8Array(readFileSync("tests/corpus/dds/bc1.dds")).subarray(0, SNIFF_BYTES))).toBe("dds");
  });

  it("knows the signatures of the formats the tools read", () => {
    expect(sniffExtension(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpg");
    expect(sniffExtension(ascii("%PDF-1.7"))).toBe("pdf");
    expect(sniffExtension(ascii("MThd\0\0\0\x06"))).toBe("mid");
    expect(sniffExtension(ascii("RIFF\0\0\0\0WAVEfmt "))).toBe("wav");
    expect(sniffExtension(ascii("8BPS\0\x01"))).toBe("psd");
    expect(sniffExtension(ascii("8BPS\0\x02"))).toBe("psb");
    expect(sniffExtension(ascii("II*\0"))).toBe("tif");
    expect(sniffExtension(ascii("\0\0\0\x20ftypM4A "))).toBe("m4a");
    expect(sniffExtension(ascii("\0\0\0\x20ftypisom"))).toBe("mp4");
    expect(sniffExtension(ascii("\0\0\0\x20ftypavif"))).toBe("avif");
    expect(sniffExtension(ascii(`PK\x03\x04${"\0".repeat(26)}mimetypeapplication/epub+zip`))).toBe("epub");
    expect(sniffExtension(ascii(`${"\0".repeat(60)}BOOKMOBI`, 68))).toBe("mobi");
  });

  it("says nothing of bytes it cannot be sure of", () => {
    expect(sniffExtension(new Uint8Array(0))).toBeNull();
    expect(sniffExtension(ascii("DDS"))).toBeNull();
    expect(sniffExtension(ascii("\0\0\0\x20ftypheic"))).toBeNull();
    expect(sniffExtension(ascii("PK\x03\x04"))).toBeNull();
  });
});
