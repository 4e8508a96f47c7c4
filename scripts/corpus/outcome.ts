// How one corpus conversion ended, and the verdict the table counts: pure, so it is tested without
// running anything (outcome.test.ts).
import type { CorpusExpectation } from "#tests/corpus/corpus-case.ts";

/** The table's columns after "files", in order. */
export const VERDICTS = ["right", "falsely refused", "wrong output", "unclear refusal", "crash", "hang", "memory"] as const;
export type Verdict = (typeof VERDICTS)[number];

/** What the converter did with one file, before any judging. */
export type RunOutcome =
  | { kind: "converted"; output: string }
  | { kind: "refused"; message: string }
  | { kind: "crash"; detail: string }
  | { kind: "hang"; detail: string }
  | { kind: "memory"; detail: string };

/** Messages that come from a bug (a JavaScript engine error, a missing check), not from the file's own problem. */
const PROGRAMMER_ERROR =
  /\b(TypeError|RangeError|ReferenceError|SyntaxError|InternalError)\b|is not a function|is not iterable|Cannot read propert|Cannot set propert|Cannot destructure|is not defined|\bof (undefined|null)\b|Maximum call stack|Invalid (typed )?array length|outside the bounds of the DataView|offset is out of bounds|Array buffer allocation failed|out of memory|\bunexpected error\b/i;

/** Whether a refusal's message reads like a programmer's error rather than a reason given to a user. */
export function isProgrammerError(message: string): boolean {
  return PROGRAMMER_ERROR.test(message);
}

/** Codes where words belong: "flags 0x00000020", "marker ffc9", "DXGI format 134 (134)". */
const CODE_IN_MESSAGE = /\b0x[0-9a-f]{2,}\b|\bmarker (0x)?[0-9a-f]{2,4}\b|\b(\d+) \(\2\)/i;

/** The code a refusal shows instead of saying what is wrong in plain words, if any. */
export function codeInMessage(message: string): string | null {
  return CODE_IN_MESSAGE.exec(message)?.[0] ?? null;
}

/** The finished `node cli/launch.js` process, as the runner saw it. */
export interface CliExit {
  status: number | null;
  signal: string | null;
  stderr: string;
  /** killed after the time limit */
  timedOut: boolean;
  /** killed for using more than the memory limit */
  runaway: boolean;
  /** peak resident memory of its process tree, in bytes */
  peakBytes: number;
  timeoutMs: number;
  /** the output was written (a file, or a folder for --all to a folder) */
  outputWritten: boolean;
  output: string;
}

const STACK_LINE = /^\s+at .+(:\d+:\d+\)?|\(native\)|\(<anonymous>\))$/m;
const MB = 1024 * 1024;

/**
 * The CLI's contract (cli/convert.ts): exit 0 after writing the output; exit 1 with one line
 * `convert: <message>` for a refusal; exit 2 with `convert: unexpected error: ...` for a bug.
 * Anything else (a signal, a stack trace, another status) is a crash too.
 */
export function cliOutcome(exit: CliExit): RunOutcome {
  const stderr = exit.stderr.trim();
  const lastLines = stderr.split("\n").slice(-3).join(" | ");
  if (exit.runaway) return { kind: "memory", detail: `killed at ${Math.round(exit.peakBytes / MB)} MB resident` };
  if (exit.timedOut) return { kind: "hang", detail: `no exit after ${Math.round(exit.timeoutMs / 1000)} s` };
  if (exit.signal) return { kind: "crash", detail: `killed by ${exit.signal}${stderr ? `: ${lastLines}` : ""}` };
  if (STACK_LINE.test(stderr)) return { kind: "crash", detail: `stack trace: ${stderr.split("\n")[0]}` };
  if (exit.status === 0) {
    return exit.outputWritten ? { kind: "converted", output: exit.output } : { kind: "crash", detail: "exit 0 but no output written" };
  }
  const line = /^convert: (.*)$/.exec(stderr.split("\n")[0] ?? "");
  if (exit.status === 1 && line && !stderr.includes("\n")) {
    const message = line[1]!;
    return isProgrammerError(message) ? { kind: "crash", detail: `a programmer's error as the message: ${message}` } : { kind: "refused", message };
  }
  return { kind: "crash", detail: `exit ${exit.status}: ${lastLines || "(nothing on stderr)"}` };
}

export interface Judged {
  verdict: Verdict;
  /** why it is not right (the judge's string, the refusal's message, the crash): absent when right */
  reason?: string;
}

/**
 * The verdict for one case. `judgement` is the format's judge's answer for a converted file that was
 * expected to convert: null when right, a reason when wrong (the runner never calls it otherwise).
 */
export function verdictOf(expect: CorpusExpectation, outcome: RunOutcome, judgement?: string | null): Judged {
  switch (outcome.kind) {
    case "crash":
    case "hang":
    case "memory":
      return { verdict: outcome.kind, reason: outcome.detail };
    case "refused": {
      if ("converts" in expect) return { verdict: "falsely refused", reason: outcome.message };
      if (!expect.reason.test(outcome.message)) return { verdict: "unclear refusal", reason: `${outcome.message} (expected to match ${String(expect.reason)})` };
      const code = codeInMessage(outcome.message);
      return code ? { verdict: "unclear refusal", reason: `${outcome.message} (shows the code "${code}" where words belong)` } : { verdict: "right" };
    }
    case "converted":
      if ("refused" in expect) return { verdict: "wrong output", reason: `converted a file that should be refused (${String(expect.reason)})` };
      if (judgement === undefined) throw new Error("a converted file that should convert needs the judge's answer");
      return judgement === null ? { verdict: "right" } : { verdict: "wrong output", reason: judgement };
  }
}
