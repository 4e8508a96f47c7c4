// The ffmpeg engine's jobs (issue 13), run inside ./ffmpeg.worker.ts: the input File is mounted
// read-only with WORKERFS (read in slices on demand, never copied into the core's memory), the
// output is written to the in-memory file system, then moved to its sink and deleted.
import type { FfmpegCore } from "@ffmpeg/core";
import { ffmpegArgs } from "#codecs/media/ffmpeg-args.ts";
import { MediaError } from "#codecs/media/media-error.ts";
import { joinVorbisLanes, regridLane } from "#codecs/media/vorbis-join.ts";
import type { MediaInfo, MediaTarget } from "#codecs/media/media-types.ts";
import { coreForThreads } from "./ffmpeg-core-loader.ts";
import { writeBytesOutput, writeOutput } from "./ffmpeg-output.ts";
import { probeInput as probeMounted, runConversion, runCore as run, type LoadedCore } from "./ffmpeg-run.ts";
import type { EncodedStretch, FfmpegThreads, JoinRequest, JoinResult, MediaConvertRequest, MediaConvertResult, StretchRequest } from "./media-job.ts";

const MOUNT = "/in";
const OUTPUT = "/tmp/output";
const COVER = "/tmp/cover.png";
const STRETCH = "/tmp/stretch";

const MIME_TYPES: Record<MediaTarget, string> = {
  mp3: "audio/mpeg",
  wav: "audio/wav",
  ogg: "audio/ogg",
  m4a: "audio/mp4",
  aac: "audio/aac",
  flac: "audio/flac",
  wma: "audio/x-ms-wma",
  mp4: "video/mp4",
  webm: "video/webm",
  mkv: "video/x-matroska",
  mov: "video/quicktime",
  avi: "video/x-msvideo",
  flv: "video/x-flv",
};

export async function probeFile(file: File, threads = 1, alive: () => void = () => {}): Promise<MediaInfo> {
  refuseEmpty(file);
  const { loaded } = await coreForThreads(threads);
  loaded.onLine = alive;
  try {
    return await withMounted(loaded.core, { input: file }, ({ input }) => probeMounted(loaded, input));
  } finally {
    loaded.onLine = null;
  }
}

export async function convertFile(request: MediaConvertRequest & FfmpegThreads, progress: (fraction: number) => void, alive: () => void = () => {}): Promise<MediaConvertResult> {
  const { file, plan, sink } = request;
  refuseEmpty(file);
  const { loaded, threads } = await coreForThreads(request.threads ?? 1);
  loaded.onLine = alive;
  const { core } = loaded;
  return withMounted(core, { input: file, picture: request.picture ?? undefined }, async ({ input, picture }) => {
    try {
      // m4a-to-mp4 without a chosen picture: the input's own cover becomes the still picture
      if (plan.video.action === "encode" && picture === undefined) picture = await coverAsPicture(loaded, input);
      const seconds = plan.outputSeconds;
      runConversion(loaded, ffmpegArgs(plan, { input, output: OUTPUT, picture }, threads), seconds ? (done) => progress(done / seconds) : null);
      const bytes = core.FS.analyzePath(OUTPUT).exists ? core.FS.stat(OUTPUT).size : 0;
      if (bytes === 0) throw new MediaError("The conversion produced an empty file.", "engine-failed");
      const output = await writeOutput(core.FS, OUTPUT, sink, MIME_TYPES[plan.target]);
      return { output, bytes };
    } catch (error) {
      throw outOfMemory(error);
    } finally {
      loaded.onLine = null;
      for (const path of [OUTPUT, COVER]) if (core.FS.analyzePath(path).exists) core.FS.unlink(path);
    }
  });
}

/** One stretch of a sound on the single-thread core: its encoded bytes (ffmpeg-stretches.ts joins them). */
export async function encodeStretch(request: StretchRequest, progress: (fraction: number) => void, alive: () => void = () => {}): Promise<EncodedStretch> {
  const { file, plan, stretch, sampleRate } = request;
  refuseEmpty(file);
  const { loaded } = await coreForThreads(1);
  loaded.onLine = alive;
  const { core } = loaded;
  // the last stretch runs to the end of the sound
  const seconds = stretch.to === null ? (plan.outputSeconds ?? 0) - stretch.from / sampleRate : (stretch.to - stretch.from) / sampleRate;
  return withMounted(core, { input: file }, ({ input }) => {
    try {
      const args = ffmpegArgs(plan, { input, output: STRETCH }, 1, { from: stretch.from, to: stretch.to, sampleRate });
      runConversion(loaded, args, seconds > 0 ? (done) => progress(done / seconds) : null);
      return { bytes: core.FS.readFile(STRETCH) };
    } catch (error) {
      throw outOfMemory(error);
    } finally {
      loaded.onLine = null;
      if (core.FS.analyzePath(STRETCH).exists) core.FS.unlink(STRETCH);
    }
  });
}

/** The stretches joined into the output; else the lane to encode again, or neither (the page then encodes in one pass). */
export async function joinStretches({ parts, sink, target }: JoinRequest): Promise<JoinResult> {
  const lanes = parts.map(({ bytes, stretch }) => ({ ogg: bytes, start: stretch.from, partStart: stretch.partStart, partEnd: stretch.partEnd }));
  const joined = joinVorbisLanes(lanes);
  if (joined === null) return { joined: null, regrid: regridLane(lanes) };
  const output = await writeBytesOutput(joined.ogg, sink, MIME_TYPES[target]);
  return { joined: { output, bytes: joined.ogg.byteLength, audioLanes: parts.length }, regrid: null };
}

/** A RangeError from the core (its memory could not grow) as the visitor's error; any other error as it is. */
function outOfMemory(error: unknown): unknown {
  return error instanceof RangeError ? new MediaError("The browser ran out of memory for this file.", "out-of-memory", { cause: error }) : error;
}

/** A file without a real video track but with cover art: the cover as a PNG for the still-picture track. */
async function coverAsPicture(loaded: LoadedCore, input: string): Promise<string | undefined> {
  const info = probeMounted(loaded, input);
  if (info.video) return undefined;
  if (!info.tags.hasCover) throw new MediaError("This file has no picture to make a video from: choose a picture.", "no-video");
  run(loaded, ["-hide_banner", "-i", input, "-map", "0:v:0", "-frames:v", "1", "-c:v", "png", "-f", "image2", COVER], null);
  return COVER;
}

interface Mounted {
  input: string;
  picture?: string;
}

/** Mounts the input (and picture) read-only at /in for the length of `job`. */
async function withMounted<T>(core: FfmpegCore, files: { input: File; picture?: File }, job: (paths: Mounted) => Promise<T> | T): Promise<T> {
  const { FS } = core;
  const blobs = [{ name: `input${extension(files.input.name)}`, data: files.input }];
  if (files.picture) blobs.push({ name: `picture${extension(files.picture.name)}`, data: files.picture });
  FS.mkdir(MOUNT);
  FS.mount(FS.filesystems.WORKERFS, { blobs }, MOUNT);
  try {
    return await job({ input: `${MOUNT}/${blobs[0]?.name}`, picture: blobs[1] ? `${MOUNT}/${blobs[1].name}` : undefined });
  } finally {
    FS.unmount(MOUNT);
    FS.rmdir(MOUNT);
  }
}

/** The file's extension (ffmpeg's image reader and raw formats go by it), or "" when odd. */
function extension(name: string): string {
  const match = /\.([a-z0-9]{1,5})$/i.exec(name);
  return match ? `.${match[1]?.toLowerCase()}` : "";
}

function refuseEmpty(file: File): void {
  if (file.size === 0) throw new MediaError("This file is empty.", "empty");
}
