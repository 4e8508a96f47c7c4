// Running the ffmpeg core (@ffmpeg/core) and reading its log, shared by the page's worker
// (./ffmpeg-engine.ts, core from ./ffmpeg-core-loader.ts) and the command line (cli/media-core.ts,
// core loaded in Node): the same runs, the same failures, whichever way the core was loaded.
import type { FfmpegCore } from "@ffmpeg/core";
import { ffmpegFailure } from "#codecs/media/ffmpeg-failure.ts";
import { parseFfmpegProbe } from "#codecs/media/ffmpeg-probe.ts";
import { MediaError } from "#codecs/media/media-error.ts";
import type { MediaInfo } from "#codecs/media/media-types.ts";
import { ffmpegEmptyOutput } from "#codecs/media/output-check.ts";

export interface LoadedCore {
  core: FfmpegCore;
  /** the current run's log lines */
  log: string[];
  /** the current run's output position in seconds */
  onTime: ((seconds: number) => void) | null;
  /** told of every log line of the current run (the page's stall watchdog hears of it) */
  onLine: (() => void) | null;
  /** forgets this core after a crash, so the next job gets a fresh one */
  drop: () => void;
  /** where a failed run's log end goes for debugging (the page's console; nowhere in the CLI, whose refusal is one line) */
  warn: (text: string) => void;
}

/** A freshly created core with its log and progress routed to the returned LoadedCore. */
export function attachCore(core: FfmpegCore, drop: () => void, warn: (text: string) => void = () => undefined): LoadedCore {
  const loaded: LoadedCore = { core, log: [], onTime: null, onLine: null, drop, warn };
  core.setLogger(({ message }) => {
    loaded.log.push(message);
    loaded.onLine?.();
  });
  core.setProgress(({ time }) => loaded.onTime?.(time / 1_000_000));
  return loaded;
}

/** What `ffmpeg -i input` reads from a file, or the MediaError its log names. */
export function probeInput(loaded: LoadedCore, input: string): MediaInfo {
  const log = runCore(loaded, ["-hide_banner", "-i", input], null, true);
  const info = parseFfmpegProbe(log.join("\n"));
  if (!info) throw failure(loaded, log);
  return info;
}

/** An output stream that received no packet fails the run ("Empty output on stream N."): nothing unplayable is called a success. */
const ABORT_ON_EMPTY = ["-abort_on", "empty_output_stream"];
/** The MP4 reader's line for a sample that lies beyond the end of the file. */
const PARTIAL_FILE = /^\[mov,mp4[^\]]*\] stream \d+, offset 0x[0-9a-f]+: partial file$/m;

/**
 * Runs a conversion (`ffmpegArgs`' arguments): a run that ends well may still have written headers
 * only, which is refused with what the log says of it.
 */
export function runConversion(loaded: LoadedCore, args: readonly string[], onSeconds: ((seconds: number) => void) | null): string[] {
  const log = runCore(loaded, [...ABORT_ON_EMPTY, ...args], onSeconds);
  const empty = ffmpegEmptyOutput(log);
  if (empty !== null) throw empty;
  // an MP4 whose index points past the end of the file: ffmpeg stops at the cut and exits 0, but the
  // file is cut short, which the page's WebCodecs reader refuses too (its last-packet check)
  if (PARTIAL_FILE.test(log.join("\n"))) throw new MediaError("This file ends early: its last frames are missing (the download or copy was cut short).", "corrupt");
  return log;
}

/**
 * Runs ffmpeg and returns its log. A failed run (exit code not 0) throws the MediaError its log
 * names, unless `expectFailure` (a probe: `-i` alone always ends with "no output file").
 */
export function runCore(loaded: LoadedCore, args: string[], onSeconds: ((seconds: number) => void) | null, expectFailure = false): string[] {
  const { core } = loaded;
  const log: string[] = [];
  loaded.log = log;
  loaded.onTime = onSeconds;
  let code: number;
  try {
    code = core.exec(...args);
  } catch (error) {
    // a trap (out-of-bounds access...) leaves the core's memory in an unknown state; its text
    // ("memory access out of bounds") is for the console, not the visitor
    loaded.drop();
    loaded.warn(`ffmpeg core trap: ${error instanceof Error ? error.message : String(error)}\n${log.slice(-20).join("\n")}`);
    throw new MediaError("The converter's engine crashed on something in this file.", "engine-failed", { cause: error });
  } finally {
    core.reset();
    loaded.onTime = null;
  }
  // every run ends in a bare "Aborted()" (the core unwinds ffmpeg's exit that way); a reason in
  // the parentheses (OOM...) is a real crash after which the core cannot run again
  if (log.some((line) => /^Aborted\(.+\)/.test(line))) {
    loaded.drop();
    throw failure(loaded, log);
  }
  if (code !== 0 && !expectFailure) {
    // a run that ends in exit_program mid-transcode can leave the core unable to allocate in the
    // next one (seen after a few refused empty outputs): the next job gets a fresh core
    loaded.drop();
    throw failure(loaded, log);
  }
  return log;
}

/** The visitor's error for a failed run; the log's end goes to `warn` for debugging. */
function failure(loaded: LoadedCore, log: readonly string[]): MediaError {
  loaded.warn(`ffmpeg failed:\n${log.slice(-20).join("\n")}`);
  return ffmpegFailure(log);
}
