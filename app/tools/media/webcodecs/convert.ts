// convert(): one mediabunny Conversion driven by a ConversionPlan, written to the chosen sink.
import {
  AudioSampleSource,
  Conversion,
  EncodedAudioPacketSource,
  EncodedVideoPacketSource,
  Output,
  VideoSampleSource,
  StreamTarget,
  type InputAudioTrack,
  type InputVideoTrack,
  type MetadataTags,
} from "mediabunny";
import { MediaError } from "#codecs/media/media-error.ts";
import type { ConversionPlan, TrackPlan } from "#codecs/media/media-types.ts";
import { checkWritten, type WrittenCounts } from "#codecs/media/output-check.ts";
import type { MediaConvertRequest, MediaConvertResult } from "../media-job.ts";
import { encoderLaneCount } from "../encoder-lanes.ts";
import { mp3EncoderIsLame, registerEncoders } from "./encoders.ts";
import { LameTagStream } from "#codecs/media/lame-tag-stream.ts";
import { readSourceGapless, type SourceGapless } from "#codecs/media/lame-tag.ts";
import { mp3AudioStart } from "#codecs/media/mp3-frames.ts";
import { checkLastPackets } from "./probe.ts";
import { conversionFailure } from "./errors.ts";
import { firstTracks, openInput } from "./open-input.ts";
import { createOutputFormat } from "./output-format.ts";
import { openSink } from "../sinks/open-sink.ts";
import { audioOptions, copyMode, trimOption, videoOptions } from "./track-options.ts";
import { describeDiscard, type WantedTrack } from "./discards.ts";
import { addStillTrack, drawStill, feedStill, stillImage } from "./still-picture.ts";
import { requestEncoderScaling } from "./scaling-encoder.ts";
import { requestParallelMp3 } from "./parallel-mp3.ts";

/** StreamTarget gathers writes into chunks of this size: fewer writes to disk, fewer Blob parts in memory. */
const CHUNK_BYTES = 8 * 1024 * 1024;
/** The most a copied stream may be moved in time to fit the output (see the copy option below). */
const COPY_SHIFT_SECONDS = 0.5;

export async function convertFile(request: MediaConvertRequest, progress: (fraction: number) => void, alive: () => void = () => {}): Promise<MediaConvertResult> {
  const { file, plan, sink } = request;
  if (plan.engine !== "webcodecs") throw new MediaError("This plan is for the ffmpeg engine.", "bad-option");
  await registerEncoders();
  const opened = await openInput(file, alive);
  const { input } = opened;
  let closeScaling: (() => void) | undefined;
  let closeParallel: (() => void) | undefined;
  try {
    const { audioTrack, videoTrack } = await firstTracks(opened);
    checkTracks(plan, audioTrack, videoTrack);
    await checkLastPackets([audioTrack, videoTrack].filter((track) => track !== null), opened.container);
    // an MP3 from LAME gets a LAME tag, so players drop its priming and padding (gapless)
    const lame = await lameTagStream(plan, opened.container === "mp3" ? file : null);
    const format = createOutputFormat(plan.container, { wavBytes: wavEstimate(plan, audioTrack), ...(lame === null ? {} : { onXingFrame: lame.onXingFrame }) });
    // a long MP3 encode runs on several LAMEs at once (decision 066)
    const lanes = encoderLaneCount(globalThis.navigator?.hardwareConcurrency || 1, request.threadCap);
    const parallel = mp3EncoderIsLame() ? requestParallelMp3(plan.audio, plan.container, plan.outputSeconds, audioTrack?.sampleRate, lanes) : null;
    if (parallel !== null) closeParallel = parallel.close;
    const audio = audioOptions(plan.audio);
    // an encode counts its samples (the padding follows); a copy must not: a process hook forces a re-encode
    if (lame !== null && plan.audio.action === "encode") {
      audio.process = (sample) => {
        lame.countSamples(sample.numberOfFrames);
        return sample;
      };
    }
    // a resize runs in the encoder where the browser scales there (decision 065), else on mediabunny's canvas
    const scaling = request.videoScaler === "canvas" ? null : await requestEncoderScaling(plan.video, videoTrack);
    if (scaling !== null) closeScaling = scaling.close;
    const video = videoOptions(plan.video, { resizeInEncoder: scaling !== null });
    const trim = trimOption(plan.trim);
    // a video encode of a file without pictures: a still of the chosen picture or the cover
    const still = plan.video.action === "encode" && videoTrack === null ? await drawStill(await stillImage(request.picture, input), plan.video) : null;
    const target = await openSink(sink);
    try {
      const output = new Output({ format, target: new StreamTarget(lame === null ? target.writable : lame.wrap(target.writable), { chunked: true, chunkSize: CHUNK_BYTES }) });
      const stillSource = still !== null && plan.video.action === "encode" ? addStillTrack(output, still, plan.video) : null;
      const conversion = await Conversion.init({
        input,
        output,
        // only the first audio and video tracks are converted, as the probe described
        audio: (track) => (track.id === audioTrack?.id ? audio : { discard: true }),
        video: (track) => (track.id === videoTrack?.id ? video : { discard: true }),
        ...(trim === undefined ? {} : { trim }),
        // formats without timestamps (ADTS, MP3) start at zero: an AAC track's priming packet sits
        // a few ms before it, and copying needs that small shift (tracks stay in sync)
        copy: { mode: copyMode(plan.audio, plan.video), shiftTolerance: COPY_SHIFT_SECONDS },
        // with a still track the conversion drives only the sound: we own the output
        ...(stillSource === null ? { tags: (inputTags: MetadataTags) => outputTags(inputTags, plan) } : { composable: true }),
        showWarnings: false,
      });
      checkConversion(conversion, plan, audioTrack, videoTrack);
      const written = countWrites(output, alive);
      conversion.onProgress = (fraction, seconds) => progress(plan.outputSeconds !== null && plan.outputSeconds > 0 ? seconds / plan.outputSeconds : fraction);
      if (stillSource === null) {
        await conversion.execute();
      } else {
        output.setMetadataTags(outputTags(await input.getMetadataTags(), plan));
        await output.start();
        const seconds = plan.outputSeconds ?? (plan.trim.endSeconds ?? (await input.computeDuration())) - plan.trim.startSeconds;
        try {
          await Promise.all([feedStill(stillSource, seconds), conversion.execute()]);
        } catch (error) {
          // a failed still must not leave the sound running into a discarded sink
          await conversion.cancel().catch(() => undefined);
          await output.cancel().catch(() => undefined);
          throw error;
        }
        await output.finalize();
      }
      // nothing unplayable is called a success: each kept track received packets or samples
      checkWritten({ audio: plan.audio.action !== "drop" && audioTrack !== null, video: plan.video.action !== "drop" && videoTrack !== null }, written);
      // nor a video left at the source's size because mediabunny chose another encoder
      if (scaling !== null && !scaling.request.taken) throw new MediaError("The video was not resized: the encoder that resizes was not used.", "engine-failed");
      const result = await target.finish(format.mimeType);
      const audioLanes = parallel?.taken() ? parallel.lanes : 1;
      return { output: result, bytes: result.size, videoScaler: scaling !== null ? "encoder" : resizes(plan.video) ? "canvas" : null, ...(plan.audio.action === "encode" && plan.audio.codec === "mp3" ? { audioLanes } : {}) };
    } catch (error) {
      await target.discard();
      throw error;
    }
  } catch (error) {
    throw conversionFailure(error);
  } finally {
    closeScaling?.();
    closeParallel?.();
    input.dispose();
  }
}

/** Whether the plan changes the video's size (mediabunny's options then resize on its canvas). */
const resizes = (plan: TrackPlan) => plan.action === "encode" && (plan.width !== undefined || plan.height !== undefined);

function checkTracks(plan: ConversionPlan, audioTrack: InputAudioTrack | null, videoTrack: InputVideoTrack | null): void {
  if (plan.audio.action !== "drop" && audioTrack === null) throw new MediaError("This file has no sound to convert.", "no-audio");
  // an encode without a video track makes a still-picture track instead
  if (plan.video.action === "copy" && videoTrack === null) throw new MediaError("This file has no video to convert.", "no-video");
  if (plan.audio.action === "drop" && plan.video.action === "drop") throw new MediaError("The plan keeps neither sound nor picture.", "bad-option");
  checkCopyCodec(plan.audio, audioTrack?.codec ?? null, "audio");
  checkCopyCodec(plan.video, videoTrack?.codec ?? null, "video");
}

function checkCopyCodec(plan: TrackPlan, codec: string | null, kind: "audio" | "video"): void {
  if (plan.action === "copy" && plan.codec !== codec) {
    throw new MediaError(`The plan copies ${plan.codec} ${kind}, but the file holds ${codec ?? "an unknown codec"}.`, "engine-failed");
  }
}

/** After init: every wanted track is in the output, and a track planned as a copy really is copied. */
function checkConversion(conversion: Conversion, plan: ConversionPlan, audioTrack: InputAudioTrack | null, videoTrack: InputVideoTrack | null): void {
  const wanted: WantedTrack[] = [];
  if (plan.audio.action !== "drop" && audioTrack !== null) wanted.push({ track: audioTrack, plan: plan.audio, kind: "audio" });
  if (plan.video.action !== "drop" && videoTrack !== null) wanted.push({ track: videoTrack, plan: plan.video, kind: "video" });
  for (const discarded of conversion.discardedTracks) {
    const entry = wanted.find((item) => item.track.id === discarded.track.id);
    if (entry !== undefined) throw describeDiscard(discarded.reason, entry, plan.container);
  }
  if (!conversion.isValid) throw new MediaError("Nothing in this file can be written to the chosen format.", "engine-failed");
  for (const { plan: trackPlan, kind } of wanted) {
    const outputTrack = conversion.output.tracks.find((track) => track.type === kind);
    if (outputTrack === undefined) throw new MediaError(`The ${kind} track did not make it into the output.`, "engine-failed");
    const copied = kind === "audio" ? outputTrack.source instanceof EncodedAudioPacketSource : outputTrack.source instanceof EncodedVideoPacketSource;
    if (trackPlan.action === "copy" && !copied) {
      throw new MediaError(`The plan copies the ${kind}, but the WebCodecs engine would re-encode it.`, "engine-failed");
    }
    if (trackPlan.action === "encode" && copied) {
      throw new MediaError(`The plan re-encodes the ${kind}, but the WebCodecs engine would copy it.`, "engine-failed");
    }
  }
}

/**
 * Counts what the conversion hands to the output's tracks (packets it copies, samples and frames it
 * encodes), each a heartbeat for the page's watchdog. The still-picture track is fed by us, not counted.
 */
function countWrites(output: Output, alive: () => void): WrittenCounts {
  const counts: WrittenCounts = { audio: 0, video: 0 };
  const count = (kind: keyof WrittenCounts) => {
    counts[kind]++;
    alive();
  };
  for (const { source } of output.tracks) {
    if (source instanceof EncodedAudioPacketSource) {
      const add = source.add.bind(source);
      source.add = (packet, meta) => (count("audio"), add(packet, meta));
    } else if (source instanceof AudioSampleSource) {
      const add = source.add.bind(source);
      source.add = (sample) => (count("audio"), add(sample));
    } else if (source instanceof EncodedVideoPacketSource) {
      const add = source.add.bind(source);
      source.add = (packet, meta) => (count("video"), add(packet, meta));
    } else if (source instanceof VideoSampleSource) {
      const add = source.add.bind(source);
      source.add = (sample, options) => (count("video"), add(sample, options));
    }
  }
  return counts;
}

/** The tags the plan keeps: title, artist and album, and the front cover (or the first picture). */
function outputTags(input: MetadataTags, plan: ConversionPlan): MetadataTags {
  const tags: MetadataTags = {};
  if (plan.keepTags) {
    if (input.title) tags.title = input.title;
    if (input.artist) tags.artist = input.artist;
    if (input.album) tags.album = input.album;
  }
  const images = input.images ?? [];
  const cover = images.find((image) => image.kind === "coverFront") ?? images[0];
  // written as the front cover: MP4 keeps only that kind, and ID3 pictures are often typed "other"
  if (plan.keepCover && cover !== undefined) tags.images = [{ ...cover, kind: "coverFront" }];
  return tags;
}

/**
 * The LAME tag writer of an MP3 output: for a LAME encode, and for a copy of an MP3 whose own tag
 * says its priming and padding (mediabunny writes its Xing frame without them: the copy would
 * decode about 25 ms late and longer at the end than the source).
 */
async function lameTagStream(plan: ConversionPlan, mp3Source: File | null): Promise<LameTagStream | null> {
  if (plan.container !== "mp3") return null;
  if (plan.audio.action === "encode") return mp3EncoderIsLame() ? new LameTagStream(constantKbps(plan.audio)) : null;
  const source = plan.audio.action === "copy" && mp3Source !== null ? await sourceGapless(mp3Source) : null;
  return source === null ? null : new LameTagStream(null, { source, fromStart: plan.trim.startSeconds === 0 });
}

/** The LAME tag of the MP3's first frame, after its ID3v2 tags. */
async function sourceGapless(file: File): Promise<SourceGapless | null> {
  const tag = await mp3AudioStart(async (start, end) => new Uint8Array(await file.slice(start, end).arrayBuffer()));
  // the largest layer III frame is 2881 bytes (320 kbps at 32 kHz, padded)
  return readSourceGapless(new Uint8Array(await file.slice(tag, tag + 2881).arrayBuffer()));
}

function constantKbps(plan: TrackPlan): number | null {
  return plan.action === "encode" && plan.vbrQuality === undefined && plan.bitrate !== undefined ? Math.round(plan.bitrate / 1000) : null;
}

/** Bytes of a PCM output, to choose RF64 for WAV above 4 GiB. */
function wavEstimate(plan: ConversionPlan, audioTrack: InputAudioTrack | null): number {
  if (plan.audio.action !== "encode" || audioTrack === null) return 0;
  const bytesPerSample = plan.audio.codec === "pcm-s16" ? 2 : plan.audio.codec === "pcm-s24" ? 3 : 4;
  const rate = plan.audio.sampleRate ?? audioTrack.sampleRate;
  const channels = plan.audio.channels ?? audioTrack.numberOfChannels;
  return (plan.outputSeconds ?? 0) * rate * channels * bytesPerSample;
}
