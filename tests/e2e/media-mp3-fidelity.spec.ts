import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { expect, test } from "./support/test.ts";
import { gotoHydrated } from "./support/page.ts";
import { scratchDir } from "./support/image-fixtures.ts";
import { chooseMedia, convertAndDownload, mediaInfo, setOptions } from "./support/media.ts";
import { forbidForeignRequests } from "./support/origins.ts";
import { HAVE_FFMPEG } from "#tests/support/reference-tools.ts";
import { decodedSeconds } from "#tests/support/unusual-media.ts";

// Issue 26: MP3s that came out not quite as the source. Native LAME and ffmpeg make the sources;
// each is converted to MP3 on the audio-converter page with the defaults (an MP3 is stream-copied),
// and native ffmpeg decodes the download against its source.

const LAME = "/usr/bin/lame";
const files = scratchDir("e2e-mp3-fidelity-");
test.afterAll(() => files.remove());
forbidForeignRequests();

const CHIRP = "aevalsrc=0.4*sin(2*PI*(200+300*t)*t)*(0.6+0.4*sin(2*PI*0.7*t))|0.3*sin(2*PI*660*t)";

test.beforeAll(() => {
  if (!HAVE_FFMPEG || !existsSync(LAME)) return;
  const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: files.dir, stdio: "ignore" });
  run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", `${CHIRP}:s=44100:d=3`, "chirp.wav"]);
  run(LAME, ["--quiet", "-b", "128", "chirp.wav", "lame-cbr.mp3"]);
  // 2 s of silence (LAME's smallest frames) before 10 s of sound: a length guessed from the first
  // frame's bitrate is far off
  run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "anullsrc=r=44100:cl=stereo:d=2", "-f", "lavfi", "-i", `${CHIRP}:s=44100:d=10`, "-filter_complex", "[0][1]concat=n=2:v=0:a=1", "vbr.wav"]);
  run(LAME, ["--quiet", "-V", "2", "-t", "vbr.wav", "vbr-no-xing.mp3"]);
  run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "sine=440:r=44100:d=20", "a.wav"]);
  run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "sine=880:r=22050:d=3", "b.wav"]);
  run(LAME, ["--quiet", "-b", "128", "a.wav", "a.mp3"]);
  run(LAME, ["--quiet", "-b", "64", "b.wav", "b.mp3"]);
  writeFileSync(files.at("mixed-rate.mp3"), Buffer.concat([readFileSync(files.at("a.mp3")), readFileSync(files.at("b.mp3"))]));
});

/** Native ffmpeg's decoding, 16-bit stereo at 44.1 kHz. */
function decode(file: string): Int16Array {
  const pcm = execFileSync("ffmpeg", ["-v", "error", "-i", file, "-f", "s16le", "-ac", "2", "-ar", "44100", "-"], { maxBuffer: 1 << 28 });
  return new Int16Array(pcm.buffer, pcm.byteOffset, pcm.byteLength / 2);
}

test.describe("MP3 fidelity", () => {
  test.skip(!HAVE_FFMPEG || !existsSync(LAME), "native ffmpeg and LAME make and check the files");

  test("an MP3 to MP3 copy decodes to the source's exact samples", async ({ page }) => {
    await gotoHydrated(page, "/tool/audio-converter");
    await chooseMedia(page, files.at("lame-cbr.mp3"));
    await mediaInfo(page);
    await setOptions(page, { format: "mp3" });
    const out = files.at("lame-cbr.out.mp3");
    const { resultLine } = await convertAndDownload(page, "MP3", out);
    expect(resultLine).toMatch(/copied/i);
    const source = decode(files.at("lame-cbr.mp3"));
    const copy = decode(out);
    expect(source.length).toBe(3 * 44100 * 2);
    expect(copy.length).toBe(source.length);
    let worst = 0;
    for (let i = 0; i < copy.length; i++) worst = Math.max(worst, Math.abs((copy[i] ?? 0) - (source[i] ?? 0)));
    expect(worst).toBeLessThanOrEqual(1);
  });

  test("a VBR MP3 without a Xing header shows its length and converts whole", async ({ page }) => {
    test.setTimeout(90_000);
    await gotoHydrated(page, "/tool/audio-converter");
    await chooseMedia(page, files.at("vbr-no-xing.mp3"));
    expect(await mediaInfo(page)).toContain("0:12");
    await setOptions(page, { format: "mp3" });
    const out = files.at("vbr-no-xing.out.mp3");
    await convertAndDownload(page, "MP3", out);
    const want = decodedSeconds(files.at("vbr-no-xing.mp3"));
    expect(Math.abs(want - 12)).toBeLessThan(0.1);
    expect(Math.abs(decodedSeconds(out) - want)).toBeLessThanOrEqual(0.1);
  });

  test("an MP3 whose sample rate changes partway converts to its whole length", async ({ page }) => {
    test.setTimeout(180_000);
    await gotoHydrated(page, "/tool/audio-converter");
    await chooseMedia(page, files.at("mixed-rate.mp3"));
    await mediaInfo(page, 120_000);
    await setOptions(page, { format: "mp3" });
    const out = files.at("mixed-rate.out.mp3");
    await convertAndDownload(page, "MP3", out, 150_000);
    const want = decodedSeconds(files.at("mixed-rate.mp3"));
    // 20 s at 44.1 kHz and 3 s at 22.05 kHz; mediabunny alone kept the first 20 s
    expect(Math.abs(want - 23)).toBeLessThan(0.1);
    expect(Math.abs(decodedSeconds(out) - want)).toBeLessThanOrEqual(0.1);
  });
});
