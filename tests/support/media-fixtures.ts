// Audio and video fixtures for the media tools' tests and benchmark, made by native ffmpeg (not our
// code) into a cache folder under the OS temp dir. A file's name holds a hash of its recipe and of
// the ffmpeg version, so a fixture is made once and reused by every later test, spec and run; it is
// written under a temporary name and renamed, so parallel workers never read a half-written file.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FFMPEG, HAVE_FFMPEG } from "./reference-tools.ts";

export const MEDIA_FIXTURE_DIR = join(tmpdir(), "media-fixtures");

/** The tags every tagged fixture carries. */
export const FIXTURE_TAGS = { title: "Fixture Tone", artist: "Test Artist", album: "Test Album" } as const;
/** The tone: 440 Hz on the left channel, 660 Hz on the right, at half of full scale (about -9 dB RMS). */
export const TONE = { left: 440, right: 660, amplitude: 0.5, sampleRate: 44100 } as const;
/** The default length of a fixture: short, so a conversion in the browser takes a second or two. */
export const DEFAULT_SECONDS = 2;

/** What a fixture claims to be, checked against ffprobe by tests/support/media-checks.test.ts. */
export interface FixtureClaims {
  /** one of ffprobe's comma-separated format names */
  format: string;
  audio?: string;
  video?: string;
  width?: number;
  height?: number;
  tags?: boolean;
  cover?: boolean;
}

interface Recipe {
  ext: string;
  /** what goes after the inputs: codecs, mapping, tags, muxer */
  output: string[];
  video?: { width: number; height: number };
  /** audio-only fixtures with cover art take the cover picture as a second input */
  cover?: boolean;
  claims: FixtureClaims;
}

const tags = Object.entries(FIXTURE_TAGS).flatMap(([key, value]) => ["-metadata", `${key}=${value}`]);
const SMALL = { width: 320, height: 240 };
const HD = { width: 1280, height: 720 };
// fast encoders: fixtures are made on a shared 2-core machine
const H264 = ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p"];
const AAC = ["-c:a", "aac", "-b:a", "128k"];
const COVER = ["-map", "0:a", "-map", "1:v", "-c:v", "mjpeg", "-disposition:v:0", "attached_pic"];

/** An AV1 encoder of native ffmpeg, if it has one (Debian's has libsvtav1 and libaom). */
export const AV1_ENCODER: string | null = (() => {
  if (!HAVE_FFMPEG) return null;
  const list = execFileSync(FFMPEG, ["-hide_banner", "-encoders"], { encoding: "utf8" });
  return ["libsvtav1", "libaom-av1"].find((name) => new RegExp(`\\s${name}\\s`).test(list)) ?? null;
})();
const AV1 = AV1_ENCODER === "libsvtav1" ? ["-c:v", "libsvtav1", "-preset", "12", "-pix_fmt", "yuv420p"] : ["-c:v", "libaom-av1", "-cpu-used", "8", "-row-mt", "1", "-pix_fmt", "yuv420p"];

const RECIPES = {
  wav: { ext: "wav", output: ["-c:a", "pcm_s16le", ...tags], claims: { format: "wav", audio: "pcm_s16le", tags: true } },
  mp3: { ext: "mp3", cover: true, output: [...COVER, "-c:a", "libmp3lame", "-b:a", "192k", "-id3v2_version", "3", ...tags], claims: { format: "mp3", audio: "mp3", tags: true, cover: true } },
  ogg: { ext: "ogg", output: ["-c:a", "libvorbis", "-q:a", "4", ...tags], claims: { format: "ogg", audio: "vorbis", tags: true } },
  opus: { ext: "opus", output: ["-c:a", "libopus", "-b:a", "96k", "-ar", "48000", ...tags], claims: { format: "ogg", audio: "opus", tags: true } },
  "opus-ogg": { ext: "ogg", output: ["-c:a", "libopus", "-b:a", "96k", "-ar", "48000", ...tags], claims: { format: "ogg", audio: "opus", tags: true } },
  flac: { ext: "flac", cover: true, output: [...COVER, "-c:a", "flac", "-sample_fmt", "s16", ...tags], claims: { format: "flac", audio: "flac", tags: true, cover: true } },
  m4a: { ext: "m4a", cover: true, output: [...COVER, ...AAC, ...tags], claims: { format: "mp4", audio: "aac", tags: true, cover: true } },
  aac: { ext: "aac", output: [...AAC, "-f", "adts"], claims: { format: "aac", audio: "aac" } },
  wma: { ext: "wma", output: ["-c:a", "wmav2", "-b:a", "128k", ...tags], claims: { format: "asf", audio: "wmav2", tags: true } },
  webm: { ext: "webm", video: SMALL, output: ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "500k", "-c:a", "libopus", "-b:a", "96k"], claims: { format: "webm", audio: "opus", video: "vp9", ...SMALL } },
  mp4: { ext: "mp4", video: SMALL, output: [...H264, ...AAC, ...tags], claims: { format: "mp4", audio: "aac", video: "h264", tags: true, ...SMALL } },
  "mp4-720": { ext: "mp4", video: HD, output: [...H264, ...AAC], claims: { format: "mp4", audio: "aac", video: "h264", ...HD } },
  mov: { ext: "mov", video: SMALL, output: [...H264, ...AAC], claims: { format: "mov", audio: "aac", video: "h264", ...SMALL } },
  mkv: { ext: "mkv", video: SMALL, output: [...H264, ...AAC, ...tags], claims: { format: "matroska", audio: "aac", video: "h264", tags: true, ...SMALL } },
  avi: { ext: "avi", video: SMALL, output: ["-c:v", "mpeg4", "-q:v", "4", "-c:a", "libmp3lame", "-b:a", "128k"], claims: { format: "avi", audio: "mp3", video: "mpeg4", ...SMALL } },
  flv: { ext: "flv", video: SMALL, output: [...H264, ...AAC], claims: { format: "flv", audio: "aac", video: "h264", ...SMALL } },
  // MPEG-2 program stream (the "vob" muxer writes MPEG-2 pack headers), as .mpg and .mpeg files are
  mpg: { ext: "mpg", video: SMALL, output: ["-c:v", "mpeg2video", "-q:v", "4", "-c:a", "mp2", "-b:a", "192k", "-f", "vob"], claims: { format: "mpeg", audio: "mp2", video: "mpeg2video", ...SMALL } },
  "av1-mp4": { ext: "mp4", video: SMALL, output: [...AV1, ...AAC], claims: { format: "mp4", audio: "aac", video: "av1", ...SMALL } },
  "av1-webm": { ext: "webm", video: SMALL, output: [...AV1, "-c:a", "libopus", "-b:a", "96k"], claims: { format: "webm", audio: "opus", video: "av1", ...SMALL } },
} satisfies Record<string, Recipe>;

export type FixtureName = keyof typeof RECIPES | "truncated-mp4" | "empty";
export const FIXTURE_NAMES = [...(Object.keys(RECIPES) as (keyof typeof RECIPES)[]), "truncated-mp4", "empty"] as const satisfies readonly FixtureName[];

/** What a fixture claims (format, codecs, size, tags), or null for the broken ones. */
export function fixtureClaims(name: FixtureName): FixtureClaims | null {
  return name === "truncated-mp4" || name === "empty" ? null : RECIPES[name].claims;
}

/** Why a fixture cannot be made on this machine, or null. Tests skip those visibly (skipIf + the reason). */
export function fixtureUnavailable(name: FixtureName): string | null {
  if (!HAVE_FFMPEG) return `native ffmpeg (${FFMPEG}) is not installed`;
  if (name.startsWith("av1-") && !AV1_ENCODER) return "native ffmpeg has no AV1 encoder (libsvtav1 or libaom-av1)";
  return null;
}

let version: string | undefined;
function ffmpegVersion(): string {
  version ??= execFileSync(FFMPEG, ["-version"], { encoding: "utf8" }).split("\n")[0]!;
  return version;
}

function run(args: string[]): void {
  execFileSync(FFMPEG, ["-hide_banner", "-v", "error", "-y", ...args], { stdio: ["ignore", "ignore", "pipe"] });
}

/** Makes `target` once: `write` fills a temporary path with the same extension, then it is renamed. */
function cached(target: string, write: (partPath: string) => void): string {
  if (existsSync(target)) return target;
  mkdirSync(MEDIA_FIXTURE_DIR, { recursive: true });
  const dot = target.lastIndexOf(".");
  const part = `${target.slice(0, dot)}.part-${process.pid}-${Date.now()}${target.slice(dot)}`;
  try {
    write(part);
    renameSync(part, target);
  } finally {
    rmSync(part, { force: true });
  }
  return target;
}

function recipeKey(parts: unknown): string {
  return createHash("sha256").update(JSON.stringify([ffmpegVersion(), parts])).digest("hex").slice(0, 12);
}

/** The ffmpeg inputs of the stereo tone (440 Hz left, 660 Hz right). */
export function toneInput(seconds: number, sampleRate: number = TONE.sampleRate): string[] {
  const wave = (hz: number) => `${TONE.amplitude}*sin(2*PI*${hz}*t)`;
  return ["-f", "lavfi", "-i", `aevalsrc=${wave(TONE.left)}|${wave(TONE.right)}:s=${sampleRate}:d=${seconds}`];
}

/** The ffmpeg inputs of a moving test picture (testsrc2) at 25 frame/s. */
export function videoInput(seconds: number, width: number, height: number): string[] {
  return ["-f", "lavfi", "-i", `testsrc2=size=${width}x${height}:rate=25:duration=${seconds}`];
}

/** A 160×160 JPEG cover picture. */
export function coverFixture(): string {
  const args = ["-f", "lavfi", "-i", "testsrc2=size=160x160:rate=1", "-frames:v", "1", "-c:v", "mjpeg"];
  return cached(join(MEDIA_FIXTURE_DIR, `cover-${recipeKey(args)}.jpg`), (part) => run([...args, part]));
}

/**
 * The path of a fixture, made on first use. Video fixtures hold the same tone as the audio ones;
 * "truncated-mp4" is the first half of the MP4 fixture (its index, at the end, is cut off);
 * "empty" is a zero-length ".mp3".
 */
export function mediaFixture(name: FixtureName, seconds: number = DEFAULT_SECONDS): string {
  const unavailable = fixtureUnavailable(name);
  if (unavailable) throw new Error(`media fixture "${name}" cannot be made: ${unavailable}`);
  if (name === "empty") return cached(join(MEDIA_FIXTURE_DIR, "empty.mp3"), (part) => writeFileSync(part, new Uint8Array(0)));
  if (name === "truncated-mp4") {
    const whole = mediaFixture("mp4", seconds);
    return cached(join(MEDIA_FIXTURE_DIR, `truncated-${seconds}s-${recipeKey(whole)}.mp4`), (part) => {
      const bytes = readFileSync(whole);
      writeFileSync(part, bytes.subarray(0, bytes.length >> 1));
    });
  }
  const recipe: Recipe = RECIPES[name];
  const inputs = [...(recipe.video ? videoInput(seconds, recipe.video.width, recipe.video.height) : []), ...toneInput(seconds)];
  const cover = recipe.cover ? coverFixture() : undefined;
  if (cover) inputs.push("-i", cover);
  // video fixtures: the picture is input 0 and the tone input 1
  const mapping = recipe.video ? ["-map", "0:v", "-map", "1:a"] : [];
  const args = [...inputs, ...mapping, ...recipe.output, "-t", String(seconds)];
  return cached(join(MEDIA_FIXTURE_DIR, `${name}-${seconds}s-${recipeKey(args)}.${recipe.ext}`), (part) => run([...args, part]));
}

/** A fixture's bytes. */
export function mediaFixtureBytes(name: FixtureName, seconds: number = DEFAULT_SECONDS): Uint8Array {
  return new Uint8Array(readFileSync(mediaFixture(name, seconds)));
}

/**
 * Two channels of changing sound: a chirp, a chord, noise bursts and clicks, which MP3 and Vorbis
 * encoders code with short blocks (the encoder joins' tests); commas escaped for the filter graph.
 */
const CHANGING_SOUND_CHANNELS = [
  "0.3*sin(2*PI*(200+400*t)*t)+0.15*sin(2*PI*523*t)*gt(mod(t\\,3)\\,1)+0.2*(random(0)-0.5)*lt(mod(t\\,1.3)\\,0.2)+0.8*lt(mod(t\\,0.77)\\,0.002)",
  "0.25*sin(2*PI*330*t)+0.2*(random(1)-0.5)*lt(mod(t\\,1.1)\\,0.3)+0.8*lt(mod(t\\,0.91)\\,0.002)",
] as const;

/** The changing sound as a lavfi source: its first `channels` channels, `seconds` long, at `rate` (lavfi's 44.1 kHz when unset). */
export function changingSound(seconds: number, { rate, channels = 2 }: { rate?: number; channels?: 1 | 2 } = {}): string {
  return `aevalsrc=${CHANGING_SOUND_CHANNELS.slice(0, channels).join("|")}${rate === undefined ? "" : `:s=${rate}`}:d=${seconds}`;
}
