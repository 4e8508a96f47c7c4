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
  type InputVideoTrack,
} from "mediabunny";
import { MediaError } from "#codecs/media/media-error.ts";
import { holdsWholeFrame, ID3V2_HEADER_BYTES, id3v2TagBytes } from "#codecs/media/mp3-tags.ts";
import { beginningStreams, endsInAnotherStream } from "#codecs/media/ogg-pages.ts";
import { logEngineError } from "./errors.ts";

export interface OpenedInput {
  file: File;
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
    return { file, input, container: containerName(format) };
  } catch (error) {
    input.dispose();
    if (error instanceof UnsupportedInputFormatError) {
      if (await holdsOnlyTags(file)) {
        throw new MediaError("This MP3 file holds only its tags (title, artist, pictures) and no complete audio frame: its sound is missing.", "corrupt", { cause: error });
      }
      throw new MediaError("The WebCodecs engine cannot read this kind of file.", "needs-ffmpeg", { cause: error });
    }
    // mediabunny gave up on a file it took for its kind: ffmpeg, the reference reader, decides
    logEngineError("WebCodecs could not open the file", error);
    throw new MediaError("The WebCodecs engine could not read this file.", "needs-ffmpeg", { cause: error });
  }
}

/** After the tags, a tail this short is searched for a whole audio frame; a longer one is left to ffmpeg. */
const TAIL_SEARCHED_BYTES = 65_536;

/** Whether the file is ID3v2 tags and nothing else, or tags and less than one audio frame. */
async function holdsOnlyTags(file: File): Promise<boolean> {
  let offset = 0;
  for (;;) {
    const bytes = id3v2TagBytes(new Uint8Array(await file.slice(offset, offset + ID3V2_HEADER_BYTES).arrayBuffer()));
    if (bytes === null) break;
    offset += bytes;
  }
  if (offset === 0) return false;
  if (offset >= file.size) return true;
  return file.size - offset <= TAIL_SEARCHED_BYTES && !holdsWholeFrame(new Uint8Array(await file.slice(offset).arrayBuffer()));
}

export function containerLabel(container: string): string {
  return container === "matroska" ? "MKV" : container === "mpegts" ? "MPEG-TS" : container.toUpperCase();
}

export interface FirstTracks {
  audioTrack: InputAudioTrack | null;
  videoTrack: InputVideoTrack | null;
}

/** The bytes of an Ogg file's end searched for its last page: a page is at most 65,307 bytes. */
const OGG_TAIL_BYTES = 65_536;

/**
 * The first audio and video tracks that hold packets (the ones converted); a file with neither is
 * broken or cut short. Ogg streams mediabunny does not read (FLAC, Speex, Theora beside Vorbis,
 * a chain of streams) go to the ffmpeg engine.
 */
export async function firstTracks({ file, input, container }: OpenedInput): Promise<FirstTracks> {
  const [audioTracks, videoTracks] = await Promise.all([input.getAudioTracks(), input.getVideoTracks()]);
  const audioTrack = await firstWithPackets(audioTracks);
  const videoTrack = await firstWithPackets(videoTracks);
  if (container === "ogg") {
    const head = new Uint8Array(await file.slice(0, OGG_TAIL_BYTES).arrayBuffer());
    const tail = new Uint8Array(await file.slice(Math.max(0, file.size - OGG_TAIL_BYTES)).arrayBuffer());
    const unread = beginningStreams(head) > audioTracks.length + videoTracks.length;
    if ((audioTrack === null && videoTrack === null) || unread || endsInAnotherStream(head, tail)) {
      throw new MediaError("The WebCodecs engine cannot read every stream of this Ogg file.", "needs-ffmpeg");
    }
  }
  // mediabunny's MPEG-TS reader lists only the codecs it knows: MPEG-2 video (DVB, .mpg, .m2ts) is
  // left out, so a stream without pictures there is ffmpeg's to read
  if (container === "mpegts" && videoTrack === null) throw new MediaError("The WebCodecs engine lists no video in this MPEG-TS file.", "needs-ffmpeg");
  if (audioTrack === null && videoTrack === null) {
    // a track whose header promises packets that mediabunny does not find (a FLAC without frames, a
    // WAV whose unfinished header says 0 bytes though sound follows): ffmpeg, the reference reader, decides
    if (audioTracks.length > 0 || videoTracks.length > 0) throw new MediaError("The WebCodecs engine finds no packets in this file's tracks.", "needs-ffmpeg");
    throw new MediaError(`This ${containerLabel(container)} file holds no audio or video track: it may be cut short or damaged.`, "corrupt");
  }
  return { audioTrack, videoTrack };
}

/** The first track with at least one packet: an empty track (a muxer's placeholder) is not the file's sound or picture. */
async function firstWithPackets<T extends InputAudioTrack | InputVideoTrack>(tracks: readonly T[]): Promise<T | null> {
  for (const track of tracks) {
    if ((await new EncodedPacketSink(track).getFirstPacket({ metadataOnly: true })) !== null) return track;
  }
  return null;
}
