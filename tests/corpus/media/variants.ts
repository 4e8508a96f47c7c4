// The generated variants of the media corpus: for each tool the corpus measures, the containers and
// codecs real files come in, written by native ffmpeg, sox and the reference encoders; plus the
// odd ones (short clips, cut-off downloads, headers with no frames) and the really broken ones.
import { readFileSync, writeFileSync } from "node:fs";
import type { CorpusCategory } from "../corpus-case.ts";
import { ffmpeg, run, truncated, type Sources } from "./writers.ts";

export interface Variant {
  category: CorpusCategory;
  /** the input's file name: what the visitor would upload */
  file: string;
  /** writes the input at `out` from the sources */
  write(out: string, sources: Sources, scratch: string): void;
  /** a refusal's reason; absent: it converts */
  refused?: RegExp;
}

type Write = Variant["write"];

/** ffmpeg from a source with these output arguments. */
const fromAudio = (source: keyof Sources, ...args: string[]): Write => (out, sources) => ffmpeg(["-i", sources[source], ...args, out]);
/** ffmpeg from the video source (2 s, 320×240) with these output arguments. */
const fromVideo = (...args: string[]): Write => (out, sources) => ffmpeg(["-i", sources.video, ...args, out]);
/** a tool that reads a WAV and writes `out` */
const encoder = (command: string, args: (input: string, out: string) => string[], source: keyof Sources = "stereo"): Write => (out, sources) => run(command, args(sources[source], out));
/** sox from a source, with output options before the output name */
const sox = (source: keyof Sources, ...options: string[]): Write => (out, sources) => run("/usr/bin/sox", [sources[source], ...options, out]);
/** a first cut of a file a writer makes, cut to `fraction` of its bytes */
const cutOff = (fraction: number, write: Write): Write => (out, sources, scratch) => {
  const whole = `${scratch}/whole-${out.split("/").pop()}`;
  write(whole, sources, scratch);
  truncated(whole, out, fraction);
};
/** the first `seconds` of the stereo source, then written by `args` */
const clip = (seconds: number, ...args: string[]): Write => (out, sources) => ffmpeg(["-i", sources.stereo, "-t", String(seconds), ...args, out]);

/** The variants of one category: a file, its writer and, for a broken one, its refusal's reason. */
const inCategory =
  (category: CorpusCategory) =>
  (file: string, write: Write, refused?: RegExp): Variant => ({ category, file, write, ...(refused ? { refused } : {}) });
const audio = inCategory("audio-to-mp3");
const video = inCategory("video-to-mp4");

/** A FLAC stream header (fLaC, STREAMINFO claiming 3 s of stereo) and no frame after it. */
const flacWithoutFrames: Write = (out, sources, scratch) => {
  const whole = `${scratch}/whole-frameless.flac`;
  run("/usr/bin/flac", ["-s", "-f", "--no-padding", "-o", whole, sources.stereo]);
  // "fLaC", STREAMINFO's 4-byte block header and its 34 bytes; the block marked as the last metadata
  const header = Buffer.from(readFileSync(whole).subarray(0, 42));
  header[4] = 0x80;
  writeFileSync(out, header);
};

/** A WAV whose data chunk holds no sample. */
const wavWithoutSamples: Write = (out, sources) => ffmpeg(["-i", sources.stereo, "-t", "0", "-c:a", "pcm_s16le", out]);

const EMPTY: Write = (out) => writeFileSync(out, new Uint8Array(0));
/** Bytes no player reads: a pseudo-random sequence with a fixed seed (no clock, no Math.random). */
const NOISE: Write = (out) => {
  const bytes = new Uint8Array(64 * 1024);
  let state = 0x2545f491;
  for (let i = 0; i < bytes.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[i] = state & 0xff;
  }
  writeFileSync(out, bytes);
};

const NO_SOUND = /no sound|no audio|nothing to convert/i;
const BROKEN = /damaged|incomplete|not .*(audio|video|media)|cannot be read|could not be read|unrecognized|unknown format|not a valid/i;
const EMPTY_FILE = /empty/i;

export const AUDIO_VARIANTS: Variant[] = [
  // WAV and its relatives
  audio("pcm-s16.wav", fromAudio("stereo", "-c:a", "pcm_s16le")),
  audio("pcm-s24.wav", fromAudio("stereo", "-c:a", "pcm_s24le")),
  audio("pcm-s32.wav", fromAudio("stereo", "-c:a", "pcm_s32le")),
  audio("pcm-f32.wav", fromAudio("stereo", "-c:a", "pcm_f32le")),
  audio("pcm-f64.wav", fromAudio("stereo", "-c:a", "pcm_f64le")),
  audio("pcm-u8-mono.wav", fromAudio("mono", "-c:a", "pcm_u8")),
  audio("alaw.wav", fromAudio("mono", "-c:a", "pcm_alaw", "-ar", "8000")),
  audio("mulaw.wav", fromAudio("mono", "-c:a", "pcm_mulaw", "-ar", "8000")),
  audio("adpcm-ms.wav", fromAudio("stereo", "-c:a", "adpcm_ms")),
  audio("adpcm-ima.wav", fromAudio("stereo", "-c:a", "adpcm_ima_wav")),
  audio("gsm-ms.wav", fromAudio("mono", "-c:a", "libgsm_ms", "-ar", "8000")),
  audio("mp3-in.wav", fromAudio("stereo", "-c:a", "libmp3lame", "-b:a", "128k")),
  audio("rf64.wav", fromAudio("stereo", "-c:a", "pcm_s16le", "-rf64", "always")),
  audio("bwf-bext.wav", fromAudio("stereo", "-c:a", "pcm_s24le", "-write_bext", "1")),
  audio("surround-51.wav", fromAudio("surround", "-c:a", "pcm_s16le")),
  audio("quad-4ch.wav", fromAudio("surround", "-af", "pan=quad|FL=c0|FR=c1|BL=c4|BR=c5", "-c:a", "pcm_s16le")),
  audio("hires-96k-24bit.wav", fromAudio("stereo", "-ar", "96000", "-c:a", "pcm_s24le")),
  audio("hires-192k.wav", fromAudio("stereo", "-ar", "192000", "-c:a", "pcm_s24le")),
  audio("phone-8k-mono.wav", fromAudio("mono", "-ar", "8000", "-c:a", "pcm_s16le")),
  audio("sony-wave64.w64", fromAudio("stereo", "-c:a", "pcm_s16le")),
  audio("sox-8bit.wav", sox("mono", "-b", "8", "-e", "unsigned-integer")),
  audio("sox-ima-adpcm.wav", sox("mono", "-e", "ima-adpcm")),
  audio("sox-float.wav", sox("stereo", "-e", "floating-point", "-b", "32")),
  // AIFF, CAF, AU, VOC and other PCM homes
  audio("pcm-s16.aiff", fromAudio("stereo", "-c:a", "pcm_s16be")),
  audio("pcm-s24.aif", fromAudio("stereo", "-c:a", "pcm_s24be")),
  audio("alaw.aifc", fromAudio("mono", "-c:a", "pcm_alaw", "-f", "aiff")),
  audio("float32.aifc", fromAudio("stereo", "-c:a", "pcm_f32be", "-f", "aiff")),
  audio("sox-ulaw.aifc", sox("mono", "-e", "u-law")),
  audio("pcm-s16.caf", fromAudio("stereo", "-c:a", "pcm_s16le")),
  audio("alac.caf", fromAudio("stereo", "-c:a", "alac")),
  audio("sun.au", fromAudio("stereo", "-c:a", "pcm_s16be")),
  audio("sun-mulaw.au", fromAudio("mono", "-c:a", "pcm_mulaw", "-ar", "8000")),
  audio("creative.voc", sox("mono", "-b", "8", "-e", "unsigned-integer")),
  audio("amiga.8svx", sox("mono", "-b", "8")),
  audio("nist.sph", sox("mono")),
  // lossless codecs
  audio("reference.flac", encoder("/usr/bin/flac", (input, out) => ["-s", "-f", "-o", out, input])),
  audio("hires-24bit.flac", fromAudio("stereo", "-ar", "96000", "-sample_fmt", "s32", "-c:a", "flac")),
  audio("mono.flac", encoder("/usr/bin/flac", (input, out) => ["-s", "-f", "-o", out, input], "mono")),
  audio("surround-51.flac", fromAudio("surround", "-c:a", "flac")),
  audio("with-picture.flac", (out, sources, scratch) => {
    const png = `${scratch}/cover.png`;
    ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=300x300", "-frames:v", "1", png]);
    run("/usr/bin/flac", ["-s", "-f", `--picture=${png}`, "-T", "TITLE=Cover test", "-o", out, sources.stereo]);
  }),
  audio("ogg-flac.oga", encoder("/usr/bin/flac", (input, out) => ["-s", "-f", "--ogg", "-o", out, input])),
  audio("alac.m4a", fromAudio("stereo", "-c:a", "alac")),
  audio("wavpack.wv", encoder("/usr/bin/wavpack", (input, out) => ["-q", "-y", input, "-o", out])),
  audio("wavpack-hybrid.wv", encoder("/usr/bin/wavpack", (input, out) => ["-q", "-y", "-b160", input, "-o", out])),
  audio("wavpack-4ch.wv", (out, sources, scratch) => {
    const quad = `${scratch}/quad.wav`;
    ffmpeg(["-i", sources.surround, "-af", "pan=quad|FL=c0|FR=c1|BL=c4|BR=c5", "-c:a", "pcm_s16le", quad]);
    run("/usr/bin/wavpack", ["-q", "-y", quad, "-o", out]);
  }),
  audio("wavpack-ffmpeg.wv", fromAudio("stereo", "-c:a", "wavpack")),
  audio("musepack-sv8.mpc", encoder("/usr/bin/mpcenc", (input, out) => ["--silent", "--overwrite", input, out])),
  audio("true-audio.tta", fromAudio("stereo", "-c:a", "tta")),
  audio("mlp.mlp", fromAudio("stereo", "-c:a", "mlp", "-strict", "-2", "-ar", "48000")),
  audio("truehd.thd", fromAudio("stereo", "-c:a", "truehd", "-strict", "-2", "-ar", "48000")),
  // lossy codecs
  audio("lame-cbr128.mp3", encoder("/usr/bin/lame", (input, out) => ["--quiet", "-b", "128", input, out])),
  audio("lame-vbr-v2.mp3", encoder("/usr/bin/lame", (input, out) => ["--quiet", "-V", "2", input, out])),
  audio("lame-mpeg25-8k.mp3", encoder("/usr/bin/lame", (input, out) => ["--quiet", "--resample", "8", "-b", "16", input, out], "mono")),
  audio("lame-id3v2-tags.mp3", encoder("/usr/bin/lame", (input, out) => ["--quiet", "--id3v2-only", "--tt", "Title", "--ta", "Artist", "--tl", "Album", input, out])),
  audio("lame-cover-art.mp3", (out, sources, scratch) => {
    const jpeg = `${scratch}/cover.jpg`;
    ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=500x500", "-frames:v", "1", jpeg]);
    run("/usr/bin/lame", ["--quiet", "--ti", jpeg, "--tt", "With cover", sources.stereo, out]);
  }),
  audio("ffmpeg-id3v1.mp3", fromAudio("stereo", "-c:a", "libmp3lame", "-q:a", "4", "-write_id3v1", "1", "-metadata", "title=Old tag")),
  audio("twolame.mp2", fromAudio("stereo", "-c:a", "libtwolame", "-b:a", "192k")),
  audio("mp2-ffmpeg.mpa", fromAudio("stereo", "-c:a", "mp2", "-f", "mp2")),
  audio("oggenc.ogg", encoder("/usr/bin/oggenc", (input, out) => ["-Q", "-q", "4", "-o", out, input])),
  audio("oggenc-mono.oga", encoder("/usr/bin/oggenc", (input, out) => ["-Q", "-q", "2", "-o", out, input], "mono")),
  audio("opusenc.opus", encoder("/usr/bin/opusenc", (input, out) => ["--quiet", input, out])),
  audio("opusenc-51.opus", encoder("/usr/bin/opusenc", (input, out) => ["--quiet", input, out], "surround")),
  audio("speex.spx", fromAudio("mono", "-ar", "16000", "-c:a", "libspeex", "-f", "ogg")),
  audio("aac-lc.m4a", fromAudio("stereo", "-c:a", "aac", "-b:a", "128k")),
  audio("aac-51.m4a", fromAudio("surround", "-c:a", "aac", "-b:a", "320k")),
  audio("adts.aac", fromAudio("stereo", "-c:a", "aac", "-b:a", "128k", "-f", "adts")),
  audio("aac.3gp", fromAudio("mono", "-c:a", "aac", "-ar", "16000", "-b:a", "32k")),
  audio("ac3-51.ac3", fromAudio("surround", "-c:a", "ac3")),
  audio("eac3.eac3", fromAudio("surround", "-c:a", "eac3")),
  audio("dts.dts", fromAudio("surround", "-c:a", "dca", "-strict", "-2")),
  audio("wmav2.wma", fromAudio("stereo", "-c:a", "wmav2", "-b:a", "128k")),
  audio("vorbis.mka", fromAudio("stereo", "-c:a", "libvorbis")),
  audio("opus-audio-only.webm", fromAudio("stereo", "-c:a", "libopus")),
  // (Debian's sox writes AMR-NB, not AMR-WB)
  audio("amr-nb.amr", sox("mono", "-t", "amr-nb", "-r", "8000", "-C", "7")),
  audio("gsm-raw.gsm", sox("mono", "-r", "8000")),
  audio("realaudio.ra", fromAudio("mono", "-ar", "8000", "-c:a", "real_144", "-f", "rm")),
  audio("aptx.aptx", fromAudio("stereo", "-ar", "48000", "-c:a", "aptx", "-f", "aptx")),
  // short clips (sound themes, interface sounds)
  audio("clip-50ms.wav", clip(0.05, "-c:a", "pcm_s16le")),
  audio("clip-10ms.wav", clip(0.01, "-c:a", "pcm_s16le")),
  audio("clip-1-sample.wav", (out, sources) => ffmpeg(["-i", sources.stereo, "-af", "atrim=end_sample=1", "-c:a", "pcm_s16le", out])),
  audio("clip-50ms.mp3", clip(0.05, "-c:a", "libmp3lame")),
  audio("clip-one-frame.mp3", clip(0.026, "-c:a", "libmp3lame")),
  audio("clip-50ms.flac", clip(0.05, "-c:a", "flac")),
  audio("clip-50ms.ogg", clip(0.05, "-c:a", "libvorbis")),
  audio("clip-50ms.oga", clip(0.05, "-c:a", "libopus", "-f", "ogg")),
  audio("clip-50ms.m4a", clip(0.05, "-c:a", "aac")),
  audio("clip-200ms.wav", clip(0.2, "-c:a", "pcm_s16le")),
  audio("silence-2s.wav", (out) => ffmpeg(["-f", "lavfi", "-i", "anullsrc=r=44100:cl=stereo", "-t", "2", "-c:a", "pcm_s16le", out])),
  // downloads that stopped: a player plays what is there
  audio("cut-off.wav", cutOff(0.6, fromAudio("stereo", "-c:a", "pcm_s16le"))),
  audio("cut-off.mp3", cutOff(0.6, encoder("/usr/bin/lame", (input, out) => ["--quiet", "-b", "128", input, out]))),
  audio("cut-off.flac", cutOff(0.6, encoder("/usr/bin/flac", (input, out) => ["-s", "-f", "-o", out, input]))),
  audio("cut-off.ogg", cutOff(0.6, encoder("/usr/bin/oggenc", (input, out) => ["-Q", "-o", out, input]))),
  // really broken: refused, saying why
  audio("empty.mp3", EMPTY, EMPTY_FILE),
  audio("noise.mp3", NOISE, BROKEN),
  audio("noise.wav", NOISE, BROKEN),
  audio("headers-no-frames.flac", flacWithoutFrames, /no (audio|sound)|frames|damaged|incomplete|empty/i),
  audio("no-samples.wav", wavWithoutSamples, /no (audio|sound)|empty|no samples|nothing to convert/i),
  audio("video-only.mp4", fromVideo("-an", "-c:v", "libx264", "-pix_fmt", "yuv420p"), NO_SOUND),
];

const X264 = ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p"];

export const VIDEO_VARIANTS: Variant[] = [
  video("h264-aac.mp4", fromVideo(...X264, "-c:a", "aac")),
  video("h264-aac-faststart.mp4", fromVideo(...X264, "-c:a", "aac", "-movflags", "+faststart")),
  video("h264-fragmented.mp4", fromVideo(...X264, "-c:a", "aac", "-movflags", "frag_keyframe+empty_moov")),
  video("h264-no-audio.mp4", fromVideo(...X264, "-an")),
  video("h264-rotated.mp4", fromVideo(...X264, "-c:a", "aac", "-metadata:s:v:0", "rotate=90")),
  video("h264-two-audio-tracks.mp4", (out, sources) => ffmpeg(["-i", sources.video, "-map", "0:v", "-map", "0:a", "-map", "0:a", ...X264, "-c:a", "aac", out])),
  video("hevc-aac.mp4", fromVideo("-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hvc1", "-c:a", "aac")),
  video("mpeg4-mp3.mp4", fromVideo("-c:v", "mpeg4", "-c:a", "libmp3lame")),
  video("av1-opus.mp4", fromVideo("-c:v", "libaom-av1", "-cpu-used", "8", "-crf", "40", "-c:a", "libopus")),
  video("h264-aac-51.mp4", (out, sources) => ffmpeg(["-i", sources.video, "-i", sources.surround, "-map", "0:v", "-map", "1:a", ...X264, "-c:a", "aac", "-shortest", out])),
  video("prores-pcm.mov", fromVideo("-c:v", "prores", "-c:a", "pcm_s16le")),
  video("mjpeg-pcm.mov", fromVideo("-c:v", "mjpeg", "-c:a", "pcm_s16le")),
  video("svq1.mov", fromVideo("-c:v", "svq1", "-an")),
  video("h264-opus.mkv", fromVideo(...X264, "-c:a", "libopus")),
  video("vp9-vorbis.mkv", fromVideo("-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-c:a", "libvorbis")),
  video("ffv1-flac-odd-size.mkv", (out, sources) => ffmpeg(["-i", sources.video, "-vf", "scale=321:241", "-c:v", "ffv1", "-c:a", "flac", out])),
  video("vp8-vorbis.webm", fromVideo("-c:v", "libvpx", "-deadline", "realtime", "-c:a", "libvorbis")),
  video("vp9-opus.webm", fromVideo("-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-c:a", "libopus")),
  video("xvid-mp3.avi", fromVideo("-c:v", "libxvid", "-c:a", "libmp3lame")),
  video("mjpeg-pcm.avi", fromVideo("-c:v", "mjpeg", "-c:a", "pcm_s16le")),
  video("huffyuv.avi", fromVideo("-c:v", "huffyuv", "-an")),
  video("cinepak.avi", fromVideo("-c:v", "cinepak", "-an")),
  video("flv1-mp3.flv", fromVideo("-c:v", "flv", "-c:a", "libmp3lame", "-ar", "44100")),
  video("h264-aac.flv", fromVideo(...X264, "-c:a", "aac")),
  video("mpeg1-mp2.mpg", fromVideo("-c:v", "mpeg1video", "-c:a", "mp2", "-f", "mpeg")),
  video("mpeg2-mp2.vob", fromVideo("-c:v", "mpeg2video", "-c:a", "mp2", "-f", "vob")),
  video("h264-aac.ts", fromVideo(...X264, "-c:a", "aac", "-f", "mpegts")),
  video("h264-ac3.m2ts", fromVideo(...X264, "-c:a", "ac3", "-f", "mpegts", "-mpegts_m2ts_mode", "1")),
  video("h263-aac.3gp", fromVideo("-vf", "scale=176:144", "-c:v", "h263", "-c:a", "aac", "-ar", "16000", "-ac", "1")),
  video("mpeg4-aac.3g2", fromVideo("-c:v", "mpeg4", "-c:a", "aac", "-ar", "16000", "-ac", "1", "-f", "3g2")),
  video("wmv2-wma.wmv", fromVideo("-c:v", "wmv2", "-c:a", "wmav2")),
  video("theora-vorbis.ogv", fromVideo("-c:v", "libtheora", "-c:a", "libvorbis")),
  video("nut.nut", fromVideo("-c:v", "mpeg4", "-c:a", "pcm_s16le")),
  video("dv-pal.dv", fromVideo("-vf", "scale=720:576,setsar=16/15", "-r", "25", "-c:v", "dvvideo", "-pix_fmt", "yuv420p", "-ar", "48000", "-c:a", "pcm_s16le", "-f", "dv")),
  video("raw.y4m", fromVideo("-an", "-pix_fmt", "yuv420p")),
  video("animated.gif", fromVideo("-an", "-vf", "fps=10,scale=160:120")),
  video("realvideo.rm", fromVideo("-c:v", "rv20", "-vf", "scale=320:240", "-c:a", "ac3")),
  video("mpeg2-mp2.mxf", fromVideo("-c:v", "mpeg2video", "-r", "25", "-c:a", "pcm_s16le", "-ar", "48000", "-vf", "scale=720:576")),
  video("clip-3-frames.mp4", (out, sources) => ffmpeg(["-i", sources.video, "-frames:v", "3", ...X264, "-an", out])),
  // really broken
  video("cut-off-faststart.mp4", cutOff(0.5, fromVideo(...X264, "-c:a", "aac", "-movflags", "+faststart")), /ends early|damaged|incomplete|missing/i),
  video("cut-off-no-index.mp4", cutOff(0.5, fromVideo(...X264, "-c:a", "aac")), /damaged|incomplete|index|cannot be read|could not be read/i),
  video("empty.mp4", EMPTY, EMPTY_FILE),
  video("noise.mp4", NOISE, BROKEN),
];

const m4a = inCategory("m4a-to-mp3");
const flv = inCategory("flv-to-mp3");
const mpg = inCategory("mpg-to-avi");

/** An M4B audiobook: AAC with three chapters and a title, from ffmpeg's metadata file. */
const audiobook: Write = (out, sources, scratch) => {
  const chapters = `${scratch}/chapters.txt`;
  writeFileSync(chapters, ";FFMETADATA1\ntitle=Audiobook\nartist=Reader\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=1000\ntitle=One\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=1000\nEND=2000\ntitle=Two\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=2000\nEND=3000\ntitle=Three\n");
  ffmpeg(["-i", sources.stereo, "-i", chapters, "-map_metadata", "1", "-map_chapters", "1", "-c:a", "aac", "-b:a", "64k", "-f", "ipod", out]);
};

export const M4A_VARIANTS: Variant[] = [
  m4a("aac-lc.m4a", fromAudio("stereo", "-c:a", "aac", "-b:a", "160k")),
  m4a("aac-mono-22k.m4a", fromAudio("mono", "-ar", "22050", "-c:a", "aac", "-b:a", "48k")),
  m4a("aac-faststart.m4a", fromAudio("stereo", "-c:a", "aac", "-movflags", "+faststart")),
  m4a("aac-ipod.m4a", fromAudio("stereo", "-c:a", "aac", "-f", "ipod")),
  m4a("aac-fragmented.m4a", fromAudio("stereo", "-c:a", "aac", "-movflags", "frag_keyframe+empty_moov", "-f", "mp4")),
  m4a("aac-51.m4a", fromAudio("surround", "-c:a", "aac", "-b:a", "256k")),
  m4a("alac.m4a", fromAudio("stereo", "-c:a", "alac")),
  m4a("alac-24bit-96k.m4a", fromAudio("stereo", "-ar", "96000", "-sample_fmt", "s32p", "-c:a", "alac")),
  m4a("audiobook-chapters.m4b", audiobook),
  m4a("with-cover.m4a", (out, sources, scratch) => {
    const png = `${scratch}/m4a-cover.png`;
    ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=300x300", "-frames:v", "1", png]);
    ffmpeg(["-i", sources.stereo, "-i", png, "-map", "0:a", "-map", "1:v", "-c:a", "aac", "-c:v", "png", "-disposition:v:0", "attached_pic", "-metadata", "title=Cover", out]);
  }),
  m4a("clip-50ms.m4a", clip(0.05, "-c:a", "aac")),
  m4a("cut-off.m4a", cutOff(0.5, fromAudio("stereo", "-c:a", "aac", "-movflags", "+faststart")), /ends early|damaged|incomplete|missing/i),
  m4a("empty.m4a", EMPTY, EMPTY_FILE),
];

export const FLV_VARIANTS: Variant[] = [
  flv("mp3-audio-only.flv", fromAudio("stereo", "-c:a", "libmp3lame", "-ar", "44100")),
  flv("aac-audio-only.flv", fromAudio("stereo", "-c:a", "aac")),
  flv("h264-aac.flv", fromVideo(...X264, "-c:a", "aac")),
  flv("flv1-mp3.flv", fromVideo("-c:v", "flv", "-c:a", "libmp3lame", "-ar", "22050")),
  flv("nellymoser.flv", fromAudio("mono", "-ar", "22050", "-c:a", "nellymoser")),
  flv("adpcm-swf.flv", fromAudio("stereo", "-ar", "22050", "-c:a", "adpcm_swf")),
  flv("pcm.flv", fromAudio("stereo", "-c:a", "pcm_s16le")),
  flv("speex.flv", fromAudio("mono", "-ar", "16000", "-c:a", "libspeex")),
  flv("cut-off.flv", cutOff(0.6, fromVideo("-c:v", "flv", "-c:a", "libmp3lame", "-ar", "44100"))),
  flv("video-only.flv", fromVideo("-c:v", "flv", "-an"), NO_SOUND),
  flv("empty.flv", EMPTY, EMPTY_FILE),
];

export const MPG_VARIANTS: Variant[] = [
  mpg("mpeg1-mp2.mpg", fromVideo("-c:v", "mpeg1video", "-c:a", "mp2", "-f", "mpeg")),
  mpg("mpeg2-mp2.mpg", fromVideo("-c:v", "mpeg2video", "-c:a", "mp2", "-f", "vob")),
  mpg("mpeg2-ac3.mpg", fromVideo("-c:v", "mpeg2video", "-c:a", "ac3", "-f", "vob")),
  mpg("mpeg2-pal-interlaced.mpg", fromVideo("-vf", "scale=720:576", "-r", "25", "-c:v", "mpeg2video", "-flags", "+ilme+ildct", "-b:v", "4M", "-c:a", "mp2", "-ar", "48000", "-f", "dvd")),
  mpg("mpeg1-vcd.mpeg", fromVideo("-vf", "scale=352:288", "-r", "25", "-c:v", "mpeg1video", "-b:v", "1150k", "-c:a", "mp2", "-ar", "44100", "-b:a", "224k", "-f", "vcd")),
  mpg("mpeg1-video-only.mpg", fromVideo("-c:v", "mpeg1video", "-an", "-f", "mpeg")),
  mpg("mpeg2-ts.mpg", fromVideo("-c:v", "mpeg2video", "-c:a", "mp2", "-f", "mpegts")),
  mpg("cut-off.mpg", cutOff(0.6, fromVideo("-c:v", "mpeg1video", "-c:a", "mp2", "-f", "mpeg"))),
  mpg("empty.mpg", EMPTY, EMPTY_FILE),
  mpg("noise.mpg", NOISE, BROKEN),
];
