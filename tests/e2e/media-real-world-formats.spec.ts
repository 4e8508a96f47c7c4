import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { basename, extname } from "node:path";
import { expect, test } from "./support/test.ts";
import { gotoHydrated } from "./support/page.ts";
import { scratchDir } from "./support/image-fixtures.ts";
import { convertAndDownload, fileInput, setOptions } from "./support/media.ts";
import { forbidForeignRequests } from "./support/origins.ts";
import { audioStream, channel, decodePcm, dominantFrequency, ffprobeJson, rmsDb } from "#tests/support/media-checks.ts";
import { TONE } from "#tests/support/media-fixtures.ts";
import { makeRealWorldAudio, REAL_WORLD_AUDIO, realWorldClaims, realWorldUnavailable, type RealWorldAudio } from "#tests/support/real-world-audio.ts";

// Issue 26: audio formats that real collections hold, each made here by an independent writer
// (tests/support/real-world-audio.ts), converted to MP3 on the audio converter page in Chromium.
// Every MP3 is read back: ffprobe must find MP3 at a rate and channel count MP3 has, the decoded
// length must be the source's (native ffmpeg's decode of it), and the sound the source's tone at
// about its level. Before, these were refused ("The trimmed part must be at least 0.1 s long." for
// short clips) or read as damaged (a WAV whose header says 0 bytes of sound).

/**
 * The type a desktop's MIME database gives each extension (Chromium on Linux asks it). The page
 * accepts any audio/ type; by extension alone it refuses .dsf, .dff, .wv, .mpc, .ape, .aif*, .caf,
 * .au, .voc and .w64 today (another change of issue 26 adds them).
 */
const MIME: Record<string, string> = {
  ".wav": "audio/wav",
  ".w64": "audio/x-w64",
  ".aif": "audio/x-aiff",
  ".aiff": "audio/x-aiff",
  ".aifc": "audio/x-aiff",
  ".caf": "audio/x-caf",
  ".au": "audio/basic",
  ".voc": "audio/x-voc",
  ".dsf": "audio/x-dsf",
  ".dff": "audio/x-dff",
  ".mpc": "audio/x-musepack",
  ".wv": "audio/x-wavpack",
  ".ape": "audio/x-ape",
  ".mp3": "audio/mpeg",
};

const MP3_RATES = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000];
/** The rate both decodes are compared at. */
const RATE = 48000;

const files = scratchDir("e2e-real-world-audio-");
test.afterAll(() => (process.env.E2E_KEEP_MEDIA ? console.log(`media outputs kept in ${files.dir}`) : files.remove()));

forbidForeignRequests();

/** Native ffmpeg's decode of a file as stereo at 48 kHz; mpg123's for an MP3 ffmpeg 5.1 cannot open (a single frame). */
function decode(file: string): Float32Array {
  try {
    return decodePcm(file, { sampleRate: RATE, channels: 2 });
  } catch (error) {
    if (extname(file) !== ".mp3") throw error;
    const wav = `${file}.mpg123.wav`;
    execFileSync("mpg123", ["-q", "-w", wav, file], { stdio: ["ignore", "ignore", "pipe"] });
    return decodePcm(wav, { sampleRate: RATE, channels: 2 });
  }
}

/** The length of a stereo decode at RATE. */
const seconds = (samples: Float32Array) => samples.length / 2 / RATE;

function checkMp3(output: string, source: string, sourceChannels: number): void {
  const decoded = decode(output);
  if (basename(source) !== "one-frame.mp3") {
    const audio = audioStream(ffprobeJson(output));
    expect(audio?.codecName, "codec").toBe("mp3");
    expect(MP3_RATES, `rate ${audio?.sampleRate}`).toContain(audio?.sampleRate);
    expect([1, 2], `channels ${audio?.channels}`).toContain(audio?.channels);
  }
  const want = decode(source);
  // the LAME tag tells decoders the encoder's delay and padding: the lengths match to a few ms
  expect(Math.abs(seconds(decoded) - seconds(want)), `length ${seconds(decoded)} s vs the source's ${seconds(want)} s`).toBeLessThan(0.03);
  // a clip of a few samples has no level to speak of
  if (seconds(want) < 0.005) return;
  const left = channel(decoded, 2, 0);
  const sourceLeft = channel(want, 2, 0);
  // more channels than two are mixed down, by the core with clipping-safe weights (the reference
  // decode to float keeps them whole): the level then only has to be the same order
  const tolerance = sourceChannels > 2 ? 10 : 3;
  expect(Math.abs(rmsDb(left) - rmsDb(sourceLeft)), `level ${rmsDb(left)} dB vs the source's ${rmsDb(sourceLeft)} dB`).toBeLessThan(tolerance);
  if (seconds(want) >= 0.5) {
    const frequency = dominantFrequency(left, RATE);
    const expected = dominantFrequency(sourceLeft, RATE);
    expect(Math.abs(frequency - expected), `peak at ${frequency} Hz vs the source's ${expected} Hz`).toBeLessThan(3);
    expect([TONE.left, TONE.right].some((hz) => Math.abs(expected - hz) < 3), `the source's peak ${expected} Hz`).toBe(true);
  }
}

test.describe("real-world audio formats to MP3", () => {
  for (const name of REAL_WORLD_AUDIO) {
    const unavailable = realWorldUnavailable(name as RealWorldAudio);
    test(`${name} → MP3`, async ({ page }) => {
      test.skip(unavailable !== null, unavailable ?? "");
      test.setTimeout(120_000);
      const source = makeRealWorldAudio(name, files.dir);
      await gotoHydrated(page, "/tool/audio-converter");
      await fileInput(page).setInputFiles({ name: basename(source), mimeType: MIME[extname(source)] ?? "", buffer: readFileSync(source) });
      // the probe (mediabunny, or the ffmpeg core it hands over to) shows what it read
      await expect(page.getByTestId("media-info")).toContainText("Duration", { timeout: 60_000 });
      await setOptions(page, { format: "mp3" });
      const out = await convertAndDownload(page, "MP3", files.at(`${basename(source)}.mp3`), 90_000);
      checkMp3(out.path, source, realWorldClaims(name).channels);
    });
  }
});
