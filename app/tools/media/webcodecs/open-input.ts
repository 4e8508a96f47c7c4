// Opening a file with mediabunny: a BlobSource reads slices of the File on demand, never all of it.
import {
  AdtsInputFormat,
  ALL_FORMATS,
  BlobSource,
  EncodedPacketSink,
  FlacInputFormat,
  Input,
  MatroskaInputFormat,
  Mp3InputFormat,
  Mp4InputFormat,
  MpegTsInputFormat,
  OggInputFormat,
  QuickTimeInputFormat,
  UnsupportedInputFormatError,
  WaveInputFormat,
  WebMInputFormat,
  type InputAudioTrack,
  type InputFormat,
  type InputTrack,
  type InputVideoTrack,
} from "mediabunny";
import { MediaError } from "#codecs/media/media-error.ts";
import { logEngineError } from "./errors";

export interface OpenedInput {
  input: Input<BlobSource>;
  /** the container's name as in media-types.ts */
  container: string;
}

// subclasses before their parents (WebM is Matroska)
const CONTAINERS: readonly [new (...args: never[]) => InputFormat, string][] = [
  [WebMInputFormat, "webm"],
  [MatroskaInputFormat, "matroska"],
  [QuickTimeInputFormat, "mov"],
  [Mp4InputFormat, "mp4"],
  [OggInputFormat, "ogg"],
  [Mp3InputFormat, "mp3"],
  [WaveInputFormat, "wav"],
  [AdtsInputFormat, "adts"],
  [FlacInputFormat, "flac"],
  [MpegTsInputFormat, "mpegts"],
];

export function containerName(format: InputFormat): string {
  return CONTAINERS.find(([type]) => format instanceof type)?.[1] ?? format.name.toLowerCase();
}

/**
 * Opens `file`; refuses empty files and containers mediabunny cannot read (the page then asks
 * ffmpeg). `alive` hears of every read: the page's stall watchdog.
 */
export async function openInput(file: File, alive: () => void = () => {}): Promise<OpenedInput> {
  if (file.size === 0) throw new MediaError("The file is empty (0 bytes).", "empty");
  const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
  input.source.on("read", () => alive());
  try {
    const format = await input.getFormat();
    return { input, container: containerName(format) };
  } catch (error) {
    input.dispose();
    if (error instanceof UnsupportedInputFormatError) {
      throw new MediaError("The WebCodecs engine cannot read this kind of file.", "needs-ffmpeg", { cause: error });
    }
    logEngineError("WebCodecs could not open the file", error);
    throw new MediaError("The file could not be read: it is damaged or not really the kind of file its name says.", "corrupt", { cause: error });
  }
}

export function containerLabel(container: string): string {
  return container === "matroska" ? "MKV" : container === "mpegts" ? "MPEG-TS" : container.toUpperCase();
}

export interface FirstTracks {
  audioTrack: InputAudioTrack | null;
  videoTrack: InputVideoTrack | null;
}

/**
 * The first audio and video tracks (the ones converted). A track without a single packet (a WAV
 * with an empty data chunk, an Ogg cut after its headers, a FLAC without frames) counts as absent:
 * there is nothing in it to convert, and reading its end would search the file for ever.
 */
export async function firstTracks({ input, container }: OpenedInput): Promise<FirstTracks> {
  const [audioTracks, videoTracks] = await Promise.all([input.getAudioTracks(), input.getVideoTracks()]);
  const audioTrack = await withPackets(audioTracks[0] ?? null);
  const videoTrack = await withPackets(videoTracks[0] ?? null);
  if (audioTrack === null && videoTrack === null) {
    if (audioTracks.length > 0) throw new MediaError("This file has no sound.", "no-audio");
    throw new MediaError(`This ${containerLabel(container)} file holds no audio or video track: it may be cut short or damaged.`, "corrupt");
  }
  return { audioTrack, videoTrack };
}

async function withPackets<T extends InputTrack>(track: T | null): Promise<T | null> {
  if (track === null) return null;
  const first = await new EncodedPacketSink(track).getFirstPacket({ metadataOnly: true });
  return first === null ? null : track;
}
