import { copyFileSync } from "node:fs";
import { expect, test, type Page } from "./support/test.ts";
import { gotoHydrated } from "./support/page.ts";
import { scratchDir } from "./support/image-fixtures.ts";
import { chooseMedia, convertAndDownload, convertButton, expectAudio, expectTone, expectVideo, mediaInfo, probeOutcome, setOptions } from "./support/media.ts";
import { forbidForeignRequests } from "./support/origins.ts";
import { decodePcm, durationSeconds, maxSampleDifference, streamMd5 } from "#tests/support/media-checks.ts";
import { HAVE_FFMPEG } from "#tests/support/reference-tools.ts";
import { fixtureClaims, mediaFixture, type FixtureName } from "#tests/support/media-fixtures.ts";

// The twelve audio and video tool pages of issue 13 in Chromium (the thirteenth media slug,
// midi-converter, has its own spec). Fixtures are made by native ffmpeg (2 s tones and testsrc2
// video, tests/support/media-fixtures.ts); every download is read back by ffprobe and checked by
// content: the tone's frequencies and loudness, PSNR against the source's pictures, stream checksums
// for copies. Every test also asserts that the page asked nothing of another origin.

if (!HAVE_FFMPEG) console.log("The media tool e2e needs native ffmpeg to make and check its files: apt-get install ffmpeg");

const files = scratchDir("e2e-media-");
// E2E_KEEP_MEDIA=1 keeps the downloads for a look with ffprobe
test.afterAll(() => (process.env.E2E_KEEP_MEDIA ? console.log(`media outputs kept in ${files.dir}`) : files.remove()));

forbidForeignRequests();

/** Opens the tool, chooses the fixture (under another name if given) and waits for what the page read. */
async function open(page: Page, slug: string, fixture: FixtureName, name?: string): Promise<{ source: string; info: string }> {
  await gotoHydrated(page, `/tool/${slug}`);
  return choose(page, fixture, name);
}
async function choose(page: Page, fixture: FixtureName, name?: string): Promise<{ source: string; info: string }> {
  const source = mediaFixture(fixture);
  await chooseMedia(page, source, name);
  return { source, info: await mediaInfo(page) };
}

test.describe("media tools", () => {
  test.skip(!HAVE_FFMPEG, "native ffmpeg makes and checks the media files");

  test("audio-converter: WAV to MP3 192k with tags, FLAC sample for sample, 24-bit mono 48 kHz WAV, Ogg Vorbis, M4A with cover, WMA", async ({ page }) => {
    test.setTimeout(120_000);
    const { source, info } = await open(page, "audio-converter", "wav");
    expect(info).toMatch(/WAV/);
    expect(info).toMatch(/PCM 16-bit/);
    expect(info).toMatch(/0:02/);

    await setOptions(page, { format: "mp3", bitrate: "192" });
    const mp3 = await convertAndDownload(page, "MP3", files.at("tone.mp3"));
    expect(mp3.name).toMatch(/\.mp3$/);
    expect(mp3.resultLine).toMatch(/re-encoded/i);
    expectAudio(mp3.path, { format: "mp3", codec: "mp3", sampleRate: 44100, channels: 2, bitrate: 192_000, seconds: 2, tags: true });
    expectTone(mp3.path, source);

    // FLAC is lossless: the same samples as the WAV
    await choose(page, "wav");
    await setOptions(page, { format: "flac" });
    const flac = await convertAndDownload(page, "FLAC", files.at("tone.flac"));
    expectAudio(flac.path, { format: "flac", codec: "flac", sampleRate: 44100, channels: 2, seconds: 2, tags: true });
    const pcm = { sampleRate: 44100, channels: 2 };
    expect(maxSampleDifference(decodePcm(flac.path, pcm), decodePcm(source, pcm))).toBe(0);

    // the options: 24-bit, mono, 48 kHz
    await choose(page, "wav");
    await setOptions(page, { format: "wav", wavBitDepth: "24", channels: "1", sampleRate: "48000" });
    const wav = await convertAndDownload(page, "WAV", files.at("tone-24.wav"));
    const probe = expectAudio(wav.path, { format: "wav", codec: "pcm_s24le", sampleRate: 48000, channels: 1, seconds: 2 });
    expect(probe.streams[0]?.bitsPerRawSample ?? 24).toBe(24);
    expectTone(wav.path, source, { channels: 1 });

    await choose(page, "flac");
    await setOptions(page, { format: "ogg", sampleRate: "keep", channels: "keep", bitrate: "auto" });
    const ogg = await convertAndDownload(page, "OGG", files.at("tone.ogg"));
    expectAudio(ogg.path, { format: "ogg", codec: "vorbis", sampleRate: 44100, channels: 2, seconds: 2, tags: true });
    expectTone(ogg.path, source);

    // M4A keeps the MP3's tags and cover art
    await choose(page, "mp3");
    await setOptions(page, { format: "m4a", bitrate: "128" });
    const m4a = await convertAndDownload(page, "M4A", files.at("tone.m4a"));
    expectAudio(m4a.path, { format: "mp4", codec: "aac", channels: 2, bitrate: 128_000, seconds: 2, tags: true, cover: true });
    expectTone(m4a.path, source);

    await choose(page, "ogg");
    await setOptions(page, { format: "wma", bitrate: "auto" });
    const wma = await convertAndDownload(page, "WMA", files.at("tone.wma"));
    expectAudio(wma.path, { format: "asf", codec: "wmav2", channels: 2, seconds: 2, tags: true });
    expectTone(wma.path, source);
  });

  test("audio-converter: a trim of 0.5 s to 1.5 s is 1 s long and holds that stretch", async ({ page }) => {
    const { source } = await open(page, "audio-converter", "wav");
    await setOptions(page, { format: "wav", wavBitDepth: "16", trimStart: 0.5, trimEnd: 1.5 });
    const out = await convertAndDownload(page, "WAV", files.at("trim.wav"));
    expectAudio(out.path, { format: "wav", codec: "pcm_s16le", sampleRate: 44100, channels: 2, seconds: 1 });
    // lossless and cut on a sample: the output is the source's samples from 0.5 s
    const window = { sampleRate: 44100, channels: 2, seconds: 0.9 };
    expect(maxSampleDifference(decodePcm(out.path, window), decodePcm(source, { ...window, startSeconds: 0.5 }))).toBeLessThanOrEqual(1 / 32768);
  });

  // the fixed-target audio tools: [slug, fixture, target label, ffprobe format, codec]
  const FIXED_AUDIO: [string, FixtureName, string, string, string][] = [
    ["mp3-converter", "ogg", "MP3", "mp3", "mp3"],
    ["wav-converter", "m4a", "WAV", "wav", "pcm_s16le"],
    ["mp3-to-ogg-converter", "mp3", "OGG", "ogg", "vorbis"],
    ["mp4-to-mp3-converter", "mp4", "MP3", "mp3", "mp3"],
    ["mp4-to-wav-converter", "mp4", "WAV", "wav", "pcm_s16le"],
    ["flv-to-mp3-converter", "flv", "MP3", "mp3", "mp3"],
    ["m4a-to-mp3-converter", "m4a", "MP3", "mp3", "mp3"],
  ];
  for (const [slug, fixture, label, format, codec] of FIXED_AUDIO) {
    test(`${slug}: ${fixture} to ${label}`, async ({ page }) => {
      const { source } = await open(page, slug, fixture);
      const out = await convertAndDownload(page, label, files.at(`${slug}.${label.toLowerCase()}`));
      expect(out.name.toLowerCase()).toMatch(new RegExp(`\\.${label.toLowerCase()}$`));
      // title, artist and album travel (every fixed target holds them); cover art where MP3 can hold it
      const claims = fixtureClaims(fixture);
      expectAudio(out.path, { format, codec, channels: 2, seconds: durationSeconds(source), tags: claims?.tags === true, audioOnly: true, cover: claims?.cover === true && format === "mp3" });
      expectTone(out.path, source);
    });
  }

  test("video-converter: MP4 to WebM (VP9 + Opus), to AVI (MPEG-4 + MP3), to FLV, and 720p to 480p MP4 without audio", async ({ page }) => {
    test.setTimeout(120_000);
    const { source, info } = await open(page, "video-converter", "mp4");
    expect(info).toMatch(/H\.264/);
    expect(info).toMatch(/AAC/);
    expect(info).toMatch(/320×240/);

    await setOptions(page, { format: "webm" });
    // beside the video's Quality, the bitrate says it is the sound's (issue 31, finding 7)
    await expect(page.getByLabel("Audio bitrate", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Bitrate", { exact: true })).toHaveCount(0);
    const webm = await convertAndDownload(page, "WebM", files.at("clip.webm"));
    expectVideo(webm.path, source, { format: "webm", video: "vp9", audio: "opus", width: 320, height: 240, seconds: 2 });
    expectTone(webm.path, source);

    await choose(page, "mp4");
    await setOptions(page, { format: "avi" });
    const avi = await convertAndDownload(page, "AVI", files.at("clip.avi"));
    expectVideo(avi.path, source, { format: "avi", video: "mpeg4", audio: "mp3", width: 320, height: 240, seconds: 2 });
    expectTone(avi.path, source);

    await choose(page, "webm");
    await setOptions(page, { format: "flv" });
    const flv = await convertAndDownload(page, "FLV", files.at("clip.flv"));
    expectVideo(flv.path, mediaFixture("webm"), { format: "flv", video: "h264", audio: "aac", width: 320, height: 240, seconds: durationSeconds(mediaFixture("webm")) });

    const hd = mediaFixture("mp4-720");
    await choose(page, "mp4-720");
    await setOptions(page, { format: "mp4", resolution: "480", quality: "medium", noAudio: true });
    const small = await convertAndDownload(page, "MP4", files.at("clip-480.mp4"));
    expect(small.resultLine).toMatch(/re-encoded/i);
    expectVideo(small.path, hd, { format: "mp4", video: "h264", audio: null, width: 854, height: 480, seconds: 2 });
  });

  test("video-converter: stream copy to MKV and MOV keeps both streams bit for bit", async ({ page }) => {
    const { source } = await open(page, "video-converter", "mp4");
    for (const [format, probeName] of [["mkv", "matroska"], ["mov", "mov"]] as const) {
      await choose(page, "mp4");
      await setOptions(page, { format, quality: "auto", resolution: "keep", noAudio: false });
      const out = await convertAndDownload(page, format.toUpperCase(), files.at(`copy.${format}`));
      expect(out.resultLine).toMatch(/copied/i);
      expectVideo(out.path, source, { format: probeName, video: "h264", audio: "aac", width: 320, height: 240, seconds: 2 });
      expect(streamMd5(out.path, "v")).toBe(streamMd5(source, "v"));
      expect(streamMd5(out.path, "a")).toBe(streamMd5(source, "a"));
    }
  });

  test("video-converter: a trim of 0.5 s to 1.5 s is 1 s of the source's pictures from 0.5 s", async ({ page }) => {
    const { source } = await open(page, "video-converter", "mp4");
    await setOptions(page, { format: "webm", trimStart: 0.5, trimEnd: 1.5 });
    const out = await convertAndDownload(page, "WebM", files.at("trim.webm"));
    expectVideo(out.path, source, { format: "webm", video: "vp9", audio: "opus", width: 320, height: 240, seconds: 1 }, 0.5);
    expectTone(out.path, source, { sourceStart: 0.5 });
  });

  for (const [slug, name] of [["mpeg-to-avi-converter", "clip.mpeg"], ["mpg-to-avi-converter", "clip.mpg"]] as const) {
    test(`${slug}: MPEG-2 program stream (${name}) to AVI`, async ({ page }) => {
      const { source, info } = await open(page, slug, "mpg", name);
      expect(info).toMatch(/MPEG-2 video/);
      const out = await convertAndDownload(page, "AVI", files.at(`${slug}.avi`));
      expect(out.name).toMatch(/\.avi$/);
      expectVideo(out.path, source, { format: "avi", video: "mpeg4", audio: "mp3", width: 320, height: 240, seconds: durationSeconds(source) });
      expectTone(out.path, source);
    });
  }

  test("m4a-to-mp4-converter: an audio-only MP4 by stream copy, the AAC bit for bit", async ({ page }) => {
    const { source } = await open(page, "m4a-to-mp4-converter", "m4a");
    const out = await convertAndDownload(page, "MP4", files.at("m4a.mp4"));
    expect(out.name).toMatch(/\.mp4$/);
    expect(out.resultLine).toMatch(/copied/i);
    expectAudio(out.path, { format: "mp4", codec: "aac", sampleRate: 44100, channels: 2, seconds: 2, tags: true, cover: true, audioOnly: true });
    expect(streamMd5(out.path, "a")).toBe(streamMd5(source, "a"));
  });

  test("cancel mid-way stops within a second, then the next conversion runs cleanly", async ({ page }) => {
    test.setTimeout(120_000);
    // 10 s of 720p to AVI: long enough on the ffmpeg engine to be stopped half-way
    const long = mediaFixture("mp4-720", 10);
    await gotoHydrated(page, "/tool/video-converter");
    await chooseMedia(page, long);
    await mediaInfo(page);
    await setOptions(page, { format: "avi" });
    await convertButton(page).click();
    const bar = page.getByRole("progressbar");
    await expect(page.getByRole("button", { name: /^(Loading|Converting to AVI)\.\.\./ })).toBeVisible();
    await expect(async () => expect(Number(await bar.getAttribute("aria-valuenow"))).toBeGreaterThan(0)).toPass({ timeout: 60_000 });
    await expect(page.getByRole("button", { name: "Converting to AVI..." })).toBeVisible();
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(bar).toBeHidden({ timeout: 1000 });
    await expect(convertButton(page)).toBeEnabled({ timeout: 1000 });
    await expect(page.getByTestId("media-result")).toHaveCount(0);

    const { source } = await choose(page, "mp4");
    const out = await convertAndDownload(page, "AVI", files.at("after-cancel.avi"));
    expectVideo(out.path, source, { format: "avi", video: "mpeg4", audio: "mp3", width: 320, height: 240, seconds: 2 });
  });

  test("a truncated MP4 and an empty file end in a message that names the problem", async ({ page }) => {
    copyFileSync(mediaFixture("truncated-mp4"), files.at("broken.mp4"));
    await gotoHydrated(page, "/tool/video-converter");
    await chooseMedia(page, files.at("broken.mp4"));
    // the page says at once, once, on the file's line, that it cannot convert the file...
    if ((await probeOutcome(page, "media-info")) === "refused") {
      await expect(page.getByTestId("file-refusal")).toContainText(/Cannot be converted: .{10,}/);
      await expect(page.getByTestId("media-info")).toHaveCount(0);
      await expect(convertButton(page)).toBeDisabled();
    } else {
      // ...or, where reading it did not show the problem, Convert fails with the reason
      await expect(page.getByTestId("media-info")).not.toContainText("Duration");
      await convertButton(page).click();
      await expect(page.getByTestId("conversion-status")).toContainText(/Conversion failed: .{10,}/, { timeout: 30_000 });
    }
    await expect(page.getByRole("link", { name: "Download", exact: true })).toHaveCount(0);

    await gotoHydrated(page, "/tool/mp3-converter");
    await chooseMedia(page, mediaFixture("empty"), "empty.mp3");
    // on the tool (a refusal or the failure line), not in the about text
    const said = page.getByTestId("file-tool-frame").getByText(/empty|zero|0 bytes|no data/i);
    await expect(said.first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("link", { name: "Download", exact: true })).toHaveCount(0);
  });
});
