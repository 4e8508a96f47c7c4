import { describe, expect, it } from "vitest";
import { MediaError } from "./media-error.ts";
import type { ConversionChoice, MediaInfo, MediaTarget } from "./media-types.ts";
import { defaultChoice, normalizeChoice } from "./options.ts";
import { INPUTS } from "#tests/support/codecs/media/test-helpers.ts";

const mp4 = INPUTS["MP4 H.264+AAC"] as MediaInfo;

type Patch = { audio?: Partial<ConversionChoice["audio"]>; video?: Partial<ConversionChoice["video"]>; trim?: ConversionChoice["trim"] };

function choice(target: MediaTarget, patch: Patch = {}): ConversionChoice {
  const base = defaultChoice(target);
  return { ...base, audio: { ...base.audio, ...patch.audio }, video: { ...base.video, ...patch.video }, trim: patch.trim ?? base.trim };
}

function refusal(target: MediaTarget, patch: Patch, info: MediaInfo = mp4): string {
  try {
    normalizeChoice(choice(target, patch), info);
  } catch (error) {
    if (error instanceof MediaError && error.code === "bad-option") return error.message;
    throw error;
  }
  throw new Error("expected a bad-option refusal");
}

describe("normalizeChoice: refusals the visitor can act on", () => {
  it("bitrate: CBR 64–320 kbps, VBR 0–9", () => {
    expect(refusal("mp3", { audio: { bitrate: { mode: "cbr", kbps: 32 } } })).toBe("Choose a bitrate between 64 and 320 kbps.");
    expect(refusal("mp3", { audio: { bitrate: { mode: "cbr", kbps: 321 } } })).toBe("Choose a bitrate between 64 and 320 kbps.");
    expect(refusal("m4a", { audio: { bitrate: { mode: "cbr", kbps: 128.5 } } })).toBe("Choose a bitrate between 64 and 320 kbps.");
    expect(refusal("mp3", { audio: { bitrate: { mode: "vbr", quality: 10 } } })).toBe("Choose a VBR quality from 0 (best) to 9 (smallest).");
    expect(refusal("mp3", { audio: { bitrate: { mode: "vbr", quality: -1 } } })).toBe("Choose a VBR quality from 0 (best) to 9 (smallest).");
    for (const kbps of [64, 192, 320]) {
      expect(normalizeChoice(choice("mp3", { audio: { bitrate: { mode: "cbr", kbps } } }), mp4).audio.bitrate).toEqual({ mode: "cbr", kbps });
    }
  });

  it("sample rate, channels, WAV depth, resolution and WebM codec come from their lists", () => {
    const rate = 96000 as ConversionChoice["audio"]["sampleRate"];
    expect(refusal("mp3", { audio: { sampleRate: rate } })).toBe("Choose a sample rate of 22.05, 32, 44.1 or 48 kHz.");
    const channels = 6 as ConversionChoice["audio"]["channels"];
    expect(refusal("mp3", { audio: { channels } })).toBe("Choose mono or stereo.");
    const depth = 8 as ConversionChoice["audio"]["wavBitDepth"];
    expect(refusal("wav", { audio: { wavBitDepth: depth } })).toBe("Choose a WAV bit depth of 16, 24 or 32-bit float.");
    const resolution = 2160 as ConversionChoice["video"]["resolution"];
    expect(refusal("mp4", { video: { resolution } })).toBe("Choose a resolution of 1080p, 720p or 480p.");
    const webmCodec = "av1" as ConversionChoice["video"]["webmCodec"];
    expect(refusal("webm", { video: { webmCodec } })).toBe("Choose VP9 or VP8 for WebM.");
  });

  it("trim: start ≥ 0, end after start, inside the file, at least 0.1 s", () => {
    expect(refusal("mp3", { trim: { startSeconds: -1, endSeconds: null } })).toBe("The trim start must be 0 or later.");
    expect(refusal("mp3", { trim: { startSeconds: Number.NaN, endSeconds: null } })).toBe("The trim start must be 0 or later.");
    expect(refusal("mp3", { trim: { startSeconds: 5, endSeconds: 5 } })).toBe("The trim end must be after the trim start.");
    expect(refusal("mp3", { trim: { startSeconds: 5, endSeconds: 3 } })).toBe("The trim end must be after the trim start.");
    expect(refusal("mp3", { trim: { startSeconds: 12.5, endSeconds: null } })).toBe("The trim start (0:12.5) is past the end of the file (0:10).");
    expect(refusal("mp3", { trim: { startSeconds: 9.95, endSeconds: null } })).toBe("The trimmed part must be at least 0.1 s long.");
    expect(refusal("mp3", { trim: { startSeconds: 1, endSeconds: 1.05 } })).toBe("The trimmed part must be at least 0.1 s long.");
    // a whole file shorter than the minimum is not a trim: a 50 ms clip converts
    const clip = { ...mp4, durationSeconds: 0.05 };
    expect(normalizeChoice(choice("mp3", { trim: { startSeconds: 0, endSeconds: null } }), clip).trim).toEqual({ startSeconds: 0, endSeconds: null });
    expect(refusal("mp3", { trim: { startSeconds: 0.01, endSeconds: null } }, clip)).toBe("The trimmed part must be at least 0.1 s long.");
    // an end past the file means "to the end"; without a known duration only the order is checked
    expect(normalizeChoice(choice("mp3", { trim: { startSeconds: 1, endSeconds: 99 } }), mp4).trim).toEqual({ startSeconds: 1, endSeconds: null });
    const unknown = { ...mp4, durationSeconds: null };
    expect(normalizeChoice(choice("mp3", { trim: { startSeconds: 50, endSeconds: 99 } }), unknown).trim).toEqual({ startSeconds: 50, endSeconds: 99 });
  });

  // issue 26: sound-theme clips, one-frame MP3s and files whose length the probe cannot read were
  // refused with "The trimmed part must be at least 0.1 s long." although no trim was asked
  it("no trim asked: never refused, whatever the probe read of the length", () => {
    const untrimmed = { startSeconds: 0, endSeconds: null };
    for (const durationSeconds of [null, 0, 0.000_022_7, 0.01, 0.05, 0.099, 0.1, 10]) {
      const wav = { ...(INPUTS.WAV as MediaInfo), durationSeconds };
      for (const target of ["mp3", "wav", "flac", "m4a", "ogg"] as const) {
        expect(normalizeChoice(choice(target), wav).trim, `${target}, ${durationSeconds} s`).toEqual(untrimmed);
      }
      // an end at or past a known end is no trim either
      const pastEnd = { startSeconds: 0, endSeconds: (durationSeconds ?? 0) + 0.5 };
      if (durationSeconds !== null && durationSeconds > 0) expect(normalizeChoice(choice("mp3", { trim: pastEnd }), wav).trim).toEqual(untrimmed);
    }
  });

  it("a real trim where the length is unknown or unread (0): the start is kept, an asked end is still measured", () => {
    for (const durationSeconds of [null, 0]) {
      const info = { ...(INPUTS.WAV as MediaInfo), durationSeconds };
      expect(normalizeChoice(choice("mp3", { trim: { startSeconds: 2, endSeconds: null } }), info).trim).toEqual({ startSeconds: 2, endSeconds: null });
      expect(normalizeChoice(choice("mp3", { trim: { startSeconds: 2, endSeconds: 4 } }), info).trim).toEqual({ startSeconds: 2, endSeconds: 4 });
      expect(refusal("mp3", { trim: { startSeconds: 2, endSeconds: 2.05 } }, info)).toBe("The trimmed part must be at least 0.1 s long.");
      expect(refusal("mp3", { trim: { startSeconds: 2, endSeconds: 1 } }, info)).toBe("The trim end must be after the trim start.");
    }
  });

  it("a real trim of a clip shorter than 0.1 s is measured against its length", () => {
    const clip = { ...(INPUTS.WAV as MediaInfo), durationSeconds: 0.05 };
    expect(refusal("mp3", { trim: { startSeconds: 0.01, endSeconds: null } }, clip)).toBe("The trimmed part must be at least 0.1 s long.");
    expect(refusal("mp3", { trim: { startSeconds: 0.06, endSeconds: null } }, clip)).toBe("The trim start (0:00.06) is past the end of the file (0:00.05).");
  });
});

describe("normalizeChoice: options that do not apply are ignored", () => {
  it("video options on an audio target and WAV depth elsewhere", () => {
    const resolution = 2160 as ConversionChoice["video"]["resolution"];
    const normal = normalizeChoice(choice("mp3", { video: { resolution, noAudio: true } }), mp4);
    expect(normal.video).toEqual(defaultChoice("mp3").video);
    const depth = 8 as ConversionChoice["audio"]["wavBitDepth"];
    expect(normalizeChoice(choice("mp3", { audio: { wavBitDepth: depth } }), mp4).audio.wavBitDepth).toBe(16);
  });

  it("bitrates on lossless targets, audio options when the sound is removed", () => {
    expect(normalizeChoice(choice("flac", { audio: { bitrate: { mode: "cbr", kbps: 999 } } }), mp4).audio.bitrate).toEqual({ mode: "auto" });
    expect(normalizeChoice(choice("wav", { audio: { bitrate: { mode: "vbr", quality: 3 } } }), mp4).audio.bitrate).toEqual({ mode: "auto" });
    const silent = normalizeChoice(choice("mp4", { audio: { bitrate: { mode: "cbr", kbps: 1 } }, video: { noAudio: true } }), mp4);
    expect(silent.audio).toEqual(defaultChoice("mp4").audio);
  });

  it("a value equal to the source, or an upscale, becomes keep", () => {
    const normal = normalizeChoice(choice("mp3", { audio: { sampleRate: 44100, channels: 2 } }), mp4);
    expect(normal.audio).toMatchObject({ sampleRate: "keep", channels: "keep" });
    expect(normalizeChoice(choice("mp4", { video: { resolution: 1080 } }), mp4).video.resolution).toBe("keep");
    expect(normalizeChoice(choice("mp4", { video: { resolution: 720 } }), mp4).video.resolution).toBe("keep");
    expect(normalizeChoice(choice("mp4", { video: { resolution: 480 } }), mp4).video.resolution).toBe(480);
  });

  it("a picture is ignored when the file has video", () => {
    const c = { ...defaultChoice("mp4"), picture: { kind: "cover" } as const };
    expect(normalizeChoice(c, mp4).picture).toEqual({ kind: "none" });
  });
});

function pcm(codec: string): MediaInfo {
  return { ...(INPUTS.WAV as MediaInfo), audio: { codec, sampleRate: 48000, channels: 2, bitrate: null } };
}

describe("defaultChoice", () => {
  it("starts from auto bitrate, the source's rate and channels, no trim", () => {
    expect(defaultChoice("mp3")).toEqual({
      target: "mp3",
      audio: { bitrate: { mode: "auto" }, sampleRate: "keep", channels: "keep", wavBitDepth: 16 },
      video: { resolution: "keep", quality: "auto", noAudio: false, webmCodec: "vp9" },
      trim: { startSeconds: 0, endSeconds: null },
      picture: { kind: "none" },
    });
  });

  it("picks the WAV depth that copies a PCM source", () => {
    expect(defaultChoice("wav", pcm("pcm-s24")).audio.wavBitDepth).toBe(24);
    expect(defaultChoice("wav", pcm("pcm-f32")).audio.wavBitDepth).toBe(32);
    expect(defaultChoice("wav", pcm("pcm-u8")).audio.wavBitDepth).toBe(16);
  });
});
