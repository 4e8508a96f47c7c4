// Audio files in the formats and shapes real collections hold and our own fixtures did not (issue 26):
// float64, RF64 and 384 kHz WAV, Wave64, AIFF at 8/24/32 bits and A-law/µ-law AIFF-C, CAF, AU, VOC, DSD (DSF and
// DFF), Musepack SV8, WavPack (4 channels, float, hybrid lossy), Monkey's Audio, and clips of a few
// milliseconds. Each is written at test time by an independent writer: native ffmpeg, wavpack, mpcenc,
// JMAC (Debian's libjmac-java, the only APE encoder packaged) or ./dsd-writer.ts (no tool here encodes
// DSD). A writer that is missing makes its files unavailable, and the tests skip them by name.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeDff, writeDsf } from "./dsd-writer.ts";
import { toneInput, TONE } from "./media-fixtures.ts";
import { FFMPEG, HAVE_FFMPEG } from "./reference-tools.ts";

const WAVPACK = "/usr/bin/wavpack";
const MPCENC = "/usr/bin/mpcenc";
const JAVA = "/usr/bin/java";
const JMAC = "/usr/share/java/jmac.jar";

/** What the ffmpeg probe must read of the file (codec in our vocabulary, see codecs/media/ffmpeg-probe.ts). */
export interface ProbeClaims {
  container: string;
  codec: string;
  channels: number;
  sampleRate: number;
  /** the length ffmpeg prints, when it prints one (Musepack SV8 and streamed files may not) */
  seconds?: number;
  /** false: ffmpeg 5.1 cannot open it (only mediabunny reads it) */
  ffmpegReads?: false;
}

interface Recipe {
  file: string;
  claims: ProbeClaims;
  /** the tools it needs besides ffmpeg */
  needs?: string[];
  make(path: string, dir: string): void;
}

const ffmpeg = (...args: string[]) => execFileSync(FFMPEG, ["-hide_banner", "-v", "error", "-y", ...args], { stdio: ["ignore", "ignore", "pipe"] });
const run = (command: string, ...args: string[]) => execFileSync(command, args, { stdio: ["ignore", "ignore", "pipe"] });

/** The stereo tone of ./media-fixtures.ts written by ffmpeg with these output options. */
const tone = (seconds: number, ...output: string[]) => (path: string) => ffmpeg(...toneInput(seconds), ...output, path);
/** A 16-bit WAV of the tone (channels mixed as `pan` says) beside `path`, for the encoders that read WAV. */
function wavSource(dir: string, name: string, seconds: number, pan?: string, output: string[] = ["-c:a", "pcm_s16le"]): string {
  const wav = join(dir, `${name}-source.wav`);
  ffmpeg(...toneInput(seconds), ...(pan ? ["-af", pan] : []), ...output, wav);
  return wav;
}

const stereo = (container: string, codec: string, extra: Partial<ProbeClaims> = {}): ProbeClaims => ({ container, codec, channels: 2, sampleRate: TONE.sampleRate, seconds: 2, ...extra });
const QUAD = "pan=4.0|c0=c0|c1=c1|c2=0.5*c0|c3=0.5*c1";

const RECIPES = {
  "float64 WAV": { file: "float64.wav", claims: stereo("wav", "pcm-f64"), make: tone(2, "-c:a", "pcm_f64le") },
  "RF64 WAV": { file: "rf64.wav", claims: stereo("wav", "pcm-s16"), make: tone(2, "-c:a", "pcm_s16le", "-rf64", "always") },
  // a header never finished (a recorder stopped): the data chunk says 0 bytes, the sound follows
  "WAV with a 0-byte data header": {
    file: "unfinished.wav",
    claims: stereo("wav", "pcm-s16"),
    make(path: string) {
      ffmpeg(...toneInput(2), "-c:a", "pcm_s16le", "-bitexact", path);
      const bytes = readFileSync(path);
      const at = bytes.indexOf("data");
      bytes.writeUInt32LE(0, at + 4);
      writeFileSync(path, bytes);
    },
  },
  "384 kHz WAV": { file: "rate384k.wav", claims: stereo("wav", "pcm-s24", { sampleRate: 384_000 }), make: tone(2, "-ar", "384000", "-c:a", "pcm_s24le") },
  Wave64: { file: "tone.w64", claims: stereo("w64", "pcm-s16"), make: tone(2, "-c:a", "pcm_s16le", "-f", "w64") },
  "A-law AIFF-C": { file: "alaw.aifc", claims: stereo("aiff", "alaw"), make: tone(2, "-c:a", "pcm_alaw", "-f", "aiff") },
  "µ-law AIFF-C": { file: "ulaw.aifc", claims: stereo("aiff", "ulaw"), make: tone(2, "-c:a", "pcm_mulaw", "-f", "aiff") },
  "8-bit AIFF": { file: "s8.aiff", claims: stereo("aiff", "pcm-s8"), make: tone(2, "-c:a", "pcm_s8", "-f", "aiff") },
  "24-bit AIFF": { file: "s24.aiff", claims: stereo("aiff", "pcm-s24be"), make: tone(2, "-c:a", "pcm_s24be", "-f", "aiff") },
  "32-bit AIFF": { file: "s32.aif", claims: stereo("aiff", "pcm-s32be"), make: tone(2, "-c:a", "pcm_s32be", "-f", "aiff") },
  CAF: { file: "tone.caf", claims: stereo("caf", "pcm-s16be"), make: tone(2, "-c:a", "pcm_s16be", "-f", "caf") },
  "Sun AU": { file: "tone.au", claims: stereo("au", "pcm-s16be"), make: tone(2, "-c:a", "pcm_s16be", "-f", "au") },
  "Creative VOC": { file: "tone.voc", claims: { container: "voc", codec: "pcm-s16", channels: 1, sampleRate: 44100, seconds: 2 }, make: tone(2, "-ac", "1", "-c:a", "pcm_s16le", "-f", "voc") },
  "DSF (DSD64)": {
    file: "tone.dsf",
    claims: { container: "dsf", codec: "dsd_lsbf_planar", channels: 2, sampleRate: 352_800, seconds: 2 },
    make: (path: string) => writeFileSync(path, writeDsf({ frequencies: [TONE.left, TONE.right], seconds: 2, amplitude: TONE.amplitude })),
  },
  "DFF (DSDIFF, DSD64)": {
    file: "tone.dff",
    claims: { container: "iff", codec: "dsd_msbf", channels: 2, sampleRate: 352_800, seconds: 2 },
    make: (path: string) => writeFileSync(path, writeDff({ frequencies: [TONE.left, TONE.right], seconds: 2, amplitude: TONE.amplitude })),
  },
  "Musepack SV8": {
    file: "tone.mpc",
    needs: [MPCENC],
    // ffmpeg 5.1 reads SV8's length from its stream header short by the encoder's delay: no claim on it
    claims: { container: "mpc8", codec: "musepack8", channels: 2, sampleRate: 44100 },
    make: (path: string, dir: string) => run(MPCENC, "--silent", "--overwrite", wavSource(dir, "mpc", 2), path),
  },
  WavPack: { file: "tone.wv", needs: [WAVPACK], claims: stereo("wv", "wavpack"), make: (path: string, dir: string) => run(WAVPACK, "-q", "-y", wavSource(dir, "wv", 2), "-o", path) },
  "WavPack, 4 channels at 96 kHz": {
    file: "quad.wv",
    needs: [WAVPACK],
    claims: { container: "wv", codec: "wavpack", channels: 4, sampleRate: 96000, seconds: 2 },
    make: (path: string, dir: string) => run(WAVPACK, "-q", "-y", wavSource(dir, "quad", 2, `${QUAD},aresample=96000`), "-o", path),
  },
  "WavPack, 32-bit float": {
    file: "float.wv",
    needs: [WAVPACK],
    claims: stereo("wv", "wavpack"),
    make: (path: string, dir: string) => run(WAVPACK, "-q", "-y", wavSource(dir, "float", 2, undefined, ["-c:a", "pcm_f32le"]), "-o", path),
  },
  "WavPack, hybrid lossy (no correction file)": {
    file: "lossy.wv",
    needs: [WAVPACK],
    claims: stereo("wv", "wavpack"),
    make: (path: string, dir: string) => run(WAVPACK, "-q", "-y", "-b256", wavSource(dir, "lossy", 2), "-o", path),
  },
  "Monkey's Audio": {
    file: "tone.ape",
    needs: [JAVA, JMAC],
    claims: stereo("ape", "ape"),
    // JMAC's "c2": Monkey's Audio's normal compression
    make: (path: string, dir: string) => run(JAVA, "-jar", JMAC, "c2", wavSource(dir, "ape", 2), path),
  },
  "50 ms WAV": { file: "clip50ms.wav", claims: { container: "wav", codec: "pcm-s16", channels: 2, sampleRate: 44100, seconds: 0.05 }, make: tone(0.05, "-c:a", "pcm_s16le") },
  "10 ms WAV": { file: "clip10ms.wav", claims: { container: "wav", codec: "pcm-s16", channels: 2, sampleRate: 44100, seconds: 0.01 }, make: tone(0.01, "-c:a", "pcm_s16le") },
  "1-sample WAV": {
    file: "one-sample.wav",
    claims: { container: "wav", codec: "pcm-s16", channels: 1, sampleRate: 44100, seconds: 0 },
    // the sine's first sample is 0: a quarter period in, it is the peak
    make: (path: string) => ffmpeg("-f", "lavfi", "-i", "aevalsrc=0.5*cos(2*PI*440*t):s=44100:d=1", "-af", "atrim=end_sample=1", "-c:a", "pcm_s16le", path),
  },
  // one frame of sound after the LAME tag's frame: mediabunny reads it by that tag; ffmpeg 5.1 does not
  // ("Invalid frame size... Could not seek"), nor does it read a lone frame without the tag
  "one MP3 frame": {
    file: "one-frame.mp3",
    claims: { container: "mp3", codec: "mp3", channels: 2, sampleRate: 44100, ffmpegReads: false },
    make: tone(1152 / 44100, "-c:a", "libmp3lame", "-b:a", "128k", "-id3v2_version", "0", "-frames:a", "1"),
  },
} satisfies Record<string, Recipe>;

export type RealWorldAudio = keyof typeof RECIPES;
export const REAL_WORLD_AUDIO = Object.keys(RECIPES) as RealWorldAudio[];

export function realWorldClaims(name: RealWorldAudio): ProbeClaims {
  return RECIPES[name].claims;
}

/** The file's name (its usual extension). */
export function realWorldFileName(name: RealWorldAudio): string {
  return RECIPES[name].file;
}

/** Why `name` cannot be written here, or null. */
export function realWorldUnavailable(name: RealWorldAudio): string | null {
  if (!HAVE_FFMPEG) return `native ffmpeg (${FFMPEG}) is not installed`;
  const recipe: Recipe = RECIPES[name];
  const missing = (recipe.needs ?? []).filter((path) => !existsSync(path));
  return missing.length > 0 ? `${missing.join(" and ")} not installed` : null;
}

/** Writes `name` into `dir` and returns its path. */
export function makeRealWorldAudio(name: RealWorldAudio, dir: string): string {
  const recipe: Recipe = RECIPES[name];
  const path = join(dir, recipe.file);
  if (!existsSync(path)) recipe.make(path, dir);
  return path;
}
