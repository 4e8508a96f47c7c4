// Issue 26: no output is called a success unless something decodable was written into it. Both
// checks are cheap (no second decode of the output): the ffmpeg engine's log says which output
// stream stayed empty, the WebCodecs engine counts what it handed to each output track. Pure.
import { MediaError } from "./media-error.ts";

export type TrackKind = "audio" | "video";

/** What was written to each kept track: packets (copies) or decoded samples and frames (encodes). */
export type WrittenCounts = Record<TrackKind, number>;

/** The refusal for a kept track that received nothing; `damaged` when the engine met decoding errors. */
export function nothingWritten(kind: TrackKind, damaged: boolean): MediaError {
  if (kind === "audio") {
    return damaged
      ? new MediaError("This file's sound could not be decoded: it is damaged or in a form this converter cannot read.", "corrupt")
      : new MediaError("This file has no sound.", "no-audio");
  }
  return damaged
    ? new MediaError("This file's pictures could not be decoded: they are damaged or in a form this converter cannot read.", "corrupt")
    : new MediaError("This file has no pictures.", "no-video");
}

/** Throws when a kept track (count not null) received nothing. */
export function checkWritten(kept: Record<TrackKind, boolean>, written: WrittenCounts, damaged = false): void {
  for (const kind of ["audio", "video"] as const) {
    if (kept[kind] && written[kind] === 0) throw nothingWritten(kind, damaged);
  }
}

/** Decoding errors an ffmpeg log may hold (the input was read, but its packets gave nothing). */
const DECODE_ERRORS = /Error while decoding stream|error while decoding|Invalid data found when processing input|decode_slice|Header missing|Invalid frame/i;

/**
 * A run that ended with an empty output stream (the engine runs with `-abort_on
 * empty_output_stream`, so ffmpeg says "Empty output on stream N."), or an output with no packet at
 * all ("Output file is empty, nothing was encoded"): the refusal naming the stream's kind, or null.
 */
export function ffmpegEmptyOutput(log: readonly string[]): MediaError | null {
  const text = log.join("\n");
  const stream = /Empty output on stream (\d+)\./.exec(text);
  const wholeFile = /Output file is empty, nothing was encoded/.test(text);
  if (!stream && !wholeFile) return null;
  const kind = stream ? (outputStreamKinds(log)[Number(stream[1])] ?? "audio") : (outputStreamKinds(log)[0] ?? "audio");
  return nothingWritten(kind, DECODE_ERRORS.test(text));
}

/** The kinds of output #0's streams, by index, from the log's "Output #0" section. */
export function outputStreamKinds(log: readonly string[]): TrackKind[] {
  const kinds: TrackKind[] = [];
  let inOutput = false;
  for (const line of log) {
    if (line.startsWith("Output #0,")) inOutput = true;
    else if (/^(Input|Output) #\d+,|^Stream mapping:|^Press \[q\]/.test(line)) inOutput = false;
    if (!inOutput) continue;
    const stream = /^\s*Stream #0:(\d+)[^:]*: (Audio|Video):/.exec(line);
    if (stream) kinds[Number(stream[1])] = stream[2] === "Audio" ? "audio" : "video";
  }
  return kinds;
}
