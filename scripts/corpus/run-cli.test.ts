// The runner's watch over a CLI process, with stand-in scripts for the CLI: a hang and a runaway are
// killed and named, a stack trace is a crash, the CLI's one-line refusal is a refusal.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { CorpusCase } from "#tests/corpus/corpus-case.ts";
import { runCliCase } from "./run-cli.ts";

const dir = mkdtempSync(join(tmpdir(), "corpus-run-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const aCase: CorpusCase = { category: "jpeg-to-png", name: "x.jpg", input: "x.jpg", outputExt: "png", expect: { converts: true } };
/** `node -e <script> x.jpg <output>`: process.argv[2] is the output path there */
const run = (script: string, limits = { timeoutMs: 20_000, memoryBytes: 2 * 1024 ** 3 }) =>
  runCliCase(process.cwd(), aCase, join(dir, `${Math.random()}.png`), limits, ["-e", script]);

describe("runCliCase", () => {
  it("an output written and exit 0: converted", async () => {
    const { outcome } = await run("require('fs').writeFileSync(process.argv[2], 'png')");
    expect(outcome.kind).toBe("converted");
    if (outcome.kind === "converted") expect(existsSync(outcome.output)).toBe(true);
  });

  it("the CLI's one line and exit 1: a refusal with its message", async () => {
    const { outcome } = await run("console.error('convert: This JPEG file is cut short.'); process.exit(1)");
    expect(outcome).toEqual({ kind: "refused", message: "This JPEG file is cut short." });
  });

  it("an uncaught exception: a crash", async () => {
    const { outcome } = await run("null.x");
    expect(outcome.kind).toBe("crash");
  });

  it("no exit within the time limit: killed, a hang", async () => {
    const { outcome, durationMs } = await run("setInterval(() => {}, 1000)", { timeoutMs: 1000, memoryBytes: 2 * 1024 ** 3 });
    expect(outcome).toEqual({ kind: "hang", detail: "no exit after 1 s" });
    expect(durationMs).toBeLessThan(10_000);
  });

  it("memory past the limit: killed, runaway memory", async () => {
    const { outcome, peakBytes } = await run("const kept = []; setInterval(() => kept.push(Buffer.alloc(20e6, 1)), 10)", { timeoutMs: 20_000, memoryBytes: 300 * 1024 ** 2 });
    expect(outcome.kind).toBe("memory");
    expect(peakBytes).toBeGreaterThan(300 * 1024 ** 2);
  });
});
