// The threaded ffmpeg core (issue 33, decision 064): on an isolated media page a video is converted
// on @ffmpeg/core-mt with its thread workers when threads are asked for (a thread cap of 2 here; by
// default a device with 4+ cores); under a cap of 1 the same file runs on the single-thread core.
// Both AVIs are checked against the source and against each other.
import { expect, test, type Page } from "./support/test.ts";
import { gotoHydrated } from "./support/page.ts";
import { scratchDir } from "./support/image-fixtures.ts";
import { chooseMedia, convertAndDownload, expectTone, expectVideo, mediaInfo } from "./support/media.ts";
import { forbidForeignRequests } from "./support/origins.ts";
import { durationSeconds, streamMd5, videoPsnr } from "#tests/support/media-checks.ts";
import { HAVE_FFMPEG } from "#tests/support/reference-tools.ts";
import { mediaFixture } from "#tests/support/media-fixtures.ts";

const files = scratchDir("e2e-media-threads-");
const THREADED_CORE = /\/assets\/ffmpeg-core-mt-/;
test.afterAll(() => files.remove());
forbidForeignRequests();

/** Converts the MPEG-2 fixture to AVI on the page; returns the AVI and the scripts of the workers that started. */
async function mpgToAvi(page: Page, threadCap: string | null, saveAs: string): Promise<{ path: string; workers: string[] }> {
  const workers: string[] = [];
  page.on("worker", (worker) => workers.push(worker.url()));
  await gotoHydrated(page, "/tool/mpg-to-avi-converter");
  expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
  if (threadCap) await page.evaluate((cap) => localStorage.setItem("convert-threads", cap), threadCap);
  await chooseMedia(page, mediaFixture("mpg"), "clip.mpg");
  expect(await mediaInfo(page)).toMatch(/MPEG-2 video/);
  const out = await convertAndDownload(page, "AVI", files.at(saveAs));
  return { path: out.path, workers };
}

test.describe("the threaded ffmpeg core", () => {
  test.skip(!HAVE_FFMPEG, "native ffmpeg makes and checks the media files");

  test("an isolated page converts a video on the threaded core; its AVI matches the single-thread core's", async ({ browser }) => {
    test.setTimeout(120_000);
    const source = mediaFixture("mpg");
    const want = { format: "avi", video: "mpeg4", audio: "mp3", width: 320, height: 240, seconds: durationSeconds(source) };

    const threadedPage = await browser.newPage();
    const threaded = await mpgToAvi(threadedPage, "2", "threaded.avi");
    await threadedPage.close();
    // the build names the threaded core's files ffmpeg-core-mt-*: its thread workers run one of them
    const threadWorkers = threaded.workers.filter((url) => THREADED_CORE.test(url));
    expect(threadWorkers.length, threaded.workers.join(", ")).toBeGreaterThanOrEqual(2);

    const singlePage = await browser.newPage();
    const single = await mpgToAvi(singlePage, "1", "single.avi");
    await singlePage.close();
    expect(single.workers.filter((url) => THREADED_CORE.test(url))).toEqual([]);

    for (const out of [threaded, single]) {
      expectVideo(out.path, source, want);
      expectTone(out.path, source);
    }
    // LAME runs on one thread in both cores: the same MP3 packets; the pictures are encoded in
    // slices on threads, so they may differ by rounding only
    expect(streamMd5(threaded.path, "a")).toBe(streamMd5(single.path, "a"));
    expect(videoPsnr(threaded.path, single.path)).toBeGreaterThanOrEqual(40);
  });
});
