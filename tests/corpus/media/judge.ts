// How the media corpus judges an output, with native ffmpeg/ffprobe (not our engines): the container
// and codec the tool promises, a decode with no error, the length of the source, and the source's
// sound (its loudness, and its loudness over time) and pictures (a frame from the middle) in it.
import { execFileSync, spawnSync } from "node:child_process";
import { audioStream, ffprobeJson, videoStream, type ProbeResult } from "#tests/support/media-checks.ts";
import { envelopeCorrelation, rmsEnvelope, WINDOW_SECONDS } from "../midi/render-compare.ts";
import { FFMPEG } from "./writers.ts";

const RATE = 22050;
/** Lengths may differ by an encoder's padding or a frame: this much, or 4 % of the source. */
const LENGTH_TOLERANCE_SECONDS = 0.12;
const LENGTH_TOLERANCE_SHARE = 0.04;
/** The output's loudness against the source's (a downmix or a lossy codec moves it a little). */
const LEVEL_TOLERANCE_DB = 6;
const DOWNMIX_LEVEL_TOLERANCE_DB = 12;
/** Under this the source counts as silence, and so must the output be. */
const SILENCE_DB = -60;
const MIN_CORRELATION = 0.9;
/** A loudness envelope flatter than this (its windows' standard deviation in dB) has no shape to correlate. */
const MIN_SPREAD_DB = 1;
/** Under this the sound's length is all that is judged. */
const MIN_MEASURED_SECONDS = 0.02;
const MIN_FRAME_PSNR = 16;

const levelDb = (samples: Float32Array) => {
  let sum = 0;
  for (const v of samples) sum += v * v;
  return samples.length === 0 ? -Infinity : 10 * Math.log10(sum / samples.length || 1e-12);
};

/** The standard deviation of an envelope's windows in dB (silent windows left out). */
function spreadDb(envelope: Float64Array): number {
  const db = [...envelope].filter((v) => v > 1e-6).map((v) => 20 * Math.log10(v));
  if (db.length < 2) return 0;
  const mean = db.reduce((sum, v) => sum + v, 0) / db.length;
  return Math.sqrt(db.reduce((sum, v) => sum + (v - mean) ** 2, 0) / db.length);
}

/** Decodes the whole file with native ffmpeg; the first error lines, or null when it decodes clean. */
function decodeErrors(file: string, streams: "a" | "v" | "av"): string | null {
  const map = streams === "av" ? [] : ["-map", `0:${streams}:0`];
  const result = spawnSync(FFMPEG, ["-hide_banner", "-v", "error", "-i", file, ...map, "-f", "null", "-"], { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
  const errors = result.stderr.trim();
  if (result.status !== 0) return errors.split("\n")[0] ?? `ffmpeg exited with ${result.status}`;
  return errors ? errors.split("\n")[0]! : null;
}

function probe(file: string): ProbeResult | string {
  try {
    return ffprobeJson(file);
  } catch (error) {
    return `ffprobe cannot read it: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`;
  }
}

/**
 * The sound as 16-bit stereo, then the mean of its two sides: ffmpeg's standard downmix of more
 * channels, normalised as for the integer formats encoders take (a float downmix is not, and comes
 * out 8 dB louder), so a 5.1 source and its stereo MP3 are measured alike.
 */
function decodeBoth(file: string): Float32Array {
  const bytes = execFileSync(FFMPEG, ["-hide_banner", "-v", "error", "-i", file, "-map", "0:a:0", "-ac", "2", "-ar", String(RATE), "-f", "s16le", "-"], { maxBuffer: 1024 ** 3 });
  const stereo = new Int16Array(new Uint8Array(bytes).buffer, 0, bytes.length >> 1);
  const mono = new Float32Array(stereo.length >> 1);
  for (let i = 0; i < mono.length; i++) mono[i] = (stereo[2 * i]! + stereo[2 * i + 1]!) / 65536;
  return mono;
}

/** The sound of `output` against that of `source`: length, loudness and loudness over time. */
export function judgeSound(source: string, output: string): string | null {
  const want = decodeBoth(source);
  const got = decodeBoth(output);
  const wantSeconds = want.length / RATE;
  const gotSeconds = got.length / RATE;
  const tolerance = Math.max(LENGTH_TOLERANCE_SECONDS, wantSeconds * LENGTH_TOLERANCE_SHARE);
  if (Math.abs(gotSeconds - wantSeconds) > tolerance) return `${gotSeconds.toFixed(3)} s of sound, the source has ${wantSeconds.toFixed(3)} s`;
  // a few milliseconds (a test suite's 9-sample AIFF) are too short to measure loudness after a resampler and an encoder's edges
  if (wantSeconds < MIN_MEASURED_SECONDS) return null;
  const wantDb = levelDb(want);
  const gotDb = levelDb(got);
  if (wantDb < SILENCE_DB) return gotDb < SILENCE_DB ? null : `the source is silent, the output is not (${gotDb.toFixed(1)} dB)`;
  // ffmpeg normalises a downmix for integer samples and not for float ones, so a 5.1 source comes out
  // 7 dB louder or softer by its decoder's sample format: a downmix is held to its shape, not its level
  const downmixed = (audioStream(ffprobeJson(source))?.channels ?? 2) > 2;
  if (Math.abs(gotDb - wantDb) > (downmixed ? DOWNMIX_LEVEL_TOLERANCE_DB : LEVEL_TOLERANCE_DB)) return `loudness ${gotDb.toFixed(1)} dB, the source's ${wantDb.toFixed(1)} dB`;
  // the loudness envelope needs a few 100 ms windows to say anything
  if (wantSeconds >= 1) {
    // over the length both have, whole windows only: a last part-window or an encoder's padding is no difference
    const windows = Math.floor(Math.min(want.length, got.length) / (RATE * WINDOW_SECONDS));
    const wantEnvelope = rmsEnvelope(want, RATE).subarray(0, windows);
    const correlation = envelopeCorrelation(wantEnvelope, rmsEnvelope(got, RATE).subarray(0, windows));
    // a steady tone has no shape to follow: its loudness, checked above, is the test
    if (spreadDb(wantEnvelope) >= MIN_SPREAD_DB && correlation < MIN_CORRELATION) return `the loudness over time does not follow the source's (correlation ${correlation.toFixed(2)})`;
  }
  return null;
}

/** A 64×48 grey frame `seconds` after the file's start (an output-side seek: a transport stream's clock starts at 1.4 s), as bytes. */
function frameAt(file: string, seconds: number): Uint8Array {
  return execFileSync(FFMPEG, ["-hide_banner", "-v", "error", "-i", file, "-ss", seconds.toFixed(3), "-frames:v", "1", "-vf", "scale=64:48,format=gray", "-f", "rawvideo", "-"], { maxBuffer: 1024 * 1024 });
}

function psnr(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  const mse = sum / a.length;
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}

/** Checks an audio output: MP3, decodes clean, the source's sound. */
export function judgeAudio(source: string, output: string, codec = "mp3"): string | null {
  const probed = probe(output);
  if (typeof probed === "string") return probed;
  const stream = audioStream(probed);
  if (!stream) return "no audio stream in the output";
  if (stream.codecName !== codec) return `its sound is ${stream.codecName}, not ${codec}`;
  const errors = decodeErrors(output, "a");
  // a copy of a source with broken frames carries them: only a clean source promises a clean output
  if (errors && decodeErrors(source, "a") === null) return `ffmpeg reports an error decoding it: ${errors}`;
  return judgeSound(source, output);
}

/** Sizes that differ by an even-size rounding at most. */
const near = (a: number, b: number) => Math.abs(a - b) <= 2;

/** From the first to the end of the last audio or video packet, in seconds (null when ffprobe lists none). */
function mediaSpan(file: string): number | null {
  const result = spawnSync("/usr/bin/ffprobe", ["-v", "error", "-show_entries", "packet=codec_type,pts_time,duration_time", "-of", "csv=p=0", file], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  let first = Infinity;
  let last = -Infinity;
  for (const line of result.stdout.split("\n")) {
    const [kind, pts, duration] = line.split(",");
    if ((kind !== "audio" && kind !== "video") || pts === undefined || pts === "N/A") continue;
    first = Math.min(first, Number(pts));
    last = Math.max(last, Number(pts) + (duration && duration !== "N/A" ? Number(duration) : 0));
  }
  return last > first ? last - first : null;
}

/** Checks a video output: the container, a video stream of the source's size, a clean decode, its length, a middle frame, and the sound. */
export function judgeVideo(source: string, output: string, formatName: RegExp): string | null {
  const probed = probe(output);
  if (typeof probed === "string") return probed;
  if (!formatName.test(probed.format.formatName)) return `the container is ${probed.format.formatName}`;
  const picture = videoStream(probed);
  if (!picture) return "no video stream in the output";
  const sourceProbe = ffprobeJson(source);
  const sourcePicture = videoStream(sourceProbe);
  if (sourcePicture) {
    const [width, height, wantWidth, wantHeight] = [picture.width, picture.height, sourcePicture.width, sourcePicture.height].map((n) => n ?? 0) as [number, number, number, number];
    // a rotated source may come out turned upright
    if (!(near(width, wantWidth) && near(height, wantHeight)) && !(near(width, wantHeight) && near(height, wantWidth))) {
      return `${width}×${height}, the source is ${wantWidth}×${wantHeight}`;
    }
  }
  const errors = decodeErrors(output, "av");
  if (errors && decodeErrors(source, "av") === null) return `ffmpeg reports an error decoding it: ${errors}`;
  // the span of the sound and pictures, not the container's duration (which subtitles may stretch)
  const wantSeconds = mediaSpan(source) ?? sourceProbe.format.durationSeconds;
  const gotSeconds = mediaSpan(output) ?? probed.format.durationSeconds;
  if (wantSeconds !== null && gotSeconds !== null) {
    // shorter is a loss; longer by a held last frame is what ffmpeg itself writes for a variable frame rate
    if (wantSeconds - gotSeconds > Math.max(0.25, wantSeconds * 0.05) || gotSeconds - wantSeconds > Math.max(0.5, wantSeconds * 0.12)) {
      return `${gotSeconds.toFixed(2)} s long, the source ${wantSeconds.toFixed(2)} s`;
    }
  }
  if (wantSeconds !== null && wantSeconds >= 0.5) {
    const middle = wantSeconds / 2;
    const score = psnr(frameAt(source, middle), frameAt(output, middle));
    if (score < MIN_FRAME_PSNR) return `the frame at ${middle.toFixed(2)} s is not the source's (PSNR ${score.toFixed(1)} dB)`;
  }
  const sourceSound = audioStream(sourceProbe);
  if (sourceSound && decodeErrors(source, "a") === null) {
    if (!audioStream(probed)) return "the source's sound is missing";
    return judgeSound(source, output);
  }
  return null;
}
