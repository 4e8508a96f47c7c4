// Running the ffmpeg core (@ffmpeg/core) and reading its log, shared by the page's worker
// (./ffmpeg-engine.ts, core from ./ffmpeg-core-loader.ts) and the command line (cli/media-core.ts,
// core loaded in Node): the same runs, the same failures, whichever way the core was loaded.
import type { FfmpegCore } from "@ffmpeg/core";
import { ffmpegFailure } from "#codecs/media/ffmpeg-failure.ts";
import { parseFfmpegProbe } from "#codecs/media/ffmpeg-probe.ts";
import { MediaError } from "#codecs/media/media-error.ts";
import type { MediaInfo } from "#codecs/media/media-types.ts";

export interface LoadedCore {
  core: FfmpegCore;
  /** the current run's log lines */
  log: string[];
  /** the current run's output position in seconds */
  onTime: ((seconds: number) => void) | null;
  /** forgets this core after a crash, so the next job gets a fresh one */
  drop: () => void;
}

/** A freshly created core with its log and progress routed to the returned LoadedCore. */
export function attachCore(core: FfmpegCore, drop: () => void): LoadedCore {
  const loaded: LoadedCore = { core, log: [], onTime: null, drop };
  core.setLogger(({ message }) => {
    loaded.log.push(message);
  });
  core.setProgress(({ time }) => loaded.onTime?.(time / 1_000_000));
  return loaded;
}

/** What `ffmpeg -i input` reads from a file, or the MediaError its log names. */
export function probeInput(loaded: LoadedCore, input: string): MediaInfo {
  const log = runCore(loaded, ["-hide_banner", "-i", input], null, true);
  const info = parseFfmpegProbe(log.join("\n"));
  if (!info) throw ffmpegFailure(log);
  return info;
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
    // a trap (out-of-bounds access...) leaves the core's memory in an unknown state
    loaded.drop();
    throw new MediaError(`The converter's engine failed: ${error instanceof Error ? error.message : String(error)}`, "engine-failed", { cause: error });
  } finally {
    core.reset();
    loaded.onTime = null;
  }
  // every run ends in a bare "Aborted()" (the core unwinds ffmpeg's exit that way); a reason in
  // the parentheses (OOM...) is a real crash after which the core cannot run again
  if (log.some((line) => /^Aborted\(.+\)/.test(line))) {
    loaded.drop();
    throw ffmpegFailure(log);
  }
  if (code !== 0 && !expectFailure) throw ffmpegFailure(log);
  return log;
}
