// One corpus case through the real CLI: `node cli/launch.js <input> <output> ...cliArgs` as a child
// process with a time limit and a memory watch, read into a RunOutcome (outcome.ts).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import type { CorpusCase } from "#tests/corpus/corpus-case.ts";
import { cliOutcome, type RunOutcome } from "./outcome.ts";
import { watchMemory } from "./process-memory.ts";

export interface Limits {
  timeoutMs: number;
  memoryBytes: number;
}

const MAX_STDERR = 64 * 1024;

/** Builds the CLI when it is stale (cli/launch.js does), so no case pays for the build; its usage text. */
export function prepareCli(root: string): string {
  const run = spawnSync(process.execPath, ["cli/launch.js", "--help"], { cwd: root, encoding: "utf8", timeout: 300_000 });
  if (run.status !== 0) throw new Error(`the CLI could not be built: ${run.stderr || run.error?.message}`);
  return run.stdout;
}

/**
 * Runs `node <launcher...> <input> <output> ...cliArgs` (the CLI; a stand-in script in the tests).
 * Over the time limit or the memory limit, its process group is killed.
 */
export function runCliCase(
  root: string,
  corpusCase: CorpusCase,
  output: string,
  limits: Limits,
  launcher: readonly string[] = ["cli/launch.js"],
): Promise<{ outcome: RunOutcome; durationMs: number; peakBytes: number }> {
  return new Promise((done) => {
    const started = performance.now();
    // its own process group, so a hang or a runaway is killed with anything it started
    const child = spawn(process.execPath, [...launcher, corpusCase.input, output, ...(corpusCase.cliArgs ?? [])], {
      cwd: root,
      stdio: ["ignore", "ignore", "pipe"],
      detached: true,
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < MAX_STDERR) stderr += chunk.toString();
    });
    let timedOut = false;
    let runaway = false;
    const killGroup = () => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    };
    const memory = watchMemory(child.pid!, {
      limitBytes: limits.memoryBytes,
      onRunaway: () => {
        runaway = true;
        killGroup();
      },
    });
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, limits.timeoutMs);
    child.once("error", (error) => {
      stderr += `\nspawn failed: ${error.message}`;
    });
    child.once("close", (status, signal) => {
      clearTimeout(timer);
      const peakBytes = memory.stop();
      const outputWritten = existsSync(output) && (statSync(output).isDirectory() || statSync(output).size > 0);
      const outcome = cliOutcome({
        status,
        signal: timedOut || runaway ? null : signal,
        stderr,
        timedOut,
        runaway,
        peakBytes,
        timeoutMs: limits.timeoutMs,
        outputWritten,
        output,
      });
      done({ outcome, durationMs: performance.now() - started, peakBytes });
    });
  });
}
