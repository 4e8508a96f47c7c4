// Valid but unusual media files, written by independent tools (native ffmpeg, LAME, sox) and by
// hand (tests/support/mp3-tag-variants.ts): the layouts real files have that a reader must not call
// damaged. Each case's reference length is what native ffmpeg decodes from it.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FFMPEG } from "./reference-tools.ts";
import { TAG_VARIANTS, taggedMp3, type TagVariant } from "./mp3-tag-variants.ts";

export const LAME = "/usr/bin/lame";

export interface UnusualFile {
  /** the file's name in the folder: its extension is the one real files of its kind have */
  name: string;
  /** the page that converts it */
  page: "audio" | "video";
}

const ff = (dir: string, ...args: string[]) => execFileSync(FFMPEG, ["-hide_banner", "-v", "error", "-y", ...args], { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
const TONE = ["-f", "lavfi", "-i", "sine=f=440:d=4:sample_rate=44100"];
const PICTURE = ["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=4"];
const H264 = ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p"];

const CHAPTERS = ";FFMETADATA1\ntitle=Book\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=2000\ntitle=One\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=2000\nEND=4000\ntitle=Two\n";

/** The container and codec cases, as writeContainerCases makes them. */
const CONTAINER_CASES: readonly UnusualFile[] = [
  { name: "book.m4b", page: "audio" },
  { name: "edit-list.mp4", page: "video" },
  { name: "fragmented.mp4", page: "video" },
  { name: "moov-at-end.mp4", page: "video" },
  { name: "timecode.mov", page: "video" },
  { name: "attachments.mkv", page: "video" },
  { name: "live.webm", page: "video" },
  { name: "two-audio-tracks.mp4", page: "video" },
  { name: "chained.opus", page: "audio" },
  { name: "flac-in-ogg.oga", page: "audio" },
  { name: "id3-big-picture.flac", page: "audio" },
  { name: "vbr-no-xing.mp3", page: "audio" },
  { name: "id3.aac", page: "audio" },
  { name: "gapless.m4a", page: "audio" },
];

/** Every case: the container cases, then an MP3 in each kind of tag. */
export const UNUSUAL_FILES: readonly UnusualFile[] = [...CONTAINER_CASES, ...TAG_VARIANTS.map((variant) => ({ name: `${variant}.mp3`, page: "audio" as const }))];

/** Writes the container and codec cases (not the MP3 tag variants) into `dir`. */
function writeContainerCases(dir: string): UnusualFile[] {
  const at = (name: string) => join(dir, name);
  writeFileSync(at("chapters.txt"), CHAPTERS);
  ff(dir, "-f", "lavfi", "-i", "testsrc2=size=160x160:rate=1", "-frames:v", "1", "cover.jpg");
  // a big cover: a noise picture, 1400×1400 at the best JPEG quality (about 1.4 MB)
  ff(dir, "-f", "lavfi", "-i", "nullsrc=s=1400x1400,geq=random(1)*255:128:128", "-frames:v", "1", "-q:v", "1", "big.jpg");
  const cases: UnusualFile[] = [];
  const add = (name: string, page: UnusualFile["page"], ...args: string[]) => {
    ff(dir, ...args, name);
    cases.push({ name, page });
  };
  // an audiobook: AAC with chapters (a QuickTime chapter track and Nero chapters) and a cover
  add("book.m4b", "audio", ...TONE, "-i", "cover.jpg", "-i", "chapters.txt", "-map", "0:a", "-map", "1:v", "-map_chapters", "2", "-c:v", "mjpeg", "-disposition:v:0", "attached_pic", "-c:a", "aac", "-b:a", "64k", "-f", "ipod");
  add("edit-list.mp4", "video", "-itsoffset", "0.5", ...PICTURE, ...TONE, "-map", "0:v", "-map", "1:a", ...H264, "-c:a", "aac");
  add("fragmented.mp4", "video", ...PICTURE, ...TONE, ...H264, "-c:a", "aac", "-movflags", "frag_keyframe+empty_moov");
  add("moov-at-end.mp4", "video", ...PICTURE, ...TONE, ...H264, "-c:a", "aac");
  add("timecode.mov", "video", ...PICTURE, ...TONE, ...H264, "-c:a", "aac", "-timecode", "01:00:00:00");
  writeFileSync(at("subtitles.srt"), "1\n00:00:00,000 --> 00:00:02,000\nHello\n");
  add("attachments.mkv", "video", ...PICTURE, ...TONE, "-i", "subtitles.srt", "-map", "0:v", "-map", "1:a", "-map", "2", ...H264, "-c:a", "aac", "-c:s", "srt", "-attach", "cover.jpg", "-metadata:s:t", "mimetype=image/jpeg");
  add("live.webm", "video", ...PICTURE, ...TONE, "-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-c:a", "libopus", "-live", "1", "-f", "webm");
  add("two-audio-tracks.mp4", "video", ...PICTURE, ...TONE, "-f", "lavfi", "-i", "sine=f=880:d=4", "-map", "0:v", "-map", "1:a", "-map", "2:a", ...H264, "-c:a", "aac");
  // two Ogg Opus streams one after the other (a chain), as concatenated .opus files are
  ff(dir, ...TONE, "-c:a", "libopus", "link1.opus");
  ff(dir, "-f", "lavfi", "-i", "sine=f=660:d=3", "-c:a", "libopus", "link2.opus");
  writeFileSync(at("chained.opus"), Buffer.concat([readFileSync(at("link1.opus")), readFileSync(at("link2.opus"))]));
  cases.push({ name: "chained.opus", page: "audio" });
  add("flac-in-ogg.oga", "audio", ...TONE, "-c:a", "flac", "-f", "ogg");
  // FLAC with a 1.4 MB PICTURE block, and an ID3v2 tag in front of "fLaC" (as some taggers write)
  ff(dir, ...TONE, "-i", "big.jpg", "-map", "0:a", "-map", "1:v", "-c:v", "copy", "-disposition:v", "attached_pic", "-c:a", "flac", "big-picture.flac");
  ff(dir, "-f", "lavfi", "-i", "anullsrc", "-t", "0.1", "-metadata", "title=Tag", "-id3v2_version", "3", "id3.mp3");
  const id3 = readFileSync(at("id3.mp3"));
  const id3Bytes = 10 + ((id3[6]! << 21) | (id3[7]! << 14) | (id3[8]! << 7) | id3[9]!);
  writeFileSync(at("id3-big-picture.flac"), Buffer.concat([id3.subarray(0, id3Bytes), readFileSync(at("big-picture.flac"))]));
  cases.push({ name: "id3-big-picture.flac", page: "audio" });
  ff(dir, ...TONE, "-ac", "2", "tone.wav");
  // VBR without a Xing header (lame -t): the length must come from the frames
  execFileSync(LAME, ["--quiet", "-V", "2", "-t", "tone.wav", "vbr-no-xing.mp3"], { cwd: dir });
  cases.push({ name: "vbr-no-xing.mp3", page: "audio" });
  ff(dir, ...TONE, "-c:a", "aac", "-f", "adts", "plain.aac");
  writeFileSync(at("id3.aac"), Buffer.concat([id3.subarray(0, id3Bytes), readFileSync(at("plain.aac"))]));
  cases.push({ name: "id3.aac", page: "audio" });
  // gapless AAC as iTunes tags it: an edit list and the iTunSMPB comment
  add("gapless.m4a", "audio", ...TONE, "-c:a", "aac", "-metadata", "iTunSMPB= 00000000 00000840 000002C0 000000000002B110 00000000 00000000", "-movflags", "use_metadata_tags");
  return cases;
}

/** Writes the MP3 tag variants around one LAME MP3 of `tone.wav` (made by writeContainerCases). */
function writeTagCases(dir: string): UnusualFile[] {
  execFileSync(LAME, ["--quiet", "-b", "128", "tone.wav", "lame.mp3"], { cwd: dir });
  const audio = new Uint8Array(readFileSync(join(dir, "lame.mp3")));
  const cover = new Uint8Array(readFileSync(join(dir, "cover.jpg")));
  const big = new Uint8Array(readFileSync(join(dir, "big.jpg")));
  return TAG_VARIANTS.map((variant: TagVariant) => {
    const name = `${variant}.mp3`;
    writeFileSync(join(dir, name), taggedMp3(audio, variant, cover, big));
    return { name, page: "audio" as const };
  });
}

/** Writes every case of UNUSUAL_FILES into `dir`. */
export function writeUnusualMedia(dir: string): void {
  const written = [...writeContainerCases(dir), ...writeTagCases(dir)].map((file) => file.name);
  const listed = UNUSUAL_FILES.map((file) => file.name);
  if (written.join() !== listed.join()) throw new Error(`UNUSUAL_FILES lists ${listed.join()}, but ${written.join()} were written.`);
}

/** Seconds of sound native ffmpeg decodes from a file's first audio stream. */
export function decodedSeconds(file: string): number {
  const pcm = execFileSync(FFMPEG, ["-hide_banner", "-v", "error", "-i", file, "-map", "0:a:0", "-f", "s16le", "-ac", "1", "-ar", "8000", "-"], { maxBuffer: 1 << 28, stdio: ["ignore", "pipe", "ignore"] });
  return pcm.length / 2 / 8000;
}
