import { describe, expect, it } from "vitest";
import { cliConversions, type CliConversion } from "#app/tools/registry.ts";
import { ConvertError } from "./convert-error.ts";
import { chooseConversion, inputKinds, loadConversion, usageText } from "./dispatch.ts";
import { readdirSync } from "node:fs";

const conversions = cliConversions();
const choose = (kind: string, extension: string, all = false) => chooseConversion(conversions, kind, { extension, output: `out.${extension}`, all }).slug;

describe("the CLI's conversions", () => {
  it("each has its code in cli/conversions/<slug>.ts, and each file there is a conversion", () => {
    const files = readdirSync(new URL("./conversions/", import.meta.url)).filter((f) => !f.endsWith(".test.ts"));
    expect(files.toSorted()).toEqual(conversions.map((c) => `${c.slug}.ts`).toSorted());
  });

  it("each conversion's module exports its convert function", async () => {
    for (const { slug } of conversions) expect(typeof (await loadConversion(slug)), slug).toBe("function");
  });

  it("a slug without code is a bug, said plainly", async () => {
    await expect(loadConversion("no-such-tool")).rejects.toThrow('no conversion code for "no-such-tool"');
  });

  it("the input kinds the messages list come from the list, in its order", () => {
    expect(inputKinds(conversions)).toEqual(["dds", "jpeg", "png", "avif", "psb", "tiff", "audio", "video", "midi", "epub", "fb2", "mobi", "azw3", "pdf", "docx", "doc", "txt", "xml", "json", "csv", "html"]);
  });
});

describe("chooseConversion", () => {
  it("picks by input kind and output extension", () => {
    expect(choose("dds", "png")).toBe("dds-to-png");
    expect(choose("dds", "zip", true)).toBe("dds-to-png");
    expect(choose("png", "dds")).toBe("png-to-dds-converter");
    expect(choose("jpeg", "dds")).toBe("png-to-dds-converter");
    expect(choose("jpeg", "ico")).toBe("jpg-to-ico");
    expect(choose("jpeg", "png")).toBe("jfif-to-png");
    expect(choose("tiff", "pdf")).toBe("tiff-to-pdf-converter");
    expect(choose("psb", "pdf")).toBe("psb-to-pdf-converter");
  });

  it("takes an output without an extension as a folder only with --all, for a conversion that writes folders", () => {
    expect(chooseConversion(conversions, "dds", { extension: "", output: "levels", all: true }).slug).toBe("dds-to-png");
    expect(() => chooseConversion(conversions, "dds", { extension: "", output: "levels", all: false })).toThrow('not to "levels"');
    expect(() => chooseConversion(conversions, "tiff", { extension: "", output: "pages", all: true })).toThrow(ConvertError);
  });

  it("refuses another pair, naming every extension the input kind converts to", () => {
    expect(() => choose("tiff", "png")).toThrow('A TIFF file converts to .pdf, not to ".png".');
    expect(() => choose("png", "ogg")).toThrow('A PNG file converts to .ico, .dds, .pdf, .docx, .txt, .png, .jpg or .jpeg, not to ".ogg".');
    expect(() => choose("midi", "pdf")).toThrow('A MIDI file converts to .wav, .mp3 or .ogg, not to ".pdf".');
    expect(() => choose("dds", "jpg")).toThrow('A DDS file converts to .png or .zip (the .zip, or a folder, with --all), not to ".jpg".');
  });

  it("takes a fallback conversion only when no other fits", () => {
    expect(choose("txt", "txt")).toBe("xml-converter");
    expect(choose("txt", "pdf")).toBe("pdf-converter");
    expect(choose("jpeg", "png")).toBe("jfif-to-png");
  });

  it("follows the list: a conversion added to it is chosen", () => {
    const more: CliConversion[] = [...conversions, { slug: "jpg-to-ico", from: ["tiff"], to: ["ico"] }];
    expect(chooseConversion(more, "tiff", { extension: "ico", output: "x.ico", all: false }).slug).toBe("jpg-to-ico");
  });
});

describe("usageText", () => {
  it("has one block per conversion, its label derived from the list", () => {
    const usage = usageText(conversions);
    expect(usage.split("\n")[0]).toBe("Usage: npm run convert -- <input> <output> [options]");
    for (const label of ["DDS to PNG/ZIP:", "PNG/JPEG to DDS:", "PNG/JPEG to ICO:", "JPEG to PNG:", "TIFF to PDF:", "PSB to PDF:"]) expect(usage).toContain(`  ${label}`);
    expect(usage).toContain("--sizes 16,32,48   (from 16, 24, 32, 48, 64, 128, 256)");
    expect(usageText([{ slug: "jfif-to-png", from: ["jpeg"], to: ["png"] }]).split("\n")).toHaveLength(2);
  });
});
