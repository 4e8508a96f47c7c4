import { describe, expect, it } from "vitest";
import { cliOutcome, isProgrammerError, verdictOf, type CliExit } from "./outcome.ts";

const exit = (over: Partial<CliExit>): CliExit => ({
  status: 0,
  signal: null,
  stderr: "",
  timedOut: false,
  runaway: false,
  peakBytes: 100 * 1024 ** 2,
  timeoutMs: 120_000,
  outputWritten: true,
  output: "/tmp/out.png",
  ...over,
});

describe("cliOutcome: the CLI's exit read as a run outcome", () => {
  it("exit 0 with the output written converts; without it, it is a crash", () => {
    expect(cliOutcome(exit({}))).toEqual({ kind: "converted", output: "/tmp/out.png" });
    expect(cliOutcome(exit({ outputWritten: false })).kind).toBe("crash");
  });

  it("exit 1 with one `convert:` line is a refusal with that message", () => {
    expect(cliOutcome(exit({ status: 1, stderr: "convert: This TIFF file is cut short: page 2 ends past the end of the file.\n" }))).toEqual({
      kind: "refused",
      message: "This TIFF file is cut short: page 2 ends past the end of the file.",
    });
  });

  it("a bug is a crash: exit 2, a stack trace, a signal, a programmer's error as the message", () => {
    expect(cliOutcome(exit({ status: 2, stderr: "convert: unexpected error: Cannot read properties of undefined (reading 'width')" })).kind).toBe("crash");
    const stack = "file:///x/build/cli/convert.js:10\nTypeError: x is not a function\n    at decode (file:///x/build/cli/conversions/dds.js:1:2)\n";
    expect(cliOutcome(exit({ status: 1, stderr: stack })).kind).toBe("crash");
    expect(cliOutcome(exit({ status: null, signal: "SIGSEGV" }))).toMatchObject({ kind: "crash", detail: "killed by SIGSEGV" });
    expect(cliOutcome(exit({ status: 1, stderr: "convert: Offset is outside the bounds of the DataView" })).kind).toBe("crash");
    expect(cliOutcome(exit({ status: 1, stderr: "convert: first line\nsecond line" })).kind).toBe("crash");
  });

  it("the runner's kills come first: runaway memory, then a hang", () => {
    expect(cliOutcome(exit({ status: null, signal: "SIGKILL", runaway: true, peakBytes: 2.5 * 1024 ** 3 }))).toEqual({ kind: "memory", detail: "killed at 2560 MB resident" });
    expect(cliOutcome(exit({ status: null, signal: "SIGKILL", timedOut: true }))).toEqual({ kind: "hang", detail: "no exit after 120 s" });
  });
});

describe("isProgrammerError", () => {
  it("knows JavaScript's own errors and lets plain reasons through", () => {
    expect(isProgrammerError("Maximum call stack size exceeded")).toBe(true);
    expect(isProgrammerError("Invalid typed array length: -4")).toBe(true);
    expect(isProgrammerError("This DDS file is truncated: mip level 3 ends past the end of the file.")).toBe(false);
    expect(isProgrammerError("This PSD file uses the Lab colour mode, which is not supported.")).toBe(false);
  });
});

describe("verdictOf: expectation × outcome", () => {
  const converts = { converts: true } as const;
  const refused = { refused: true, reason: /truncated|cut short/i } as const;
  const output = { kind: "converted", output: "/tmp/o.png" } as const;

  it("a file that should convert: right when the judge says so, wrong output with its reason, falsely refused", () => {
    expect(verdictOf(converts, output, null)).toEqual({ verdict: "right" });
    expect(verdictOf(converts, output, "PSNR 12 dB against ImageMagick")).toEqual({ verdict: "wrong output", reason: "PSNR 12 dB against ImageMagick" });
    expect(verdictOf(converts, { kind: "refused", message: "Unsupported pixel format." })).toEqual({ verdict: "falsely refused", reason: "Unsupported pixel format." });
    expect(() => verdictOf(converts, output)).toThrow(/judge/);
  });

  it("a file that should be refused: right when the message says why, unclear refusal otherwise, wrong output when it converts", () => {
    expect(verdictOf(refused, { kind: "refused", message: "This JPEG file is cut short." })).toEqual({ verdict: "right" });
    expect(verdictOf(refused, { kind: "refused", message: "Could not decode the file." })).toMatchObject({ verdict: "unclear refusal", reason: expect.stringContaining("Could not decode the file.") });
    expect(verdictOf(refused, output).verdict).toBe("wrong output");
  });

  it("a matching refusal that shows a code instead of words is unclear", () => {
    const cut = { refused: true, reason: /truncated|cut short|corrupt/i } as const;
    expect(verdictOf(cut, { kind: "refused", message: "Corrupt JPEG: marker ffc9 is cut short." })).toMatchObject({ verdict: "unclear refusal", reason: expect.stringContaining('"marker ffc9"') });
    expect(verdictOf(cut, { kind: "refused", message: "Corrupt DDS: DXGI format 134 (134)." }).verdict).toBe("unclear refusal");
    expect(verdictOf(cut, { kind: "refused", message: "Corrupt DDS: legacy flags 0x00000020." }).verdict).toBe("unclear refusal");
    expect(verdictOf(cut, { kind: "refused", message: "This TIFF file is cut short: page 2's strip 5 (of 12) ends past the end of the file." }).verdict).toBe("right");
  });

  it("crash, hang and memory stay what they are whatever was expected", () => {
    for (const kind of ["crash", "hang", "memory"] as const) {
      expect(verdictOf(converts, { kind, detail: "d" })).toEqual({ verdict: kind, reason: "d" });
      expect(verdictOf(refused, { kind, detail: "d" })).toEqual({ verdict: kind, reason: "d" });
    }
  });
});
