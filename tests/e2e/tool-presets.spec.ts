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
