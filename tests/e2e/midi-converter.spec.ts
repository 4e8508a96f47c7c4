import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { expect, test, type Page } from "./support/test.ts";
import { gotoHydrated } from "./support/page.ts";
import { scratchDir } from "./support/image-fixtures.ts";
import { convertButton, expectAudio, fileInput, shown } from "./support/media.ts";
import { forbidForeignRequests } from "./support/origins.ts";
import { detectOnsets, onsetErrors } from "#tests/support/audio-analysis.ts";
import { channel, decodePcm, dominantFrequency, maxSampleDifference, rmsDb } from "#tests/support/media-checks.ts";
import { writeMidi, type MidiEvent } from "#tests/support/midi-writer.ts";
import { HAVE_FFMPEG } from "#tests/support/reference-tools.ts";
import { TAIL_SECONDS as DEFAULT_TAIL } from "#codecs/midi/midi-options.ts";

// The MIDI converter of issue 14 in Chromium, on the production build: a MIDI file written by our
// test writer becomes an MP3, a WAV and an OGG (Vorbis and Opus); each download is read back by ffprobe and
// native ffmpeg: codec, rate, channels, length (the song plus the tail), the pitch of its notes and
// the silence of its rests. Also: cancel mid-way, a damaged file. No request leaves our origin.

if (!HAVE_FFMPEG) console.log("The MIDI e2e needs native ffmpeg to check its outputs: apt-get install ffmpeg");

const files = scratchDir("e2e-midi-");
test.afterAll(() => files.remove());

forbidForeignRequests();

const TPQ = 480; // 120 bpm: a quarter note is 0.5 s
/** A flute: A4 at 0.5 s and 1.75 s, C5 at 2.5 s, each a quarter note long; the song ends at 2.75 s. */
const NOTES: readonly { at: number; key: number }[] = [
  { at: 0.5, key: 69 },
  { at: 1.75, key: 69 },
  { at: 2.5, key: 72 },
];
const SONG_SECONDS = 2.75;
const TAIL_SECONDS = 1;

function songFile(): string {
  const events: MidiEvent[] = [{ tick: 0, type: "program", channel: 0, program: 73 }];
  for (const { at, key } of NOTES) events.push({ tick: at * 2 * TPQ, type: "note", channel: 0, key, velocity: 100, length: TPQ / 2 });
  const path = files.at("song.mid");
  writeFileSync(path, writeMidi({ format: 1, ticksPerQuarter: TPQ, tracks: [[{ tick: 0, type: "tempo", bpm: 120 }], events] }));
  return path;
}

/** A minute of chords on four channels: long enough to cancel half-way. */
function longSongFile(): string {
  const events: MidiEvent[] = [];
  for (let beat = 0; beat < 120; beat++) {
    for (let c = 0; c < 4; c++) events.push({ tick: beat * TPQ, type: "note", channel: c, key: 48 + c * 7 + (beat % 5), velocity: 90, length: TPQ });
  }
  const path = files.at("long.mid");
  writeFileSync(path, writeMidi({ format: 0, ticksPerQuarter: TPQ, tracks: [events] }));
  return path;
}

async function choose(page: Page, path: string, name = "song.mid"): Promise<void> {
  await fileInput(page).setInputFiles({ name, mimeType: "audio/midi", buffer: readFileSync(path) });
}

async function convertAndDownload(page: Page, label: string, saveAs: string): Promise<string> {
  await convertButton(page).click();
  const result = page.getByTestId("midi-result");
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(shown(page, "Conversion successful", `MIDI rendered to ${label}`)).toBeVisible();
  await expect(page.locator("audio[src]")).toBeAttached();
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download", exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`song.${label.toLowerCase()}`);
  await download.saveAs(saveAs);
  return saveAs;
}

/** Each note starts on time (within 20 ms) and sounds at its pitch, and the rests between them are silent (reverb is off). */
function expectNotes(file: string, rate: number): void {
  const left = channel(decodePcm(file, { sampleRate: rate, channels: 2 }), 2, 0);
  const at = (seconds: number) => Math.round(seconds * rate);
  const onsets = detectOnsets(left, rate);
  expect(onsets, "onsets").toHaveLength(NOTES.length);
  expect(Math.max(...onsetErrors(NOTES.map((n) => n.at), onsets)), `onsets at ${onsets.join(", ")} s`).toBeLessThan(0.02);
  for (const { at: start, key } of NOTES) {
    const pitch = dominantFrequency(left.subarray(at(start + 0.05), at(start + 0.22)), rate);
    const want = 440 * 2 ** ((key - 69) / 12);
    expect(Math.abs(pitch / want - 1), `note ${key} at ${start} s sounds at ${pitch} Hz`).toBeLessThan(0.01);
  }
  // before the first note, and in the rest from 1.0 to 1.7 s (after the first note's release)
  expect(rmsDb(left.subarray(0, at(0.45)))).toBeLessThan(-70);
  expect(rmsDb(left.subarray(at(1.3), at(1.7)))).toBeLessThan(-50);
  expect(rmsDb(left.subarray(at(0.55), at(0.7)))).toBeGreaterThan(-30);
}

test("the synthesizer and its SoundFont are loaded by the MIDI converter only", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(request.url()));
  for (const path of ["/", "/tools", "/tool/mp3-converter", "/tool/dds-to-png"]) await gotoHydrated(page, path);
  const assets = requested.map((url) => new URL(url).pathname).filter((path) => path.startsWith("/assets/"));
  expect(assets.length).toBeGreaterThan(3);
  expect(assets.filter((path) => /midi|sf3|ogg-[\w-]+\.wasm/i.test(path))).toEqual([]);
});

test.describe("MIDI converter", () => {
  test.skip(!HAVE_FFMPEG, "native ffmpeg checks the outputs");

  test("a MIDI file to MP3, WAV and OGG: the file's facts first, then real audio with its notes at the right pitch", async ({ page }) => {
    test.setTimeout(120_000);
    // the SoundFont arrives slowly here, so the button's 'Loading...' can be seen
    const soundFont = Promise.withResolvers<void>();
    await page.route(/FluidR3Mono_GM\.sf3-[\w-]+\.wasm$/, async (route) => {
      await soundFont.promise;
      await route.continue();
    });
    const soundFontResponse = page.waitForResponse(/FluidR3Mono_GM\.sf3-[\w-]+\.wasm$/);
    await gotoHydrated(page, "/tool/midi-converter");
    await choose(page, songFile());
    const info = page.getByTestId("midi-info");
    await expect(info).toContainText("Flute", { timeout: 30_000 });
    await expect(info).toContainText("format 1 (parallel tracks)");
    await expect(info).toContainText("120 bpm");
    await page.getByLabel("Reverb", { exact: true }).setChecked(false);
    await page.getByLabel("Chorus", { exact: true }).setChecked(false);
    await page.getByLabel("Release tail (s)", { exact: true }).fill(String(TAIL_SECONDS));
    const seconds = SONG_SECONDS + TAIL_SECONDS;

    await page.getByLabel("Output format", { exact: true }).selectOption("mp3");
    await page.getByLabel("Bitrate", { exact: true }).selectOption("256");
    const converted = convertAndDownload(page, "MP3", files.at("song.mp3"));
    await expect(page.getByRole("button", { name: "Loading..." })).toBeVisible();
    // every state of the one bar while the SoundFont arrives: its note in bytes, its percentage
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __bar: string[] }).__bar = seen;
      const record = () => {
        const note = document.querySelector('[data-testid="progress-note"]')?.textContent;
        const percent = document.querySelector('[role="progressbar"]')?.getAttribute("aria-valuenow");
        if (note) seen.push(`${note} | ${percent}`);
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    soundFont.resolve();
    // a hashed asset of our origin, cached for good
    expect((await soundFontResponse).headers()["cache-control"]).toMatch(/immutable/);
    const mp3 = await converted;
    // issue 31, finding 7: the download is on the bar itself, in bytes ("SoundFont 41%" beside an empty bar before)
    const bar = await page.evaluate(() => (window as unknown as { __bar: string[] }).__bar);
    const downloading = bar.filter((state) => /^Downloading the instruments: [\d.]+ (KB|MB) of 13\.9 MB \| \d+$/.test(state));
    expect(downloading.length, bar.join("\n")).toBeGreaterThan(0);
    expect(downloading.some((state) => Number(state.split(" | ")[1]) > 0), bar.join("\n")).toBe(true);
    expectAudio(mp3, { format: "mp3", codec: "mp3", sampleRate: 44100, channels: 2, bitrate: 256_000, seconds });
    expectNotes(mp3, 44100);
    await expect(page.getByTestId("midi-result")).toContainText(/normalised by \+\d+\.\d dB to a peak of −1 dBFS/);

    await page.getByLabel("Output format", { exact: true }).selectOption("wav");
    await page.getByLabel("WAV bit depth", { exact: true }).selectOption("24");
    await page.getByLabel("Sample rate", { exact: true }).selectOption("48000");
    const wav = await convertAndDownload(page, "WAV", files.at("song.wav"));
    expectAudio(wav, { format: "wav", codec: "pcm_s24le", sampleRate: 48000, channels: 2, seconds });
    expectNotes(wav, 48000);
    // peak normalisation: the loudest sample at -1 dBFS
    const samples = decodePcm(wav, { sampleRate: 48000, channels: 2 });
    const peak = samples.reduce((max, s) => Math.max(max, Math.abs(s)), 0);
    expect(20 * Math.log10(peak)).toBeCloseTo(-1, 1);

    // OGG: Vorbis by default (libvorbis in wasm, at the chosen rate), or the browser's Opus (48 kHz)
    await page.getByLabel("Output format", { exact: true }).selectOption("ogg");
    await page.getByLabel("Quality", { exact: true }).selectOption("5");
    const vorbis = await convertAndDownload(page, "OGG", files.at("song.ogg"));
    expectAudio(vorbis, { format: "ogg", codec: "vorbis", sampleRate: 48000, channels: 2, seconds });
    expectNotes(vorbis, 48000);
    await page.getByLabel("OGG codec", { exact: true }).selectOption("opus");
    await page.getByLabel("Bitrate", { exact: true }).selectOption("160");
    const opus = await convertAndDownload(page, "OGG", files.at("song-opus.ogg"));
    // Opus is variable-bitrate: a sparse flute line takes far less than the 160 kbps ceiling
    expectAudio(opus, { format: "ogg", codec: "opus", sampleRate: 48000, channels: 2, seconds });
    expectNotes(opus, 48000);
  });

  test("cancel mid-way stops at once, then the next conversion runs cleanly", async ({ page }) => {
    test.setTimeout(120_000);
    await gotoHydrated(page, "/tool/midi-converter");
    await choose(page, longSongFile(), "long.mid");
    await expect(page.getByTestId("midi-info")).toContainText("1:00", { timeout: 30_000 });
    await page.getByLabel("Output format", { exact: true }).selectOption("wav");
    await convertButton(page).click();
    const bar = page.getByRole("progressbar");
    // the bar first shows the SoundFont's download ("Loading..."), which takes longer on a loaded
    // machine: the render has begun once the button says so and its own progress moves
    await expect(page.getByRole("button", { name: "Converting to WAV..." })).toBeVisible({ timeout: 60_000 });
    await expect(async () => expect(Number(await bar.getAttribute("aria-valuenow"))).toBeGreaterThan(0)).toPass({ timeout: 60_000 });
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(bar).toBeHidden({ timeout: 1000 });
    await expect(convertButton(page)).toBeEnabled({ timeout: 1000 });
    await expect(page.getByTestId("midi-result")).toHaveCount(0);

    await choose(page, songFile());
    await expect(page.getByTestId("midi-info")).toContainText("Flute", { timeout: 30_000 });
    const wav = await convertAndDownload(page, "WAV", files.at("after-cancel.wav"));
    expectAudio(wav, { format: "wav", codec: "pcm_s16le", sampleRate: 44100, channels: 2, seconds: SONG_SECONDS + DEFAULT_TAIL.default });
  });

  test("a song on several channels, rendered by two workers in the browser, equals the CLI's render by one", async ({ page }) => {
    test.setTimeout(120_000);
    // four channels, which the page shares between two workers from four cores up: it is told it has eight
    await page.addInitScript(() => Object.defineProperty(navigator, "hardwareConcurrency", { get: () => 8 }));
    await gotoHydrated(page, "/tool/midi-converter");
    const long = longSongFile();
    await choose(page, long, "song.mid");
    await expect(page.getByTestId("midi-info")).toContainText("1:00", { timeout: 30_000 });
    await page.getByLabel("Output format", { exact: true }).selectOption("wav");
    const secondWorker = page.waitForRequest(/midi-half\.worker-[\w-]+\.js$/);
    const shared = await convertAndDownload(page, "WAV", files.at("shared.wav"));
    await secondWorker;
    const single = files.at("single.wav");
    execFileSync(process.execPath, ["cli/launch.js", long, single], { stdio: "ignore" });
    const a = decodePcm(shared, { sampleRate: 44100, channels: 2 });
    const b = decodePcm(single, { sampleRate: 44100, channels: 2 });
    expect(a.length).toBe(b.length);
    // the same song to 16-bit rounding (the sum of two halves differs from one render by ~1e-7)
    expect(maxSampleDifference(a, b)).toBeLessThanOrEqual(2 / 32768);
    expect(rmsDb(a)).toBeGreaterThan(-30);
  });

  test("a damaged MIDI file and a wrong type end in messages that name the problem", async ({ page }) => {
    await gotoHydrated(page, "/tool/midi-converter");
    const whole = readFileSync(songFile());
    const cut = files.at("cut.mid");
    writeFileSync(cut, whole.subarray(0, whole.length - 10));
    await choose(page, cut, "cut.mid");
    // read and found damaged: said once, on the file's line, and Convert stays off
    await expect(page.getByTestId("file-refusal").getByTestId("reason")).toHaveText("Cannot be converted: The file ends in the middle of track 2.", { timeout: 30_000 });
    await expect(page.getByText("The file ends in the middle of track 2.")).toHaveCount(1);
    await expect(convertButton(page)).toBeDisabled();
    await expect(page.getByRole("link", { name: "Download", exact: true })).toHaveCount(0);

    // not a .mid: refused by the accept rule with the tool's own text
    await fileInput(page).setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect(shown(page, "Invalid file type", "Please select a MIDI file (.mid or .midi)")).toBeVisible();
  });
});
