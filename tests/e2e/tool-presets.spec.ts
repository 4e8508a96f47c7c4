import { readFileSync } from "node:fs";
import { expect, test, type Page } from "./support/test.ts";
import { gotoHydrated, saveScreenshots } from "./support/page.ts";
import { makePng } from "./support/png.ts";

// Issue 30, presets as links: a tool's options in its URL fill the controls and drive the
// conversion; invalid parameters are ignored with a note; "Copy link" gives the same settings back;
// presets saved on the device survive a reload.

const DDS = "/tool/png-to-dds-converter";
const fileInput = (page: Page) => page.locator('[data-testid="file-drop-zone"] input[type="file"]');
const presetSelect = (page: Page) => page.getByTestId("preset-select");
const selectedPreset = (page: Page) => presetSelect(page).evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? "");

async function convertAndDownload(page: Page): Promise<Uint8Array> {
  await page.getByRole("button", { name: "Convert", exact: true }).click();
  await expect(page.getByTestId("conversion-result")).toBeVisible({ timeout: 45_000 });
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download", exact: true }).click();
  return new Uint8Array(readFileSync(await (await download).path()));
}

async function expectDdsControls(page: Page, format: RegExp, quality: string, mips: boolean) {
  await expect(page.getByRole("radio", { name: format })).toBeChecked();
  await expect(page.getByLabel("Compression quality")).toHaveValue(quality);
  if (mips) await expect(page.getByLabel("Generate mipmaps")).toBeChecked();
  else await expect(page.getByLabel("Generate mipmaps")).not.toBeChecked();
}

const fourCc = (dds: Uint8Array) => new TextDecoder().decode(dds.subarray(84, 88));
const mipCount = (dds: Uint8Array) => new DataView(dds.buffer, dds.byteOffset).getUint32(28, true);

test.describe("PNG to DDS presets", () => {
  test("a preset link fills the options and the conversion uses them", async ({ page }) => {
    const response = await gotoHydrated(page, `${DDS}?format=bc7&quality=best&mips=1`);
    expect(response?.status()).toBe(200);
    // the canonical link stays parameter-free
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/tool\/png-to-dds-converter$/);
    await expectDdsControls(page, /BC7/, "best", true);
    expect(await selectedPreset(page)).toBe("Game texture, BC7 with mips");
    expect(new URL(page.url()).search).toBe("?format=bc7&quality=best&mips=1");
    await fileInput(page).setInputFiles({ name: "tile.png", mimeType: "image/png", buffer: makePng(16, 16) });
    const dds = await convertAndDownload(page);
    expect(fourCc(dds)).toBe("DX10");
    expect([98, 99]).toContain(new DataView(dds.buffer, dds.byteOffset).getUint32(128, true)); // DXGI BC7
    expect(mipCount(dds)).toBe(5);

    // the same file with another link: BC1, no mips
    await gotoHydrated(page, `${DDS}?format=bc1`);
    await expectDdsControls(page, /BC1/, "balanced", false);
    await fileInput(page).setInputFiles({ name: "tile.png", mimeType: "image/png", buffer: makePng(16, 16) });
    const bc1 = await convertAndDownload(page);
    expect(fourCc(bc1)).toBe("DXT1");
    expect(mipCount(bc1)).toBeLessThanOrEqual(1);
  });

  test("unknown and invalid parameters are ignored with a visible note, never an error page", async ({ page }) => {
    const response = await gotoHydrated(page, `${DDS}?quality=ultra&format=bc1&colour=red&mips=maybe`);
    expect(response?.status()).toBe(200);
    const notes = page.getByTestId("ignored-params");
    await expect(notes.getByRole("listitem")).toHaveText([
      "Ignored ?quality=ultra: not one of fast, balanced, best",
      "Ignored ?colour=red: not a setting of this tool",
      "Ignored ?mips=maybe: not 1 or 0",
    ]);
    await expectDdsControls(page, /BC1/, "balanced", false);
    // the address now says what was applied
    await expect.poll(() => new URL(page.url()).search).toBe("?format=bc1");
    await saveScreenshots(page, "presets-ignored-note");
  });

  test('"Copy link to these settings" round-trips', async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await gotoHydrated(page, DDS);
    await page.getByRole("radio", { name: /BC3/ }).check();
    await page.getByLabel("Compression quality").selectOption("fast");
    await page.getByLabel("Generate mipmaps").check();
    await expect.poll(() => new URL(page.url()).search).toBe("?format=bc3&quality=fast&mips=1");
    await page.getByRole("button", { name: "Copy link to these settings" }).click();
    await expect(page.getByTestId("copy-settings-link")).toHaveText("Copied");
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${baseURL}${DDS}?format=bc3&quality=fast&mips=1`);
    // changing a setting takes "Copied" back
    await page.getByLabel("Generate mipmaps").uncheck();
    await expect(page.getByTestId("copy-settings-link")).toHaveText("Copy link to these settings");

    const other = await context.newPage();
    await gotoHydrated(other, link);
    await expectDdsControls(other, /BC3/, "fast", true);
  });

  test("a saved preset survives a reload, applies, and can be deleted; corrupt storage is ignored", async ({ page }) => {
    await gotoHydrated(page, DDS);
    await page.getByRole("radio", { name: /BC1/ }).check();
    await page.getByLabel("Compression quality").selectOption("best");
    await page.getByLabel("Save these settings as").fill("My sprites");
    await page.getByRole("button", { name: "Save preset" }).click();
    await expect(page.getByRole("status").filter({ hasText: 'Saved "My sprites" on this device.' })).toBeVisible();
    expect(await selectedPreset(page)).toBe("My sprites");

    await gotoHydrated(page, DDS);
    await expectDdsControls(page, /Uncompressed RGBA/, "balanced", false);
    await presetSelect(page).selectOption({ label: "My sprites" });
    await expectDdsControls(page, /BC1/, "best", false);
    await expect.poll(() => new URL(page.url()).search).toBe("?format=bc1&quality=best");
    await presetSelect(page).selectOption({ label: "Game texture, BC7 with mips" });
    await expectDdsControls(page, /BC7/, "best", true);
    await saveScreenshots(page, "presets-bar");

    await presetSelect(page).selectOption({ label: "My sprites" });
    await page.getByRole("button", { name: "Delete the preset My sprites" }).click();
    await expect(presetSelect(page).locator("option", { hasText: "My sprites" })).toHaveCount(0);
    await page.reload();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(presetSelect(page).locator("option", { hasText: "My sprites" })).toHaveCount(0);

    // storage another version of the site wrote, or broken: the page works, the built-ins remain
    await page.evaluate(() => localStorage.setItem("tools-site:presets:v1", "{broken"));
    await gotoHydrated(page, DDS);
    await expect(presetSelect(page).locator("option", { hasText: "Game texture" })).toHaveCount(1);
  });
});

/** A WAV of `seconds` of a 440 Hz tone, 44.1 kHz 16-bit stereo, made here. */
function toneWav(seconds = 2): Buffer {
  const rate = 44_100;
  const frames = rate * seconds;
  const wav = Buffer.alloc(44 + frames * 4);
  wav.write("RIFF", 0, "ascii");
  wav.writeUInt32LE(36 + frames * 4, 4);
  wav.write("WAVEfmt ", 8, "ascii");
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(2, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 4, 28);
  wav.writeUInt16LE(4, 32);
  wav.writeUInt16LE(16, 34);
  wav.write("data", 36, "ascii");
  wav.writeUInt32LE(frames * 4, 40);
  for (let i = 0; i < frames; i++) {
    const sample = Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 12_000);
    wav.writeInt16LE(sample, 44 + i * 4);
    wav.writeInt16LE(sample, 46 + i * 4);
  }
  return wav;
}

const MPEG1_L3_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG1_RATES = [44_100, 48_000, 32_000];

/** Every MPEG-1 Layer III frame header of an MP3 (after its ID3v2 tag): bitrate and mono or not. */
function mp3Frames(bytes: Uint8Array): { kbps: number; mono: boolean }[] {
  let at = 0;
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) at = 10 + ((bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!);
  const frames: { kbps: number; mono: boolean }[] = [];
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff || (bytes[at + 1]! & 0xfe) !== 0xfa) break; // MPEG-1, Layer III
    const kbps = MPEG1_L3_KBPS[bytes[at + 2]! >> 4]!;
    const rate = MPEG1_RATES[(bytes[at + 2]! >> 2) & 3]!;
    const padding = (bytes[at + 2]! >> 1) & 1;
    frames.push({ kbps, mono: bytes[at + 3]! >> 6 === 3 });
    at += Math.floor((144_000 * kbps) / rate) + padding;
  }
  return frames;
}

test.describe("presets of the other tools", () => {
  test("the podcast MP3 preset link: 64 kbps mono controls, and the MP3 is 64 kbps mono", async ({ page }) => {
    test.setTimeout(120_000);
    await gotoHydrated(page, "/tool/mp3-converter?bitrate=64&channels=1");
    await expect(page.getByLabel("Bitrate")).toHaveValue("64");
    await expect(page.getByLabel("Channels")).toHaveValue("1");
    expect(await selectedPreset(page)).toBe("Podcast MP3 64 kbps mono");
    await fileInput(page).setInputFiles({ name: "tone.wav", mimeType: "audio/wav", buffer: toneWav() });
    await expect(page.getByTestId("media-info")).toContainText(/WAV/i, { timeout: 30_000 });
    await page.getByRole("button", { name: /^Convert to MP3/ }).click();
    await expect(page.getByTestId("media-result")).toBeVisible({ timeout: 90_000 });
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download", exact: true }).click();
    const frames = mp3Frames(new Uint8Array(readFileSync(await (await download).path())));
    expect(frames.length).toBeGreaterThan(50);
    // the first frame may be the encoder's Info frame; every audio frame is 64 kbps mono
    expect(frames.slice(1).every((f) => f.kbps === 64 && f.mono)).toBe(true);
    // an option this audio tool does not have is ignored with a note
    await gotoHydrated(page, "/tool/mp3-converter?resolution=720&bitrate=999");
    await expect(page.getByTestId("ignored-params").getByRole("listitem")).toHaveText([
      "Ignored ?resolution=720: not a setting of this tool",
      /^Ignored \?bitrate=999: not one of auto, 64, 96, .*, vbr-9$/,
    ]);
  });

  test("the ebook, PDF and data converters read their links", async ({ page }) => {
    await gotoHydrated(page, "/tool/epub-converter?target=azw3&kindleSize=oasis");
    await expect(page.getByTestId("ebook-target")).toHaveValue("azw3");
    await expect(page.getByTestId("ebook-kindle-size")).toHaveValue("oasis");
    expect(await selectedPreset(page)).toBe("Kindle Oasis or Scribe");

    await gotoHydrated(page, "/tool/pdf-converter?target=jpg&dpi=300&jpegQuality=95");
    await expect(page.getByTestId("document-target")).toHaveValue("jpg");
    await expect(page.getByLabel("Resolution")).toHaveValue("300");
    await expect(page.getByLabel("JPEG quality")).toHaveValue("95");
    expect(await selectedPreset(page)).toBe("Print-quality JPG (300 DPI, quality 95)");

    await gotoHydrated(page, "/tool/xml-converter?to=csv&delimiter=semicolon&quote=all");
    await expect(page.getByTestId("data-target")).toHaveValue("csv");
    await expect(page.getByTestId("data-delimiter")).toHaveValue(";");
    await expect(page.getByTestId("data-quote")).toHaveValue("all");
    // a CSV file read with the link's delimiter converts to the link's quoted CSV
    await fileInput(page).setInputFiles({ name: "rows.txt", mimeType: "text/plain", buffer: Buffer.from("name;size\nmoon;3474\n") });
    await expect(page.getByTestId("data-info")).toContainText("semicolon");
    await page.getByRole("button", { name: "Convert to CSV" }).click();
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download", exact: true }).click();
    expect(readFileSync(await (await download).path(), "utf8").replace(/\r\n/g, "\n").trim()).toBe('"name";"size"\n"moon";"3474"');
  });

  test("an ICO sizes link ticks those sizes and the icon holds exactly them", async ({ page }) => {
    await gotoHydrated(page, "/tool/jpg-to-ico?sizes=256,16");
    const sizes = page.getByTestId("ico-sizes");
    for (const size of [16, 256]) await expect(sizes.getByRole("checkbox", { name: String(size), exact: true })).toBeChecked();
    for (const size of [24, 32, 48, 64, 128]) await expect(sizes.getByRole("checkbox", { name: String(size), exact: true })).not.toBeChecked();
    await expect.poll(() => new URL(page.url()).search).toBe("?sizes=16%2C256");
    await fileInput(page).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: makePng(64, 64) });
    const ico = await convertAndDownload(page);
    const view = new DataView(ico.buffer, ico.byteOffset);
    expect(view.getUint16(4, true)).toBe(2);
    // ICONDIRENTRY widths: 0 means 256
    expect([ico[6], ico[22]].toSorted()).toEqual([0, 16]);
  });
});
