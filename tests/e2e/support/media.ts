// The media tool page as the e2e specs and the benchmark drive it (the page contract of issue 13):
// choose a file, set the labelled options, Convert, wait for the result, download. And the checks of
// a download against its source, through native ffmpeg/ffprobe (tests/support/media-checks.ts).
import { readFileSync } from "node:fs";
import { basename, extname } from "node:path";
import type { Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { audioStream, channel, decodePcm, dominantFrequency, ffprobeJson, rmsDb, videoPsnr, videoStream, type ProbeResult } from "#tests/support/media-checks.ts";
import { TONE } from "#tests/support/media-fixtures.ts";

const MIME: Record<string, string> = {
  ".wav": "audio/wav",
  ".mp3": "audio/mpeg",
  ".ogg": "audio/ogg",
  ".opus": "audio/ogg",
  ".flac": "audio/flac",
  ".m4a": "audio/mp4",
  ".m4b": "audio/mp4",
  ".oga": "audio/ogg",
  ".aac": "audio/aac",
  ".wma": "audio/x-ms-wma",
  ".webm": "video/webm",
  ".mp4": "video/mp4",
  ".mov": "video/quicktime",
  ".mkv": "video/x-matroska",
  ".avi": "video/x-msvideo",
  ".flv": "video/x-flv",
  ".mpg": "video/mpeg",
  ".mpeg": "video/mpeg",
};

/** The labelled options of the page; only those given are set. */
export interface MediaPageOptions {
  format?: string;
  bitrate?: string;
  sampleRate?: string;
  channels?: string;
  wavBitDepth?: string;
  resolution?: string;
  quality?: string;
  noAudio?: boolean;
  trimStart?: number;
  trimEnd?: number;
  /** where a large file's output goes: "opfs", "memory" or "handle" (offered only for large inputs) */
  sink?: string;
}

const SELECTS = { format: "Output format", bitrate: "Bitrate", sampleRate: "Sample rate", channels: "Channels", wavBitDepth: "WAV bit depth", resolution: "Resolution", quality: "Quality" } as const;

export const fileInput = (page: Page) => page.locator('[data-testid="file-drop-zone"] input[type="file"]');
/** The Convert button when idle ("Convert to MP3"); while busy it reads "Loading..." or "Converting to MP3...". */
export const convertButton = (page: Page) => page.getByRole("button", { name: /^Convert(?!ing)/ });

/** Chooses a file (under `name`, default its own) and waits for the info panel to show what was read. */
export async function chooseMedia(page: Page, file: string, name: string = basename(file)): Promise<void> {
  const mimeType = MIME[extname(name).toLowerCase()] ?? "application/octet-stream";
  await fileInput(page).setInputFiles({ name, mimeType, buffer: readFileSync(file) });
}

/** Waits until the info panel shows the probe's lines (Format, Duration...), and returns its text. */
export async function mediaInfo(page: Page, timeout = 30_000): Promise<string> {
  const info = page.getByTestId("media-info");
  await expect(info).toContainText("Duration", { timeout });
  return info.innerText();
}

/** Sets the options: the output format first, since it decides which other options are shown. */
export async function setOptions(page: Page, options: MediaPageOptions): Promise<void> {
  if (options.format) await page.getByLabel(SELECTS.format, { exact: true }).selectOption(options.format);
  for (const key of ["bitrate", "sampleRate", "channels", "wavBitDepth", "resolution", "quality"] as const) {
    const value = options[key];
    if (value !== undefined) await page.getByLabel(SELECTS[key], { exact: true }).selectOption(value);
  }
  if (options.noAudio !== undefined) await page.getByLabel("No audio", { exact: true }).setChecked(options.noAudio);
  if (options.trimStart !== undefined) await page.getByLabel("Trim start (s)", { exact: true }).fill(String(options.trimStart));
  if (options.trimEnd !== undefined) await page.getByLabel("Trim end (s)", { exact: true }).fill(String(options.trimEnd));
  if (options.sink !== undefined) await page.getByLabel("Where the output goes", { exact: true }).selectOption(options.sink);
}

/** Where the file-tool frame says how things went: the result, a failure, a refusal, a list's summary. */
const FRAME_MESSAGES = ["conversion-result", "conversion-failure", "file-refusal", "convert-refusal", "conversion-status", "batch-summary", "batch-row"]
  .map((id) => `[data-testid="${id}"]`)
  .join(", ");

/**
 * Waits until the page has read the chosen file: "refused" when it found it cannot be converted
 * (the file's line says why), else "read" (the info panel `infoTestId` shows what it read, or why not).
 */
export async function probeOutcome(page: Page, infoTestId: string, timeout = 30_000): Promise<"refused" | "read"> {
  const refusal = page.getByTestId("file-refusal");
  await expect(refusal.or(page.getByTestId(infoTestId).filter({ hasNotText: /Reading|Loading/ })).first()).toBeVisible({ timeout });
  return (await refusal.isVisible()) ? "refused" : "read";
}

/** The frame's own message with this title and description (issue 31: said once, in place; never a toast). */
export function shown(page: Page, title: string, description: string | RegExp) {
  return page.getByTestId("file-tool-frame").locator(FRAME_MESSAGES).filter({ hasText: title }).filter({ hasText: description }).first();
}

export interface Converted {
  /** the download's suggested name */
  name: string;
  /** where it was saved */
  path: string;
  /** the result line: "Copied (no re-encoding), by ..." or "Re-encoded with ..." */
  resultLine: string;
}

/**
 * Clicks Convert, waits for the success message ("{noun} converted to {LABEL}"), the result line and
 * a player, then downloads the output into `saveAs`.
 */
export async function convertAndDownload(page: Page, label: string, saveAs: string, timeout = 60_000): Promise<Converted> {
  await convertButton(page).click();
  const result = page.getByTestId("media-result");
  await expect(result).toBeVisible({ timeout });
  await expect(shown(page, "Conversion successful", new RegExp(`converted to ${label}`))).toBeVisible();
  await expect(result).toContainText(/copied|re-encoded/i);
  await expect(page.locator("audio[src], video[src]").first()).toBeAttached();
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download", exact: true }).click();
  const download = await downloading;
  await download.saveAs(saveAs);
  return { name: download.suggestedFilename(), path: saveAs, resultLine: await result.innerText() };
}


// ------------------------------------------------------------------ checks of an output

/** ffmpeg's duration tolerance: 50 ms, plus one frame of the codec (priming and padding). */
function durationTolerance(probe: ProbeResult): number {
  const audio = audioStream(probe);
  const video = videoStream(probe);
  const audioFrame = audio ? ({ mp3: 1152, aac: 1024, vorbis: 2048, opus: 960, wmav2: 2048, mp2: 1152 }[audio.codecName] ?? 0) / (audio.sampleRate ?? 44100) : 0;
  const videoFrame = video?.frameRate ? 1 / video.frameRate : 0;
  return 0.05 + Math.max(audioFrame, videoFrame);
}

export interface AudioExpectation {
  /** one of ffprobe's format names */
  format: string;
  codec: string;
  sampleRate?: number;
  channels?: number;
  /** bits per second, within 10 % */
  bitrate?: number;
  seconds: number;
  tags?: boolean;
  cover?: boolean;
  /** no video track at all (cover art aside) */
  audioOnly?: boolean;
}

/** ffprobe's reading of an output against what it should be; returns the probe. */
export function expectAudio(file: string, want: AudioExpectation): ProbeResult {
  const probe = ffprobeJson(file);
  const audio = audioStream(probe);
  expect(probe.format.formatName.split(","), "container").toContain(want.format);
  expect(audio?.codecName, "audio codec").toBe(want.codec);
  if (want.sampleRate) expect(audio?.sampleRate, "sample rate").toBe(want.sampleRate);
  if (want.channels) expect(audio?.channels, "channels").toBe(want.channels);
  if (want.bitrate) {
    const bitrate = audio?.bitRate ?? probe.format.bitRate ?? 0;
    expect(Math.abs(bitrate - want.bitrate) / want.bitrate, `bitrate ${bitrate} vs ${want.bitrate}`).toBeLessThanOrEqual(0.1);
  }
  expect(Math.abs((probe.format.durationSeconds ?? 0) - want.seconds), `duration ${probe.format.durationSeconds}`).toBeLessThanOrEqual(durationTolerance(probe));
  if (want.tags) {
    const tags = Object.assign({}, ...probe.streams.map((s) => s.tags), probe.format.tags) as Record<string, string>;
    expect(tags).toMatchObject({ title: "Fixture Tone", artist: "Test Artist", album: "Test Album" });
  }
  if (want.cover !== undefined) expect(probe.streams.some((s) => s.attachedPic), "cover art").toBe(want.cover);
  if (want.audioOnly) expect(videoStream(probe), "video track").toBeNull();
  return probe;
}

/**
 * The output's sound against the source's over the same stretch of the tone: 440 Hz left and
 * 660 Hz right within 2 Hz, loudness within 1 dB. A mono output holds both tones; engines downmix
 * as (L+R)/2 or (L+R)/√2, so its loudness may match either.
 */
export function expectTone(output: string, source: string, { channels = 2, sourceStart = 0 }: { channels?: number; sourceStart?: number } = {}): void {
  const rate = 48000;
  const window = { sampleRate: rate, seconds: 0.6 };
  const got = decodePcm(output, { ...window, channels, startSeconds: 0.2 });
  const want = decodePcm(source, { ...window, channels: 2, startSeconds: 0.2 + sourceStart });
  for (let c = 0; c < channels; c++) {
    const mine = channel(got, channels, c);
    const frequency = dominantFrequency(mine, rate);
    const expected = channels === 1 ? [TONE.left, TONE.right] : [c === 0 ? TONE.left : TONE.right];
    expect(Math.min(...expected.map((hz) => Math.abs(frequency - hz))), `channel ${c} peak at ${frequency} Hz`).toBeLessThan(2);
    const levels = channels === 1 ? [0.5, Math.SQRT1_2].map((gain) => rmsDb(downmix(want, gain))) : [rmsDb(channel(want, 2, c))];
    expect(Math.min(...levels.map((level) => Math.abs(rmsDb(mine) - level))), `channel ${c} loudness ${rmsDb(mine)} dB vs ${levels.join(" or ")}`).toBeLessThan(1);
  }
}

function downmix(stereo: Float32Array, gain: number): Float32Array {
  return Float32Array.from({ length: stereo.length >> 1 }, (_, i) => gain * (stereo[2 * i]! + stereo[2 * i + 1]!));
}

export interface VideoExpectation {
  format: string;
  video: string;
  /** null: no audio track */
  audio: string | null;
  width: number;
  height: number;
  seconds: number;
}

/** ffprobe's reading of a video output, then its pictures against the source's by PSNR (≥ 30 dB). */
export function expectVideo(file: string, source: string, want: VideoExpectation, sourceStart = 0): ProbeResult {
  const probe = ffprobeJson(file);
  const video = videoStream(probe);
  expect(probe.format.formatName.split(","), "container").toContain(want.format);
  expect(video?.codecName, "video codec").toBe(want.video);
  expect(audioStream(probe)?.codecName ?? null, "audio codec").toBe(want.audio);
  expect([video?.width, video?.height], "size").toEqual([want.width, want.height]);
  expect(Math.abs((probe.format.durationSeconds ?? 0) - want.seconds), `duration ${probe.format.durationSeconds}`).toBeLessThanOrEqual(durationTolerance(probe));
  // a trim may begin with the frame on screen at its start (from up to one frame before) or the
  // first frame after it: the best of the three alignments must match
  const frame = 1 / (videoStream(ffprobeJson(source))?.frameRate ?? 25);
  const starts = sourceStart > 0 ? [sourceStart - frame, sourceStart, sourceStart + frame].map((s) => Math.max(0, s)) : [0];
  const psnr = Math.max(...starts.map((start) => videoPsnr(file, source, { referenceStartSeconds: start })));
  expect(psnr, "PSNR against the source").toBeGreaterThanOrEqual(30);
  return probe;
}
