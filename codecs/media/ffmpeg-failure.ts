// Turns a failed ffmpeg run's log into the MediaError the visitor reads (issue 13). Pure; the
// patterns are ffmpeg 5.1's messages (the core is n5.1.4, the native one here 5.1).
import { codecLabel, codecOfTag, undecodableMessage, type TrackKind } from "./codec-names.ts";
import { MediaError } from "./media-error.ts";
import { ffmpegEmptyOutput } from "./output-check.ts";

interface Rule {
  test: RegExp;
  /** `text` and `lines`: the whole log, for rules that name what another line says */
  error: (match: RegExpExecArray, text: string, lines: readonly string[]) => MediaError;
}

const RULES: Rule[] = [
  {
    test: /Cannot allocate memory|Out of memory|Aborted\(OOM\)|out of memory|Array buffer allocation failed/i,
    error: () => new MediaError("The browser ran out of memory for this file. Try a shorter cut, a lower resolution, or a smaller file.", "out-of-memory"),
  },
  {
    // ffmpeg 5.1's own AV1 decoder only drives hardware decoders, which the core has none of
    test: /Decoder \(codec ([\w-]+)\) not found(?: for input stream #?(\d+:\d+))?|\[(\w+) @ \w+\] Your platform doesn't supp+ort hardware accelerated|Decoding requested, but no decoder found for: (\w+)|Unsupported codec with id \d+ for input stream (\d+)/,
    error: (match, log) => noDecoder(match[1] ?? match[3] ?? match[4] ?? null, match[2] ?? (match[5] ? `0:${match[5]}` : null), log),
  },
  {
    test: /Unknown encoder '([\w-]+)'|Encoder \(codec ([\w-]+)\) not found|Automatic encoder selection failed/,
    error: (match) => new MediaError(`This converter has no ${match[1] ?? match[2] ?? "suitable"} encoder for that target.`, "no-encoder"),
  },
  {
    test: /Stream map '0:a:0' matches no streams/,
    error: () => new MediaError("This file has no sound to convert.", "no-audio"),
  },
  {
    test: /Stream map '0:V:0' matches no streams/,
    error: () => new MediaError("This file has no video to convert.", "no-video"),
  },
  {
    // the engine runs with -abort_on empty_output_stream: nothing decodable reached the output
    test: /Empty output on stream \d+\.|Output file is empty, nothing was encoded/,
    error: (_match, _text, lines) => ffmpegEmptyOutput(lines) ?? new MediaError("This file has no sound.", "no-audio"),
  },
  {
    test: /does not contain any stream/,
    error: () => new MediaError("This file has no sound or pictures that can be converted.", "no-audio"),
  },
  {
    // the input ends before its first packet (an Ogg cut after its headers...)
    test: /^\/(?:in|tmp)\/input[^:\n]*: End of file$/m,
    error: () => new MediaError("This file ends before any of its sound or pictures: it is cut short or damaged.", "corrupt"),
  },
  {
    test: /Invalid data found when processing input|moov atom not found|Truncating packet|invalid frame size|Header missing|error while decoding|Error while decoding|partial file|Invalid NAL unit size/i,
    error: () => new MediaError("This file is damaged or incomplete.", "corrupt", { detail: "The ffmpeg engine could not read it to the end." }),
  },
  {
    // the demuxer refused the file's structure ("/in/input.mp3: Invalid argument")
    // a format guessed from a few bytes that then fails: most likely not that kind of file at all
    test: /Format (\w+) detected only with low score[\s\S]*^\/(?:in|tmp)\/input[^:\n]*: (Invalid argument|Invalid data found)/m,
    error: (match) => new MediaError(`This file could not be read: it does not look like a real ${formatLabel(match[1] ?? "")} file (it may be damaged, or another kind of file).`, "corrupt"),
  },
  {
    test: /^\/(?:in|tmp)\/input[^:\n]*: (Invalid argument|Operation not permitted|Not yet implemented in FFmpeg)/m,
    error: () => new MediaError("This file could not be read: its structure is damaged or not what its format requires.", "corrupt"),
  },
  {
    // the core (n5.1.4) cannot follow a decoder whose frames name another channel layout than the
    // header (seen with TAK); native ffmpeg from 5.1.9 can
    test: /Channel layout change is not supported/,
    error: () => new MediaError("This file's sound changes its channel layout after its header, which this converter's engine cannot follow.", "engine-failed"),
  },
  {
    test: /Could not write header|Error initializing output stream|Error while opening encoder/,
    error: () => new MediaError("The chosen format cannot hold this file's sound or pictures as they are. Try another format.", "engine-failed"),
  },
  {
    test: /Assertion .* failed|Assertion failed/,
    error: () => new MediaError("The converter met something in this file that it cannot handle.", "engine-failed"),
  },
];

/**
 * The refusal for a codec the core has no decoder for, naming it: by ffmpeg's id, or for "none" (a
 * codec ffmpeg does not know) by the tag the input's stream line shows ("none (ac-4 / 0x342D6361)").
 */
function noDecoder(id: string | null, stream: string | null, log: string): MediaError {
  const line = stream ? new RegExp(`Stream #${stream}\\S*: (Audio|Video): (\\S+)(?: \\(([^/)]+?) / 0x[0-9A-Fa-f]+\\))?`).exec(log) : null;
  const kind: TrackKind | null = line ? (line[1] === "Audio" ? "sound" : "video") : id === "av1" ? "video" : null;
  const codec = id ?? line?.[2] ?? null;
  const tagged = codec === "none" || codec === null ? codecOfTag(line?.[3] ?? "") : null;
  const name = tagged ?? (codec && codec !== "none" ? codecLabel(codec) : (unsupportedId(log) ?? null));
  return new MediaError(undecodableMessage(kind, name), "no-decoder");
}

/** Matroska's id of a codec ffmpeg does not know, named when we know it ("A_AC4"). */
function unsupportedId(log: string): string | null {
  const id = /Unknown\/unsupported AVCodecID (\S+?)\.?$/m.exec(log)?.[1];
  return id ? codecOfTag(id) : null;
}

/** ffmpeg's demuxer name as people say it ("mp3" → "MP3", "mov,mp4,m4a,…" → "MP4"). */
function formatLabel(demuxer: string): string {
  return demuxer.startsWith("mov") ? "MP4" : demuxer.toUpperCase();
}

/** Lines that say nothing about the cause. */
const NOISE = /^(Aborted\(\)|Conversion failed!|Exiting normally|At least one output file must be specified|\s*$|size=|frame=|video:|\[.*\] (Qavg|kb\/s|frame [IPB])|Press \[q\])/;

/** The MediaError for a failed run, from its whole log (stderr lines in order). */
export function ffmpegFailure(log: readonly string[]): MediaError {
  const text = log.join("\n");
  for (const rule of RULES) {
    const match = rule.test.exec(text);
    if (match) return withLogTail(rule.error(match, text, log), log);
  }
  // engine text never reaches the visitor: the last line goes with the error, for the console
  return withLogTail(new MediaError("The conversion failed on something in this file that the converter cannot handle.", "engine-failed"), log);
}

/** The error, with the log's last meaningful line as its cause (for the console, not the visitor). */
function withLogTail(error: MediaError, log: readonly string[]): MediaError {
  const last = lastMeaningfulLine(log);
  return last === null ? error : new MediaError(error.message, error.code, { cause: new Error(last), ...(error.detail === undefined ? {} : { detail: error.detail }) });
}

/** The last line of a log that is not a progress report or a generic closing line, shortened. */
export function lastMeaningfulLine(log: readonly string[]): string | null {
  for (let i = log.length - 1; i >= 0; i--) {
    const line = log[i]?.trim() ?? "";
    if (!NOISE.test(line)) return line.length > 200 ? `${line.slice(0, 197)}...` : line;
  }
  return null;
}
