// Reads what `ffmpeg -hide_banner -i input` prints about its first input into a MediaInfo (issue 13).
// Pure: the worker feeds it the core's log, the tests the native ffmpeg's (same 5.1 family). Codec
// names become mediabunny's where it has one, so the planner compares one vocabulary.
import type { AudioStreamInfo, MediaInfo, MediaTags, VideoStreamInfo } from "./media-types.ts";

/** ffmpeg's codec names that mediabunny spells differently; the rest keep ffmpeg's name. */
const CODEC_NAMES: Record<string, string> = {
  h264: "avc",
  pcm_s16le: "pcm-s16",
  pcm_s16be: "pcm-s16be",
  pcm_s24le: "pcm-s24",
  pcm_s24be: "pcm-s24be",
  pcm_s32le: "pcm-s32",
  pcm_s32be: "pcm-s32be",
  pcm_f32le: "pcm-f32",
  pcm_f32be: "pcm-f32be",
  pcm_f64le: "pcm-f64",
  pcm_f64be: "pcm-f64be",
  pcm_u8: "pcm-u8",
  pcm_s8: "pcm-s8",
  pcm_mulaw: "ulaw",
  pcm_alaw: "alaw",
};

/** ffmpeg's demuxer names → our container names; "mov,mp4,…" and "matroska,webm" are decided apart. */
const CONTAINERS: Record<string, string> = {
  mpeg: "mpeg-ps",
  aac: "adts",
  mpegts: "mpegts",
  asf: "asf",
  avi: "avi",
  flv: "flv",
  ogg: "ogg",
  mp3: "mp3",
  wav: "wav",
  flac: "flac",
};

const WEBM_CODECS = new Set(["vp8", "vp9", "av1", "opus", "vorbis"]);

const LAYOUT_CHANNELS: Record<string, number> = {
  mono: 1,
  stereo: 2,
  downmix: 2,
  "2.1": 3,
  "3.0": 3,
  "3.0(back)": 3,
  quad: 4,
  "quad(side)": 4,
  "4.0": 4,
  "3.1": 4,
  "4.1": 5,
  "5.0": 5,
  "5.0(side)": 5,
  "5.1": 6,
  "5.1(side)": 6,
  "6.0": 6,
  "6.0(front)": 6,
  hexagonal: 6,
  "6.1": 7,
  "6.1(back)": 7,
  "6.1(front)": 7,
  "7.0": 7,
  "7.0(front)": 7,
  "7.1": 8,
  "7.1(wide)": 8,
  "7.1(wide-side)": 8,
  "7.1(top)": 8,
  octagonal: 8,
  hexadecagonal: 16,
  "22.2": 24,
};

interface Stream {
  kind: "Audio" | "Video";
  /** the text after "Audio: " / "Video: " */
  fields: string[];
}

/** The MediaInfo of the first input in an `ffmpeg -i` log, or null when the log shows no input (a failed open). */
export function parseFfmpegProbe(log: string): MediaInfo | null {
  const lines = log.split(/\r?\n/);
  const start = lines.findIndex((line) => line.startsWith("Input #0, "));
  if (start < 0) return null;
  const demuxer = /^Input #0, (.+?), from /.exec(lines[start] ?? "")?.[1] ?? "";
  const end = lines.findIndex((line, i) => i > start && /^(Input #1|Output #|Stream mapping:|At least one output)/.test(line));
  const block = lines.slice(start + 1, end < 0 ? undefined : end);

  const formatTags = metadataAt(block, 0, 2);
  const durationLine = block.find((line) => /^ {2}Duration: /.test(line)) ?? "";
  const streams: { stream: Stream; index: number }[] = [];
  block.forEach((line, index) => {
    const match = /^ {2}Stream #0:\d+\S*: (Audio|Video): (.*)$/.exec(line);
    if (match) streams.push({ stream: { kind: match[1] as Stream["kind"], fields: splitFields(match[2] ?? "") }, index });
  });

  const audio = streams.find(({ stream }) => stream.kind === "Audio");
  const pictures = streams.filter(({ stream }) => stream.kind === "Video");
  const video = pictures.find(({ stream }) => !isAttachedPicture(stream));
  const audioInfo = audio ? audioStream(audio.stream) : null;
  const videoInfo = video ? videoStream(video.stream) : null;

  const tags: MediaTags = { hasCover: pictures.some(({ stream }) => isAttachedPicture(stream)) };
  for (const key of ["title", "artist", "album"] as const) {
    const value = formatTags.get(key) ?? (audio ? metadataAt(block, audio.index + 1, 4).get(key) : undefined);
    if (value) tags[key] = value;
  }

  return {
    container: containerName(demuxer, formatTags.get("major_brand"), [audioInfo?.codec, videoInfo?.codec]),
    reader: "ffmpeg",
    durationSeconds: parseClock(/Duration: ([\d:.]+)/.exec(durationLine)?.[1]),
    bitrate: kbps(/bitrate: (\d+) kb\/s/.exec(durationLine)?.[1]),
    audio: audioInfo,
    video: videoInfo,
    tags,
  };
}

/** "mov,mp4,m4a,3gp,3g2,mj2" is mov for QuickTime's brand, else mp4; "matroska,webm" is webm when every codec fits WebM. */
function containerName(demuxer: string, majorBrand: string | undefined, codecs: (string | undefined)[]): string {
  if (demuxer.startsWith("mov,mp4")) return majorBrand?.trim() === "qt" ? "mov" : "mp4";
  if (demuxer === "matroska,webm") {
    const present = codecs.filter((codec): codec is string => codec !== undefined);
    return present.length > 0 && present.every((codec) => WEBM_CODECS.has(codec)) ? "webm" : "matroska";
  }
  return CONTAINERS[demuxer] ?? demuxer;
}

function audioStream(stream: Stream): AudioStreamInfo {
  const [codecField = "", ...rest] = stream.fields;
  let sampleRate = 0;
  let channels = 0;
  let bitrate: number | null = null;
  for (const field of rest) {
    const hz = /^(\d+) Hz$/.exec(field);
    if (hz) sampleRate = Number(hz[1]);
    else if (/^\d+ kb\/s/.test(field)) bitrate = kbps(/^(\d+)/.exec(field)?.[1]);
    else if (channels === 0) channels = channelCount(field);
  }
  return { codec: codecName(codecField), sampleRate, channels, bitrate };
}

function videoStream(stream: Stream): VideoStreamInfo {
  const [codecField = "", ...rest] = stream.fields;
  let width = 0;
  let height = 0;
  let frameRate: number | null = null;
  let bitrate: number | null = null;
  for (const field of rest) {
    const size = /^(\d+)x(\d+)(?:\s|$)/.exec(field);
    const fps = /^([\d.]+)(k?) fps$/.exec(field);
    if (size && width === 0) {
      width = Number(size[1]);
      height = Number(size[2]);
    } else if (fps) frameRate = Number(fps[1]) * (fps[2] ? 1000 : 1);
    else if (/^\d+ kb\/s/.test(field)) bitrate = kbps(/^(\d+)/.exec(field)?.[1]);
  }
  return { codec: codecName(codecField), width, height, frameRate, bitrate };
}

/** "h264 (High) (avc1 / 0x31637661)" → "avc"; "none" (an unknown codec) stays "none". */
function codecName(field: string): string {
  const name = field.split(" ")[0] ?? "";
  return CODEC_NAMES[name] ?? name;
}

/** "stereo", "4.0", "quad", "6 channels", "4 channels (FL+FR+LFE+BC)" or a custom order "FL+FR+LFE"; 0 when none of those. */
function channelCount(field: string): number {
  const counted = /^(\d+) channels/.exec(field);
  if (counted) return Number(counted[1]);
  const named = LAYOUT_CHANNELS[field];
  if (named !== undefined) return named;
  return /^[A-Z][A-Z0-9]*(\+[A-Z][A-Z0-9]*)+$/.test(field) ? field.split("+").length : 0;
}

function isAttachedPicture(stream: Stream): boolean {
  return stream.fields.some((field) => field.includes("(attached pic)"));
}

/** Splits "a (b, c), d, e" at the commas outside parentheses and brackets. */
function splitFields(text: string): string[] {
  const fields: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of text) {
    if (char === "(" || char === "[") depth++;
    else if (char === ")" || char === "]") depth = Math.max(0, depth - 1);
    if (char === "," && depth === 0) {
      fields.push(current.trim());
      current = "";
    } else current += char;
  }
  if (current.trim()) fields.push(current.trim());
  return fields;
}

/** The "Metadata:" block starting at `from` (if the line there is one) with keys indented by `indent + 2`; keys lowercased. */
function metadataAt(block: string[], from: number, indent: number): Map<string, string> {
  const tags = new Map<string, string>();
  const header = " ".repeat(indent) + "Metadata:";
  if (block[from] !== header) return tags;
  const keyIndent = " ".repeat(indent + 2);
  let last: string | undefined;
  for (const line of block.slice(from + 1)) {
    // a long value goes on over lines that start with spaces and ": "
    const continued = /^\s+: (.*)$/.exec(line);
    if (continued && last !== undefined) {
      tags.set(last, `${tags.get(last) ?? ""}\n${continued[1]}`);
      continue;
    }
    if (!line.startsWith(keyIndent) || line[keyIndent.length] === " ") break;
    const pair = /^\s+(\S[^:]*?)\s*: (.*)$/.exec(line);
    if (!pair?.[1]) break;
    last = pair[1].toLowerCase();
    if (!tags.has(last)) tags.set(last, pair[2] ?? "");
  }
  return tags;
}

/** "00:01:02.50" → 62.5; "N/A" or nothing → null. */
function parseClock(text: string | undefined): number | null {
  const match = text ? /^(\d+):(\d\d):(\d\d(?:\.\d+)?)$/.exec(text) : null;
  if (!match) return null;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

function kbps(text: string | undefined): number | null {
  return text === undefined ? null : Number(text) * 1000;
}
