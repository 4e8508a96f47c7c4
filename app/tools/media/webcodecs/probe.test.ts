// probeFile() in Node (mediabunny demuxes without WebCodecs): files cut short are refused with the
// problem named, valid files with unusual tags or streams are read or handed to the ffmpeg engine.
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MediaError } from "#codecs/media/media-error.ts";
import { id3v2Tag, TAG_VARIANTS, taggedMp3 } from "#tests/support/mp3-tag-variants.ts";
import { FFMPEG, HAVE_FFMPEG } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import { LAME } from "#tests/support/unusual-media.ts";
import { probeFile } from "./probe.ts";

const files = scratch("probe-test");
const ff = (...args: string[]) => execFileSync(FFMPEG, ["-hide_banner", "-v", "error", "-y", ...args], { cwd: files.dir, stdio: ["ignore", "ignore", "pipe"] });
const TONE = ["-f", "lavfi", "-i", "sine=f=440:d=2:sample_rate=44100"];
const asFile = (name: string, bytes: Uint8Array = files.read(name)) => new File([bytes.slice()], name);

async function refusal(file: File): Promise<MediaError> {
  const error: unknown = await probeFile(file).then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof MediaError)) throw new Error(`expected a MediaError, got ${String(error)}`);
  return error;
}

beforeAll(() => {
  if (!HAVE_FFMPEG) return;
  ff(...TONE, "-c:a", "aac", "-movflags", "+faststart", "faststart.m4a");
  ff(...TONE, "-ac", "2", "tone.wav");
  execFileSync(LAME, ["--quiet", "-b", "128", "tone.wav", "lame.mp3"], { cwd: files.dir });
  ff("-f", "lavfi", "-i", "testsrc2=size=64x64:rate=1", "-frames:v", "1", "cover.jpg");
  ff(...TONE, "-c:a", "libopus", "link1.opus");
  ff("-f", "lavfi", "-i", "sine=f=660:d=1", "-c:a", "libopus", "link2.opus");
  files.write("chained.opus", new Uint8Array([...files.read("link1.opus"), ...files.read("link2.opus")]));
  ff(...TONE, "-c:a", "flac", "-f", "ogg", "flac.oga");
});

afterAll(() => files.cleanup());

describe.skipIf(!HAVE_FFMPEG)("probeFile on files cut short", () => {
  it("says a file whose data part was cut off holds none of its sound, and one cut later ends early", async () => {
    const whole = files.read("faststart.m4a");
    // faststart: the index comes first; where the sound data begins is the mdat box after it
    const mdat = Buffer.from(whole).indexOf("mdat") - 4;
    const none = await refusal(asFile("none.m4a", whole.subarray(0, mdat + 8)));
    expect(none).toMatchObject({ code: "corrupt", message: "This MP4 file holds none of its audio: the audio data its index points to lies beyond the end of the file." });
    const cut = await refusal(asFile("cut.m4a", whole.subarray(0, Math.round(whole.length * 0.6))));
    expect(cut).toMatchObject({ code: "corrupt", message: "This MP4 file ends early: its last audio frames are missing." });
    const info = await probeFile(asFile("faststart.m4a"));
    expect(info.durationSeconds).toBeCloseTo(2, 1);
  });
});

describe.skipIf(!HAVE_FFMPEG)("probeFile on an MP3 without sound", () => {
  it("says a file of tags, or of tags and part of one frame, holds no sound (ffmpeg says only 'Invalid argument')", async () => {
    const tag = id3v2Tag({ version: 4, frames: [{ id: "TIT2", body: new Uint8Array([0, 0x41]), compressed: true }], extendedHeader: true, padding: 100 });
    const message = "This MP3 file holds only its tags (title, artist, pictures) and no complete audio frame: its sound is missing.";
    expect(await refusal(asFile("tag-only.mp3", tag))).toMatchObject({ code: "corrupt", message });
    const firstFrame = files.read("lame.mp3").subarray(0, 200);
    expect(await refusal(asFile("tag-and-part.mp3", new Uint8Array([...tag, ...firstFrame])))).toMatchObject({ code: "corrupt", message });
  });
});

describe.skipIf(!HAVE_FFMPEG)("probeFile on valid unusual files", () => {
  it("reads an MP3 inside every kind of tag, with the plain file's length", async () => {
    const audio = files.read("lame.mp3");
    const plain = await probeFile(asFile("lame.mp3"));
    const cover = files.read("cover.jpg");
    const big = new Uint8Array(audio.length * 2).fill(7);
    for (const variant of TAG_VARIANTS) {
      const info = await probeFile(asFile(`${variant}.mp3`, taggedMp3(audio, variant, cover, big)));
      expect({ variant, container: info.container, seconds: info.durationSeconds, codec: info.audio?.codec }).toEqual({
        variant,
        container: "mp3",
        seconds: plain.durationSeconds,
        codec: "mp3",
      });
    }
  });

  it("hands a chained Ogg Opus file and FLAC in Ogg to the ffmpeg engine (mediabunny reads only the first link, and no Ogg FLAC)", async () => {
    expect(await refusal(asFile("chained.opus"))).toMatchObject({ code: "needs-ffmpeg" });
    expect(await refusal(asFile("flac.oga"))).toMatchObject({ code: "needs-ffmpeg" });
    // a single link is read here
    expect((await probeFile(asFile("link1.opus"))).audio?.codec).toBe("opus");
  });
});
