import { describe, expect, it } from "vitest";
import { describeFileKind, wrongKindMessage } from "./file-kind.ts";

const text = (s: string) => new TextEncoder().encode(s);
const bytes = (...values: number[]) => Uint8Array.from(values);

describe("describeFileKind", () => {
  it("names binary formats by their signature", () => {
    expect(describeFileKind(bytes(0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 0))).toBe("a PNG image");
    expect(describeFileKind(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("a JPEG image");
    expect(describeFileKind(text("%PDF-1.7\n"))).toBe("a PDF document");
    expect(describeFileKind(bytes(0x50, 0x4b, 3, 4, 20, 0))).toMatch(/^a ZIP archive/);
    expect(describeFileKind(new Uint8Array([...text("RIFF"), 0, 0, 0, 0, ...text("WEBPVP8 ")]))).toBe("a WebP image");
  });
  it("tells text files apart by their first characters", () => {
    expect(describeFileKind(text("name,size\nstone,512\n"))).toBe("a CSV table");
    expect(describeFileKind(text("a;b;c\r\n1;2;3\r\n"))).toBe("a CSV table");
    expect(describeFileKind(text('\uFEFF{"a": 1}'))).toBe("a JSON file");
    expect(describeFileKind(text('<?xml version="1.0"?><root/>'))).toBe("an XML file");
    expect(describeFileKind(text("<!DOCTYPE html><html>"))).toBe("a web page (HTML)");
    expect(describeFileKind(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe("an SVG image");
    expect(describeFileKind(text("Dear reader,\nthis is a letter.\n"))).toBe("a text file");
    expect(describeFileKind(text("Grüße aus Köln — 東京"))).toBe("a text file");
  });
  it("a multi-byte character cut at the end of the head is still text", () => {
    const whole = text("x,y\n1,2\n東");
    expect(describeFileKind(whole.subarray(0, whole.length - 1))).toBe("a CSV table");
  });
  it("gives no answer for bytes it cannot name", () => {
    expect(describeFileKind(new Uint8Array(0))).toBeNull();
    expect(describeFileKind(bytes(0x50, 0x44, 0x53, 0x20, 124, 0, 0, 0))).toBeNull();
    expect(describeFileKind(bytes(1, 2, 3, 250, 251, 0))).toBeNull();
  });
});

describe("wrongKindMessage", () => {
  it("says what the file is and what it is not", () => {
    expect(wrongKindMessage(text("a,b\n1,2\n"), "a DDS texture")).toBe("This file is a CSV table, not a DDS texture.");
  });
  it("is silent when the kind is unknown or is the expected one", () => {
    expect(wrongKindMessage(bytes(0, 1, 2, 3), "a DDS texture")).toBeNull();
    expect(wrongKindMessage(new Uint8Array([...text("DDS "), 124, 0, 0, 0]), "a DDS texture")).toBeNull();
  });
});
