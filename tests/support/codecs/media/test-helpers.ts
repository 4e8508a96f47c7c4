// Representative probe results for the planner's tests: what mediabunny or the ffmpeg probe reports
// for the fixture kinds of issue 13 (no files needed: the planner only reads MediaInfo).
import type { AudioStreamInfo, EncoderSupport, MediaInfo, VideoStreamInfo } from "#codecs/media/media-types.ts";

/** What headless Chromium here encodes, with mediabunny's MP3, AAC and FLAC extensions registered. */
export const CHROMIUM_ENCODERS: EncoderSupport = { audio: ["opus", "aac", "mp3", "flac"], video: ["avc", "vp8", "vp9", "av1"] };

function audio(codec: string, sampleRate = 44100, channels = 2, bitrate: number | null = null): AudioStreamInfo {
  return { codec, sampleRate, channels, bitrate };
}

function video(codec: string, width: number, height: number, frameRate: number | null = 30): VideoStreamInfo {
  return { codec, width, height, frameRate, bitrate: null };
}

export function mediaInfo(fields: Partial<MediaInfo> & Pick<MediaInfo, "container">): MediaInfo {
  return { reader: "mediabunny", durationSeconds: 10, bitrate: null, audio: null, video: null, tags: { hasCover: false }, ...fields };
}

export const INPUTS: Record<string, MediaInfo> = {
  "MP4 H.264+AAC": mediaInfo({ container: "mp4", audio: audio("aac", 44100, 2, 128_000), video: video("avc", 1280, 720) }),
  "M4A AAC": mediaInfo({ container: "mp4", audio: audio("aac", 44100, 2, 128_000), tags: { title: "Tone", artist: "Test", hasCover: true } }),
  MP3: mediaInfo({ container: "mp3", audio: audio("mp3", 44100, 2, 192_000), tags: { title: "Tone", hasCover: true } }),
  WAV: mediaInfo({ container: "wav", audio: audio("pcm-s16") }),
  FLAC: mediaInfo({ container: "flac", audio: audio("flac") }),
  "OGG Vorbis": mediaInfo({ container: "ogg", audio: audio("vorbis") }),
  "WebM VP9+Opus": mediaInfo({ container: "webm", audio: audio("opus", 48000), video: video("vp9", 640, 360) }),
  "MKV H.264+AC-3 5.1": mediaInfo({ container: "matroska", audio: audio("ac3", 48000, 6), video: video("avc", 1920, 1080, 25) }),
  "AVI MPEG-4+MP3": mediaInfo({ container: "avi", reader: "ffmpeg", audio: audio("mp3"), video: video("mpeg4", 640, 480, 25) }),
  "FLV H.264+AAC": mediaInfo({ container: "flv", reader: "ffmpeg", audio: audio("aac"), video: video("avc", 640, 360) }),
  "MPEG-PS MPEG-2+MP2": mediaInfo({ container: "mpeg-ps", reader: "ffmpeg", audio: audio("mp2", 48000), video: video("mpeg2video", 720, 576, 25) }),
  WMA: mediaInfo({ container: "asf", reader: "ffmpeg", audio: audio("wmav2") }),
};
