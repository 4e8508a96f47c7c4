import { expect, test, type Page } from "./support/test.ts";
import { gotoHydrated } from "./support/page.ts";
import { scratchDir } from "./support/image-fixtures.ts";
import { chooseMedia, convertAndDownload, mediaInfo, setOptions } from "./support/media.ts";
import { forbidForeignRequests } from "./support/origins.ts";
import { audioStream, ffprobeJson, videoStream } from "#tests/support/media-checks.ts";
import { HAVE_FFMPEG } from "#tests/support/reference-tools.ts";
import { id3v2Tag } from "#tests/support/mp3-tag-variants.ts";
import { decodedSeconds, UNUSUAL_FILES, writeUnusualMedia, type UnusualFile } from "#tests/support/unusual-media.ts";

// Issue 26: valid files with unusual layouts (an MP3 in every kind of tag, an audiobook with
// chapters, fragmented or edited MP4, a chain of Ogg streams, FLAC in Ogg...) must convert, not be
// called damaged. Each is written by native ffmpeg, LAME or by hand (tests/support/unusual-media.ts),
// converted in Chromium on the audio-converter (to WAV and to MP3) or the video-converter page (to
// MP4), and the download is read by ffprobe and decoded by native ffmpeg: as long as the source.

const files = scratchDir("e2e-valid-media-");
test.afterAll(() => (process.env.E2E_KEEP_MEDIA ? console.log(`media outputs kept in ${files.dir}`) : files.remove()));
test.beforeAll(() => {
  if (!HAVE_FFMPEG) return;
  test.setTimeout(240_000);
  writeUnusualMedia(files.dir);
});

forbidForeignRequests();

/** Decoded sound of the output within 0.1 s of the source's (a frame of priming or padding at most). */
function expectSameLength(output: string, source: string): void {
  const want = decodedSeconds(source);
  const got = decodedSeconds(output);
  expect(Math.abs(got - want), `decoded ${got} s, the source ${want} s`).toBeLessThanOrEqual(0.1);
}

async function convertTo(page: Page, file: UnusualFile, format: string, label: string): Promise<string> {
  await chooseMedia(page, files.at(file.name));
  await mediaInfo(page);
  await setOptions(page, { format });
  const out = files.at(`${file.name}.${format}`);
  await convertAndDownload(page, label, out);
  return out;
}

test.describe("valid files with unusual layouts", () => {
  test.skip(!HAVE_FFMPEG, "native ffmpeg makes and checks the media files");

  for (const file of UNUSUAL_FILES.filter((each) => each.page === "audio")) {
    test(`audio-converter: ${file.name} to WAV and to MP3`, async ({ page }) => {
      test.setTimeout(120_000);
      await gotoHydrated(page, "/tool/audio-converter");
      const source = files.at(file.name);
      const wav = await convertTo(page, file, "wav", "WAV");
      expect(ffprobeJson(wav).format.formatName).toBe("wav");
      expectSameLength(wav, source);
      const mp3 = await convertTo(page, file, "mp3", "MP3");
      const probe = ffprobeJson(mp3);
      expect(audioStream(probe)?.codecName).toBe("mp3");
      expect(Math.abs((probe.format.durationSeconds ?? 0) - decodedSeconds(source)), `MP3 duration ${probe.format.durationSeconds}`).toBeLessThanOrEqual(0.1);
      expectSameLength(mp3, source);
    });
  }

  for (const file of UNUSUAL_FILES.filter((each) => each.page === "video")) {
    test(`video-converter: ${file.name} to MP4`, async ({ page }) => {
      test.setTimeout(120_000);
      await gotoHydrated(page, "/tool/video-converter");
      const source = files.at(file.name);
      const mp4 = await convertTo(page, file, "mp4", "MP4");
      const probe = ffprobeJson(mp4);
      expect(videoStream(probe)?.codecName).toBe("h264");
      expect(audioStream(probe)?.codecName).toBe("aac");
      const sourceSeconds = ffprobeJson(source).format.durationSeconds;
      if (sourceSeconds !== null) {
        expect(Math.abs((probe.format.durationSeconds ?? 0) - sourceSeconds), `MP4 duration ${probe.format.durationSeconds}`).toBeLessThanOrEqual(0.1);
      }
      expectSameLength(mp4, source);
    });
  }

  test("audio-converter: an MP3 of tags and no sound is refused in plain words, not with ffmpeg's 'Invalid argument'", async ({ page }) => {
    await gotoHydrated(page, "/tool/audio-converter");
    // an ID3v2.4 tag with an extended header and a compressed frame, and nothing after it
    const tag = id3v2Tag({ version: 4, frames: [{ id: "TIT2", body: new Uint8Array([0, 0x41]), compressed: true }], extendedHeader: true, padding: 100 });
    await chooseMedia(page, files.write("tag-only.mp3", tag));
    const said = page.getByTestId("file-tool-frame").getByText(/holds only its tags .* no complete audio frame/);
    await expect(said.first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/Invalid argument/)).toHaveCount(0);
  });
});
