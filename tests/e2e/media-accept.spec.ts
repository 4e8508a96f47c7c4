import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { expect, test, type Page } from "./support/test.ts";
import { gotoHydrated } from "./support/page.ts";
import { scratchDir } from "./support/image-fixtures.ts";
import { chooseMedia, convertAndDownload, convertButton, expectAudio, expectTone, mediaInfo, setOptions } from "./support/media.ts";
import { forbidForeignRequests } from "./support/origins.ts";
import { audioStream, decodePcm, dominantFrequency, ffprobeJson, videoPsnr, videoStream } from "#tests/support/media-checks.ts";
import { toneInput } from "#tests/support/media-fixtures.ts";
import { FFMPEG, HAVE_FFMPEG } from "#tests/support/reference-tools.ts";

// Issue 26: files the pages used to refuse as the wrong type although the ffmpeg core decodes them
// (a phone's 3GP/3G2 with AMR-NB sound and H.263 video, raw E-AC-3, an animated GIF), and a file
// whose codec the core really has no decoder for (Codec 2), which must be refused by name. The
// files are made here by native ffmpeg and sox; every download is read back by native ffmpeg.

const files = scratchDir("e2e-media-accept-");
test.afterAll(() => files.remove());
forbidForeignRequests();

const ffmpeg = (...args: string[]) => execFileSync(FFMPEG, ["-hide_banner", "-v", "error", "-y", ...args], { stdio: ["ignore", "ignore", "pipe"] });

/** A phone clip: 2 s of H.263 at 176×144 with a 440 Hz AMR-NB tone (sox encodes the AMR: native ffmpeg has no AMR encoder). */
function phoneClip(muxer: "3gp" | "3g2"): string {
  const amr = files.at("tone.amr");
  execFileSync("sox", ["-n", "-r", "8000", "-c", "1", "-t", "amr-nb", amr, "synth", "2", "sine", "440", "vol", "0.5"]);
  const out = files.at(`phone.${muxer}`);
  ffmpeg("-f", "lavfi", "-i", "testsrc2=size=176x144:rate=15:duration=2", "-i", amr, "-map", "0:v", "-map", "1:a", "-c:v", "h263", "-q:v", "3", "-c:a", "copy", "-f", muxer, out);
  return out;
}

/** A 2 s file made by native ffmpeg from `args` into the scratch folder. */
function made(name: string, ...args: string[]): string {
  ffmpeg(...args, "-t", "2", files.at(name));
  return files.at(name);
}

async function open(page: Page, slug: string, file: string): Promise<string> {
  await gotoHydrated(page, `/tool/${slug}`);
  await chooseMedia(page, file);
  return mediaInfo(page, 60_000);
}

function expectSine(file: string, hz: number): void {
  const rate = 16000;
  const samples = decodePcm(file, { sampleRate: rate, channels: 1, startSeconds: 0.3, seconds: 1 });
  expect(Math.abs(dominantFrequency(samples, rate) - hz)).toBeLessThan(3);
}

test.describe("media accept (issue 26)", () => {
  test.skip(!HAVE_FFMPEG, "native ffmpeg makes and checks the media files");

  test("audio-converter takes a 3GP and a 3G2 (AMR-NB + H.263) and a raw E-AC-3 file, and makes MP3s of their sound", async ({ page }) => {
    test.setTimeout(180_000);
    for (const muxer of ["3gp", "3g2"] as const) {
      const clip = phoneClip(muxer);
      const info = await open(page, "audio-converter", clip);
      expect(info).toMatch(/0:02/);
      await setOptions(page, { format: "mp3" });
      const mp3 = await convertAndDownload(page, "MP3", files.at(`phone-${muxer}.mp3`), 120_000);
      expectAudio(mp3.path, { format: "mp3", codec: "mp3", seconds: 2, audioOnly: true });
      expectSine(mp3.path, 440);
    }

    const eac3 = files.at("tone.eac3");
    ffmpeg(...toneInput(2, 48000), "-c:a", "eac3", "-b:a", "192k", eac3);
    expect(audioStream(ffprobeJson(eac3))?.codecName).toBe("eac3");
    await open(page, "audio-converter", eac3);
    await setOptions(page, { format: "mp3" });
    const mp3 = await convertAndDownload(page, "MP3", files.at("eac3.mp3"), 120_000);
    expectAudio(mp3.path, { format: "mp3", codec: "mp3", channels: 2, seconds: 2 });
    expectTone(mp3.path, eac3);
  });

  test("video-converter takes the 3GP and an animated GIF, and makes MP4s that match their pictures", async ({ page }) => {
    test.setTimeout(240_000);
    const clip = phoneClip("3gp");
    await open(page, "video-converter", clip);
    await setOptions(page, { format: "mp4" });
    const mp4 = await convertAndDownload(page, "MP4", files.at("phone.mp4"), 180_000);
    const probe = ffprobeJson(mp4.path);
    expect(probe.format.formatName.split(",")).toContain("mp4");
    expect([videoStream(probe)?.width, videoStream(probe)?.height]).toEqual([176, 144]);
    expect(videoStream(probe)?.codecName).toBe("h264");
    expect(videoPsnr(mp4.path, clip)).toBeGreaterThanOrEqual(30);
    expectSine(mp4.path, 440);

    // odd sizes, as GIFs have: the MP4 is at most a pixel smaller each way
    const gif = files.at("anim.gif");
    ffmpeg("-f", "lavfi", "-i", "testsrc2=size=200x150:rate=10:duration=2", "-vf", "scale=199:149", gif);
    await open(page, "video-converter", gif);
    await setOptions(page, { format: "mp4" });
    const fromGif = await convertAndDownload(page, "MP4", files.at("anim.mp4"), 180_000);
    const video = videoStream(ffprobeJson(fromGif.path));
    expect(video?.codecName).toBe("h264");
    expect(Math.abs((video?.width ?? 0) - 199)).toBeLessThanOrEqual(1);
    expect(Math.abs((video?.height ?? 0) - 149)).toBeLessThanOrEqual(1);
    expect(Math.abs((ffprobeJson(fromGif.path).format.durationSeconds ?? 0) - 2)).toBeLessThanOrEqual(0.15);
    expect(videoPsnr(fromGif.path, gif)).toBeGreaterThanOrEqual(30);
  });

  test("the single-type tools take their siblings: an M4B on m4a-to-mp3, an F4V on flv-to-mp3, a VOB and an MPEG-TS on mpg-to-avi", async ({ page }) => {
    test.setTimeout(300_000);
    const picture = ["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=2", ...toneInput(2)];
    const sources = {
      m4b: made("book.m4b", ...toneInput(2), "-c:a", "aac", "-b:a", "128k", "-f", "ipod"),
      f4v: made("clip.f4v", ...picture, "-map", "0:v", "-map", "1:a", "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-f", "f4v"),
      vob: made("dvd.vob", ...picture, "-map", "0:v", "-map", "1:a", "-c:v", "mpeg2video", "-q:v", "4", "-c:a", "mp2", "-b:a", "192k", "-f", "vob"),
      ts: made("tv.ts", ...picture, "-map", "0:v", "-map", "1:a", "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-f", "mpegts"),
    };
    for (const [slug, source] of [["m4a-to-mp3-converter", sources.m4b], ["flv-to-mp3-converter", sources.f4v]] as const) {
      await open(page, slug, source);
      const mp3 = await convertAndDownload(page, "MP3", files.at(`${slug}.mp3`), 120_000);
      // ffmpeg's F4V starts its sound 56 ms in and ends it at 2.08 s: the MP3 keeps that timeline
      expectAudio(mp3.path, { format: "mp3", codec: "mp3", seconds: ffprobeJson(source).format.durationSeconds ?? 0, audioOnly: true });
      expectTone(mp3.path, source);
    }
    for (const source of [sources.vob, sources.ts]) {
      await open(page, "mpg-to-avi-converter", source);
      const avi = await convertAndDownload(page, "AVI", files.at(`${source.split("/").pop()}.avi`), 180_000);
      const probe = ffprobeJson(avi.path);
      expect(probe.format.formatName).toBe("avi");
      expect([videoStream(probe)?.width, videoStream(probe)?.height]).toEqual([320, 240]);
      expect(videoPsnr(avi.path, source)).toBeGreaterThanOrEqual(30);
      expectTone(avi.path, source);
    }
  });

  test("a codec the core cannot decode (Codec 2) and a format no ffmpeg reads (OptimFROG) are refused by name", async ({ page }) => {
    test.setTimeout(120_000);
    const c2 = files.at("voice.c2");
    ffmpeg("-f", "lavfi", "-i", "sine=f=440:d=2:r=8000", "-c:a", "libcodec2", "-mode", "3200", c2);
    expect(audioStream(ffprobeJson(c2))?.codecName).toBe("codec2");
    await open(page, "audio-converter", c2);
    await setOptions(page, { format: "mp3" });
    await convertButton(page).click();
    await expect(page.getByTestId("conversion-status")).toContainText("This file's sound is in the Codec 2 codec, which this converter cannot decode.", { timeout: 60_000 });
    await expect(page.getByRole("link", { name: "Download", exact: true })).toHaveCount(0);

    // no free OptimFROG encoder exists: a file with its header ("OFR ", header size, then data) stands in
    const ofr = files.at("song.ofr");
    const header = Buffer.from("OFR \x0f\x00\x00\x00\x80\xbb\x00\x00\x00\x00\x01\x01\x44\xac\x00\x00", "latin1");
    writeFileSync(ofr, Buffer.concat([header, Buffer.alloc(4096, 0x5a)]));
    await gotoHydrated(page, "/tool/audio-converter");
    await chooseMedia(page, ofr);
    // read and refused: said once, on the file's line (issue 31), and Convert stays off
    await expect(page.getByTestId("file-refusal").getByTestId("reason")).toHaveText("Cannot be converted: This file's sound is in the OptimFROG codec, which this converter cannot decode.", {
      timeout: 30_000,
    });
    await expect(page.getByTestId("media-info")).toHaveCount(0);
    await expect(convertButton(page)).toBeDisabled();
  });
});
