// The independent writers of the media corpus: native ffmpeg 5.1, sox, lame, flac, oggenc, opusenc,
// wavpack and mpcenc, each writing one variant into the run's work folder. A writer this machine
// lacks (or that refuses a variant) drops that case with a line on stderr, never the whole format.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const FFMPEG = "/usr/bin/ffmpeg";

/** Runs a writer; its stderr becomes the error's message when it fails. */
export function run(command: string, args: readonly string[]): void {
  const result = spawnSync(command, args, { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${command.split("/").pop()} failed: ${(result.stderr || result.error?.message || "").trim().split("\n").slice(-2).join(" ")}`);
}

/** ffmpeg, quiet, overwriting. */
export const ffmpeg = (args: readonly string[]) => run(FFMPEG, ["-hide_banner", "-v", "error", "-y", ...args]);

/**
 * Three seconds of two tones whose loudness rises and falls at different rates per channel: a shape
 * the judge's loudness envelope can follow, and left and right that differ.
 */
const TONES = "aevalsrc='0.45*sin(2*PI*440*t)*(0.2+0.8*abs(sin(PI*t*1.7)))|0.45*sin(2*PI*660*t)*(0.2+0.8*abs(cos(PI*t*1.3)))'";
const SIX_CHANNELS = "aevalsrc='0.3*sin(2*PI*220*t)*(0.2+0.8*abs(sin(PI*t*1.1)))|0.3*sin(2*PI*330*t)*(0.2+0.8*abs(sin(PI*t*1.9)))|0.3*sin(2*PI*440*t)*(0.2+0.8*abs(cos(PI*t*0.7)))|0.1*sin(2*PI*55*t)|0.3*sin(2*PI*550*t)*(0.2+0.8*abs(sin(PI*t*2.3)))|0.3*sin(2*PI*660*t)*(0.2+0.8*abs(cos(PI*t*1.5)))'";

export interface Sources {
  /** 3 s, stereo, 44.1 kHz, 16-bit WAV */
  stereo: string;
  /** the same, mono */
  mono: string;
  /** 3 s of 5.1 at 48 kHz, 16-bit WAV */
  surround: string;
  /** 2 s of ffmpeg's testsrc2 at 320×240, 25 fps, as lossless FFV1 with the stereo tones in FLAC (MKV) */
  video: string;
}

/** The sources every variant is written from (ffmpeg's own signal generators). */
export function writeSources(dir: string): Sources {
  mkdirSync(dir, { recursive: true });
  const sources: Sources = {
    stereo: join(dir, "source-stereo.wav"),
    mono: join(dir, "source-mono.wav"),
    surround: join(dir, "source-51.wav"),
    video: join(dir, "source-video.mkv"),
  };
  ffmpeg(["-f", "lavfi", "-i", `${TONES}:s=44100:d=3`, "-c:a", "pcm_s16le", sources.stereo]);
  ffmpeg(["-i", sources.stereo, "-ac", "1", "-c:a", "pcm_s16le", sources.mono]);
  ffmpeg(["-f", "lavfi", "-i", `${SIX_CHANNELS}:s=48000:d=3:c=5.1`, "-c:a", "pcm_s16le", sources.surround]);
  ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=2", "-f", "lavfi", "-i", `${TONES}:s=44100:d=2`, "-c:v", "ffv1", "-c:a", "flac", "-shortest", sources.video]);
  return sources;
}

/** A copy of `file` cut to `fraction` of its length (a download that stopped). */
export function truncated(file: string, out: string, fraction: number): string {
  const bytes = readFileSync(file);
  writeFileSync(out, bytes.subarray(0, Math.floor(bytes.length * fraction)));
  return out;
}
