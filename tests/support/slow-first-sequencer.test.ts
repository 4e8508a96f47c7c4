import { describe, expect, it } from "vitest";
import { toolSeconds } from "./slow-first-sequencer.ts";

describe("toolSeconds", () => {
  it("adds up the guessed seconds of each slow tool call in a test file's text", () => {
    expect(toolSeconds("const a = 1;")).toBe(0);
    expect(toolSeconds("epubcheck(out); calibreConvert(a, b); ebookMeta(x)")).toBe(30);
    expect(toolSeconds('convert("in.wav", "--to", "mp3"); ffmpegArgs(file)')).toBe(4);
    // a name that merely contains one is not a call of it
    expect(toolSeconds("inputKind(x); reconvert(y); myepubcheck(z)")).toBe(0);
  });
});
