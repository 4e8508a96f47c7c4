// Independent checks of audio and video outputs, all through native ffmpeg/ffprobe (never our code):
// what a file holds (ffprobe), its decoded samples, a tone's frequency and loudness, video PSNR
// against a reference, and stream checksums that match when a stream was copied bit for bit.
import { execFileSync, spawnSync } from "node:child_process";
import { FFMPEG } from "./reference-tools.ts";

export const FFPROBE = "/usr/bin/ffprobe";
const MAX_BUFFER = 1 << 30;

export interface ProbeStream {
  index: number;
  codecType: "audio" | "video" | "subtitle" | "data" | "attachment";
  codecName: string;
  sampleRate: number | null;
  channels: number | null;
  /** "s16", "fltp"... for audio */
  sampleFormat: string | null;
  /** bits per raw sample (PCM, FLAC), else null */
  bitsPerRawSample: number | null;
  width: number | null;
  height: number | null;
  /** frames per second (avg_frame_rate) */
  frameRate: number | null;
  bitRate: number | null;
  durationSeconds: number | null;
  /** a cover picture, not a video track */
  attachedPic: boolean;
  /** keys lower-cased */
  tags: Record<string, string>;
}

export interface ProbeResult {
  format: {
    /** ffprobe's comma-separated names, e.g. "mov,mp4,m4a,3gp,3g2,mj2" */
    formatName: string;
    durationSeconds: number | null;
    bitRate: number | null;
    size: number;
    /** keys lower-cased */
    tags: Record<string, string>;
  };
  streams: ProbeStream[];
}

interface RawStream {
  index: number;
  codec_type: ProbeStream["codecType"];
  codec_name?: string;
  sample_rate?: string;
  channels?: number;
  sample_fmt?: string;
  bits_per_raw_sample?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  bit_rate?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: Record<string, string>;
}
interface RawProbe {
  format: { format_name: string; duration?: string; bit_rate?: string; size: string; tags?: Record<string, string> };
  streams: RawStream[];
}

const num = (value: string | number | undefined): number | null => {
  const n = Number(value);
  return value === undefined || value === "" || !Number.isFinite(n) ? null : n;
};
const lowerKeys = (tags: Record<string, string> | undefined) => Object.fromEntries(Object.entries(tags ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
function rate(fraction: string | undefined): number | null {
  const [n, d] = (fraction ?? "").split("/").map(Number);
  return n && d ? n / d : null;
}

/** ffprobe's reading of a file; throws with ffprobe's message when it cannot read it. */
export function ffprobeJson(file: string): ProbeResult {
  const result = spawnSync(FFPROBE, ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", file], { encoding: "utf8", maxBuffer: MAX_BUFFER });
  if (result.status !== 0) throw new Error(`ffprobe cannot read ${file}: ${result.stderr.trim()}`);
  const raw = JSON.parse(result.stdout) as RawProbe;
  return {
    format: {
      formatName: raw.format.format_name,
      durationSeconds: num(raw.format.duration),
      bitRate: num(raw.format.bit_rate),
      size: Number(raw.format.size),
      tags: lowerKeys(raw.format.tags),
    },
    streams: raw.streams.map((s) => ({
      index: s.index,
      codecType: s.codec_type,
      codecName: s.codec_name ?? "",
      sampleRate: num(s.sample_rate),
      channels: num(s.channels),
      sampleFormat: s.sample_fmt ?? null,
      bitsPerRawSample: num(s.bits_per_raw_sample),
      width: num(s.width),
      height: num(s.height),
      frameRate: rate(s.avg_frame_rate),
      bitRate: num(s.bit_rate),
      durationSeconds: num(s.duration),
      attachedPic: s.disposition?.attached_pic === 1,
      tags: lowerKeys(s.tags),
    })),
  };
}

/** The first audio stream, or null. */
export function audioStream(probe: ProbeResult): ProbeStream | null {
  return probe.streams.find((s) => s.codecType === "audio") ?? null;
}
/** The first video stream that is not cover art, or null. */
export function videoStream(probe: ProbeResult): ProbeStream | null {
  return probe.streams.find((s) => s.codecType === "video" && !s.attachedPic) ?? null;
}
/** The cover picture, or null. */
export function coverStream(probe: ProbeResult): ProbeStream | null {
  return probe.streams.find((s) => s.attachedPic) ?? null;
}
/** The file's tags wherever the container keeps them (Ogg keeps Vorbis comments on the stream). */
export function allTags(probe: ProbeResult): Record<string, string> {
  return Object.assign({}, ...probe.streams.map((s) => s.tags), probe.format.tags) as Record<string, string>;
}

/** The container's duration in seconds (ffprobe's format duration). */
export function durationSeconds(file: string): number {
  const duration = ffprobeJson(file).format.durationSeconds;
  if (duration === null) throw new Error(`ffprobe found no duration in ${file}`);
  return duration;
}

export interface PcmOptions {
  sampleRate: number;
  channels: number;
  /** seconds to skip from the start */
  startSeconds?: number;
  /** seconds to decode */
  seconds?: number;
}

/** The first audio stream decoded by native ffmpeg to 32-bit float samples, interleaved. */
export function decodePcm(file: string, options: PcmOptions): Float32Array {
  const window = [
    ...(options.startSeconds ? ["-ss", String(options.startSeconds)] : []),
    ...(options.seconds ? ["-t", String(options.seconds)] : []),
  ];
  const args = ["-hide_banner", "-v", "error", "-i", file, ...window, "-map", "0:a:0", "-ac", String(options.channels), "-ar", String(options.sampleRate), "-f", "f32le", "-"];
  const bytes = execFileSync(FFMPEG, args, { maxBuffer: MAX_BUFFER, stdio: ["ignore", "pipe", "pipe"] });
  // copy into a fresh, aligned buffer
  return new Float32Array(new Uint8Array(bytes).buffer, 0, bytes.length >> 2);
}

/** One channel of interleaved samples. */
export function channel(samples: Float32Array, channels: number, index: number): Float32Array {
  const out = new Float32Array(Math.floor(samples.length / channels));
  for (let i = 0; i < out.length; i++) out[i] = samples[i * channels + index]!;
  return out;
}

/** The largest difference between two decodes sample by sample; Infinity when their lengths differ. */
export function maxSampleDifference(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return Infinity;
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i]! - b[i]!));
  return max;
}

/** In-place radix-2 FFT of (re, im), whose length is a power of two. */
export function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const angle = (-2 * Math.PI) / size;
    const wr = Math.cos(angle);
    const wi = Math.sin(angle);
    for (let start = 0; start < n; start += size) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < size >> 1; k++) {
        const a = start + k;
        const b = a + (size >> 1);
        const tr = re[b]! * cr - im[b]! * ci;
        const ti = re[b]! * ci + im[b]! * cr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
        [cr, ci] = [cr * wr - ci * wi, cr * wi + ci * wr];
      }
    }
  }
}

/**
 * The strongest frequency in mono samples, in Hz: a Hann-windowed FFT zero-padded to at least 2^17
 * points (a bin of 0.34 Hz at 44.1 kHz), refined by a parabola through the peak's log magnitudes.
 */
export function dominantFrequency(samples: Float32Array, sampleRate: number): number {
  if (samples.length < 16) throw new Error("dominantFrequency: too few samples");
  let n = 1 << 17;
  while (n < samples.length) n <<= 1;
  const re = new Float64Array(n);
  const im = new Float64Array(n);
  const last = samples.length - 1;
  for (let i = 0; i < samples.length; i++) re[i] = samples[i]! * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / last));
  fft(re, im);
  let peak = 1;
  let peakPower = -1;
  const power = (k: number) => re[k]! * re[k]! + im[k]! * im[k]!;
  for (let k = 1; k < n >> 1; k++) {
    const p = power(k);
    if (p > peakPower) [peak, peakPower] = [k, p];
  }
  const [a, b, c] = [Math.log(power(peak - 1) + 1e-30), Math.log(peakPower + 1e-30), Math.log(power(peak + 1) + 1e-30)];
  const denominator = a - 2 * b + c;
  const offset = denominator === 0 ? 0 : (0.5 * (a - c)) / denominator;
  return ((peak + offset) * sampleRate) / n;
}

/** Root-mean-square level in dB relative to full scale (a full-scale sine is -3.01 dB); -Infinity for silence. */
export function rmsDb(samples: Float32Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  return 10 * Math.log10(sum / Math.max(1, samples.length));
}

export interface PsnrOptions {
  /** compare at this size (default: the first file's video size) */
  width?: number;
  height?: number;
  /** skip this many seconds of the reference (for trimmed outputs) */
  referenceStartSeconds?: number;
}

/**
 * The average PSNR in dB (Infinity when identical) of `file`'s video against `reference`'s, the n-th
 * frame against the n-th after scaling both to one size, with ffmpeg's psnr filter; stops at the
 * shorter one.
 */
export function videoPsnr(file: string, reference: string, options: PsnrOptions = {}): number {
  const size = videoStream(ffprobeJson(file));
  const width = options.width ?? size?.width;
  const height = options.height ?? size?.height;
  if (!width || !height) throw new Error(`videoPsnr: no video in ${file}`);
  // frames are paired in order, not by timestamp: containers shift start times (MKV, FLV, MPEG-PS)
  // and AVI has no timestamps of its own (ffmpeg's AVI of the fixture starts with a gap)
  const scale = `scale=${width}:${height}:flags=bicubic,format=yuv420p,settb=1/25,setpts=N`;
  const seek = options.referenceStartSeconds ? ["-ss", String(options.referenceStartSeconds)] : [];
  const args = ["-hide_banner", "-nostats", "-i", file, ...seek, "-i", reference, "-filter_complex", `[0:V:0]${scale}[a];[1:V:0]${scale}[b];[a][b]psnr=shortest=1`, "-f", "null", "-"];
  const result = spawnSync(FFMPEG, args, { encoding: "utf8", maxBuffer: MAX_BUFFER });
  if (result.status !== 0) throw new Error(`ffmpeg psnr failed: ${result.stderr.trim().split("\n").slice(-3).join(" ")}`);
  const average = /PSNR y:\S+ u:\S+ v:\S+ average:(\S+)/.exec(result.stderr)?.[1];
  if (average === undefined) throw new Error(`ffmpeg printed no PSNR for ${file}`);
  return average === "inf" ? Infinity : Number(average);
}

/**
 * The MD5 of one stream's packets as ffmpeg demuxes them (`-c copy -f md5`): equal for a stream
 * copied between containers that store it the same way (MP4, MOV, MKV: H.264 and AAC without start
 * codes or ADTS headers). Video means the first video stream that is not cover art.
 */
export function streamMd5(file: string, kind: "a" | "v"): string {
  const map = kind === "a" ? "0:a:0" : "0:V:0";
  const out = execFileSync(FFMPEG, ["-hide_banner", "-v", "error", "-i", file, "-map", map, "-c", "copy", "-f", "md5", "-"], { encoding: "utf8" });
  const md5 = /^MD5=([0-9a-f]{32})/m.exec(out)?.[1];
  if (!md5) throw new Error(`ffmpeg gave no MD5 for the ${kind} stream of ${file}`);
  return md5;
}

/** Integrated loudness in LUFS (EBU R128 / ITU-R BS.1770) as ffmpeg's ebur128 filter measures it. */
export function integratedLufs(file: string): number {
  const result = spawnSync(FFMPEG, ["-hide_banner", "-nostats", "-i", file, "-map", "0:a:0", "-af", "ebur128", "-f", "null", "-"], { encoding: "utf8", maxBuffer: MAX_BUFFER });
  if (result.status !== 0) throw new Error(`ffmpeg ebur128 failed: ${result.stderr.trim().split("\n").slice(-3).join(" ")}`);
  // the summary at the end: "Integrated loudness:\n    I:         -14.0 LUFS"
  const value = /Integrated loudness:\s*I:\s*(-?[\d.]+|-inf) LUFS/.exec(result.stderr)?.[1];
  if (value === undefined) throw new Error(`ffmpeg printed no integrated loudness for ${file}`);
  return value === "-inf" ? -Infinity : Number(value);
}
