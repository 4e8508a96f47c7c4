// probe(): what mediabunny reads from a file, as a MediaInfo. Only metadata and a few packets are
// read; the duration comes from the container's metadata or, failing that, from the last packets.
import { EncodedPacketSink, type InputAudioTrack, type InputTrack, type InputVideoTrack, type MetadataTags } from "mediabunny";
import { MediaError } from "#codecs/media/media-error.ts";
import type { AudioStreamInfo, MediaInfo, MediaTags, VideoStreamInfo } from "#codecs/media/media-types.ts";
import { mpegAudioCodec } from "#codecs/media/mpeg-audio.ts";
import { mp3AudioStart, mp3Seconds, scanMp3 } from "#codecs/media/mp3-frames.ts";
import { logEngineError } from "./errors.ts";
import { containerLabel, firstTracks, openInput } from "./open-input.ts";

export async function probeFile(file: File, alive: () => void = () => {}): Promise<MediaInfo> {
  const opened = await openInput(file, alive);
  const { input, container } = opened;
  try {
    const { audioTrack, videoTrack } = await firstTracks(opened);
    for (const track of [audioTrack, videoTrack]) {
      if (track !== null && track.codec === null) {
        // a known container with a codec mediabunny has no name for (MPEG-4 Part 2, WMA...): ffmpeg reads those
        throw new MediaError(`The WebCodecs engine does not know the ${track.type} codec of this file.`, "needs-ffmpeg");
      }
    }
    const used = [audioTrack, videoTrack].filter((track): track is InputAudioTrack | InputVideoTrack => track !== null);
    let durationSeconds = (await input.getDurationFromMetadata(used)) ?? (await input.computeDuration(used));
    if (container === "mp3" && audioTrack?.codec === "mp3") durationSeconds = await checkMp3Frames(file, durationSeconds);
    // no length (a WAV whose header was never finished says 0 bytes of sound, though sound follows):
    // mediabunny would read nothing, ffmpeg reads such files to their end
    if (!(durationSeconds > 0)) throw new MediaError("The WebCodecs engine reads no length for this file.", "needs-ffmpeg");
    await checkLastPackets(used, container);
    const tags = await input.getMetadataTags();
    return {
      container,
      reader: "mediabunny",
      durationSeconds,
      bitrate: Math.round((file.size * 8) / durationSeconds),
      audio: audioTrack === null ? null : await audioInfo(audioTrack),
      video: videoTrack === null ? null : await videoInfo(videoTrack),
      tags: mediaTags(tags),
    };
  } catch (error) {
    if (error instanceof MediaError) throw error;
    // mediabunny stops where ffmpeg reads on (WAV codecs it does not decode, Ogg page layouts, odd
    // structures): ffmpeg, the reference reader, decides whether the file is really damaged
    logEngineError("WebCodecs probe failed", error);
    throw new MediaError(`The WebCodecs engine could not read this ${containerLabel(container)} file.`, "needs-ffmpeg", { cause: error });
  } finally {
    input.dispose();
  }
}

/**
 * An MP3's frames, walked (sampled in a large file): mediabunny keeps only the frames at the first
 * frame's sample rate, and without a Xing header it guesses the length from the first frame's bitrate
 * (a VBR file of 4 s said 0.9 s), and the Xing count of two files joined covers only the first.
 * Returns the length to trust.
 */
async function checkMp3Frames(file: File, mediabunnySeconds: number): Promise<number> {
  const read = async (start: number, end: number) => new Uint8Array(await file.slice(start, end).arrayBuffer());
  const scan = await scanMp3(read, file.size, await mp3AudioStart(read));
  if (scan.sampleRates.length > 1) {
    // ffmpeg decodes every frame and resamples what follows a change to the first rate
    throw new MediaError(`This MP3 file changes its sample rate partway through (${scan.sampleRates.join(" Hz, ")} Hz).`, "needs-ffmpeg");
  }
  return mp3Seconds(scan, mediabunnySeconds);
}

/**
 * A file cut short still has an index (MP4's moov at the start) that points past its end: read each
 * track's last packet. A packet of zero bytes is not missing (some muxers end a track with one).
 */
export async function checkLastPackets(tracks: readonly InputTrack[], container: string): Promise<void> {
  for (const track of tracks) {
    const sink = new EncodedPacketSink(track);
    // the packet at the track's end time is its last one; null: mediabunny found its bytes beyond the end of the file
    const last = await sink.getPacket(await track.computeDuration());
    if (last !== null && last.data.byteLength >= last.byteLength) continue;
    const first = await sink.getFirstPacket();
    const label = containerLabel(container);
    if (first === null || first.data.byteLength < first.byteLength) {
      // the index and tags are there, the sound or picture is not (a file whose data part was cut off)
      throw new MediaError(`This ${label} file holds none of its ${track.type}: the ${track.type} data its index points to lies beyond the end of the file.`, "corrupt");
    }
    throw new MediaError(`This ${label} file ends early: its last ${track.type} frames are missing.`, "corrupt");
  }
}

async function bitrateOf(track: InputTrack): Promise<number | null> {
  const bitrate = (await track.getAverageBitrate()) ?? (await track.getBitrate());
  return bitrate !== null && bitrate > 0 ? Math.round(bitrate) : null;
}

async function audioInfo(track: InputAudioTrack): Promise<AudioStreamInfo> {
  return {
    codec: await audioCodec(track),
    sampleRate: track.sampleRate,
    channels: track.numberOfChannels,
    bitrate: await bitrateOf(track),
  };
}

/** The track's codec; mediabunny's "mp3" is any MPEG audio layer, so the first frame says which. */
async function audioCodec(track: InputAudioTrack): Promise<string> {
  if (track.codec !== "mp3") return track.codec ?? "unknown";
  const first = await new EncodedPacketSink(track).getFirstPacket();
  return (first && mpegAudioCodec(first.data)) ?? "mp3";
}

async function videoInfo(track: InputVideoTrack): Promise<VideoStreamInfo> {
  // the frame rate from the first frames' timestamps: containers rarely state it
  const stats = await track.computePacketStats(120);
  return {
    codec: track.codec ?? "unknown",
    width: track.displayWidth,
    height: track.displayHeight,
    frameRate: stats.averagePacketRate > 0 ? Math.round(stats.averagePacketRate * 1000) / 1000 : null,
    bitrate: await bitrateOf(track),
  };
}

function mediaTags(tags: MetadataTags): MediaTags {
  const result: MediaTags = { hasCover: (tags.images ?? []).length > 0 };
  if (tags.title) result.title = tags.title;
  if (tags.artist) result.artist = tags.artist;
  if (tags.album) result.album = tags.album;
  return result;
}
