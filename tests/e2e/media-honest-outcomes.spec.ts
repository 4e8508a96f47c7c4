import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { expect, test, type Page } from "./support/test.ts";
import { gotoHydrated } from "./support/page.ts";
import { scratchDir } from "./support/image-fixtures.ts";
import { chooseMedia, convertAndDownload, convertButton, probeOutcome } from "./support/media.ts";
import { forbidForeignRequests } from "./support/origins.ts";
import { decodePcm } from "#tests/support/media-checks.ts";
import { HAVE_FFMPEG } from "#tests/support/reference-tools.ts";
import type { ConversionPlan } from "#codecs/media/media-types.ts";

// Issue 26: a file with nothing to decode ends in a plain refusal, never in "Conversion successful"
// with an unplayable download, and never hangs. The broken files are cut from real ones made by
// native ffmpeg; the bound on "never hangs" is each expect's timeout (no fixed sleeps).

const files = scratchDir("e2e-media-honest-");
test.afterAll(() => files.remove());
forbidForeignRequests();

const ffmpeg = (...args: string[]) => execFileSync("ffmpeg", ["-hide_banner", "-v", "error", "-y", ...args], { stdio: ["ignore", "pipe", "pipe"] });
const sine = (seconds: number) => ["-f", "lavfi", "-i", `sine=frequency=440:sample_rate=44100:duration=${seconds}`];

/** A FLAC file cut after its metadata blocks: STREAMINFO says 2 s, but no frame follows. */
function flacWithoutFrames(): string {
  const whole = files.at("whole.flac");
  ffmpeg(...sine(2), "-c:a", "flac", whole);
  const bytes = readFileSync(whole);
  let at = 4;
  for (;;) {
    const last = (bytes[at]! & 0x80) !== 0;
    at += 4 + bytes.readUIntBE(at + 1, 3);
    if (last) break;
  }
  const cut = files.at("no-frames.flac");
  writeFileSync(cut, bytes.subarray(0, at));
  return cut;
}

/** A WAV whose data chunk holds zero samples. */
function wavWithoutSamples(): string {
  const whole = files.at("whole.wav");
  ffmpeg(...sine(1), "-c:a", "pcm_s16le", whole);
  const bytes = Buffer.from(readFileSync(whole));
  const data = bytes.indexOf("data");
  const header = bytes.subarray(0, data + 8);
  header.writeUInt32LE(0, data + 4);
  header.writeUInt32LE(header.length - 8, 4);
  const cut = files.at("no-samples.wav");
  writeFileSync(cut, header);
  return cut;
}

/** An Ogg Vorbis file cut after its header pages: a stream with no audio packet. */
function oggWithOnlyHeaders(): string {
  const whole = files.at("whole.ogg");
  ffmpeg(...sine(2), "-c:a", "libvorbis", whole);
  const bytes = readFileSync(whole);
  let at = 0;
  // a page's granule position is 0 until the first page that ends an audio packet
  while (at < bytes.length && bytes.readBigInt64LE(at + 6) <= 0n) {
    const segments = bytes[at + 26]!;
    let length = 27 + segments;
    for (let i = 0; i < segments; i++) length += bytes[at + 27 + i]!;
    at += length;
  }
  const cut = files.at("headers-only.ogg");
  writeFileSync(cut, bytes.subarray(0, at));
  return cut;
}

/**
 * Chooses the file, and if Convert is offered, converts: the outcome must be a refusal, on the file's
 * line, in the info panel or as the failure line, whose text matches `said` — and no download, within `timeout`.
 */
async function expectRefusal(page: Page, slug: string, file: string, said: RegExp, timeout = 30_000): Promise<string> {
  await gotoHydrated(page, `/tool/${slug}`);
  await chooseMedia(page, file);
  let text: string;
  if ((await probeOutcome(page, "media-info", timeout)) === "read" && (await convertButton(page).isEnabled())) {
    await convertButton(page).click();
    await expect(page.getByTestId("conversion-failure")).toBeVisible({ timeout });
    text = await page.getByTestId("conversion-status").innerText();
  } else {
    // read and refused: said once, on the file's line (issue 31), or by the info panel
    const refusal = page.getByTestId("file-refusal");
    text = await ((await refusal.isVisible()) ? refusal : page.getByTestId("media-info")).innerText();
  }
  expect(text).toMatch(said);
  // engine text never reaches the visitor
  expect(text).not.toMatch(/\/in\/|Assertion|Invalid argument|Error while|@ 0x/);
  await expect(page.getByRole("link", { name: "Download", exact: true })).toHaveCount(0);
  return text;
}

test.describe("media: honest outcomes", () => {
  test.skip(!HAVE_FFMPEG, "native ffmpeg makes the broken files");

  test("a FLAC with headers but no frames is refused quickly", async ({ page }) => {
    await expectRefusal(page, "mp3-converter", flacWithoutFrames(), /no sound|could not be decoded|damaged/);
  });

  test("a WAV with an audio stream of zero samples is refused", async ({ page }) => {
    await expectRefusal(page, "mp3-converter", wavWithoutSamples(), /no sound/);
  });

  test("an Ogg with only its headers (no decodable audio) is refused", async ({ page }) => {
    // mediabunny finds no packet and hands it to ffmpeg, whose reading ends at the headers
    await expectRefusal(page, "mp3-converter", oggWithOnlyHeaders(), /ends before any of its sound|no sound|could not be decoded/);
  });

  test("a video-only MP4 on the MP4-to-MP3 converter is refused", async ({ page }) => {
    const video = files.at("video-only.mp4");
    ffmpeg("-f", "lavfi", "-i", "testsrc=size=320x240:rate=25:duration=2", "-c:v", "libx264", "-pix_fmt", "yuv420p", video);
    await expectRefusal(page, "mp4-to-mp3-converter", video, /no sound/);
  });

  test("a 50 ms clip converts to an MP3 that decodes", async ({ page }) => {
    const clip = files.at("clip-50ms.wav");
    ffmpeg(...sine(0.05), "-c:a", "pcm_s16le", clip);
    await gotoHydrated(page, "/tool/mp3-converter");
    await chooseMedia(page, clip);
    await expect(page.getByTestId("media-info")).toContainText("Duration", { timeout: 30_000 });
    const out = await convertAndDownload(page, "MP3", files.at("clip-50ms.mp3"), 30_000);
    // it decodes to sound of about the clip's length (an MP3 frame is 26 ms)
    const samples = decodePcm(out.path, { sampleRate: 44100, channels: 1 });
    expect(samples.length / 44100).toBeGreaterThan(0.03);
    expect(samples.length / 44100).toBeLessThan(0.15);
  });

  test("the ffmpeg engine refuses an output it wrote nothing into, and converts a 50 ms clip", async ({ page }) => {
    test.setTimeout(90_000);
    const plan: ConversionPlan = {
      engine: "ffmpeg",
      target: "mp3",
      container: "mp3",
      audio: { action: "encode", codec: "mp3", bitrate: 128_000 },
      video: { action: "drop" },
      trim: { startSeconds: 0, endSeconds: null },
      outputSeconds: 2,
      summary: "",
      keepTags: true,
      keepCover: false,
    };
    const clip = files.at("clip-ffmpeg.wav");
    ffmpeg(...sine(0.05), "-c:a", "pcm_s16le", clip);
    await gotoHydrated(page, "/__test/media");
    await page.waitForFunction(() => window.__mediaEngines !== undefined);
    const outcomes: Record<string, string> = {};
    for (const file of [wavWithoutSamples(), flacWithoutFrames(), oggWithOnlyHeaders(), clip]) {
      await page.locator("#media-files").setInputFiles(file);
      outcomes[file.slice(file.lastIndexOf("/") + 1)] = await page.evaluate(async (job) => {
        const engines = window.__mediaEngines;
        const input = engines?.files()[0];
        if (!engines || !input) return "no file";
        await engines.ffmpeg.load({});
        return engines.ffmpeg.convert({ file: input, plan: job, sink: { kind: "memory" }, picture: null }).then(
          (result) => `ok: ${result.bytes} bytes`,
          (error: { code?: string; message?: string }) => `${error.code}: ${error.message}`,
        );
      }, plan);
    }
    expect(outcomes).toMatchObject({
      "no-samples.wav": "no-audio: This file has no sound.",
      "no-frames.flac": "no-audio: This file has no sound.",
      "clip-ffmpeg.wav": expect.stringMatching(/^ok: \d+ bytes$/),
    });
    // the Ogg ends before its first audio packet: refused in plain words, whichever check sees it first
    expect(outcomes["headers-only.ogg"]).toMatch(/^(no-audio|corrupt): This file (has no sound|ends before)/);
  });
});
