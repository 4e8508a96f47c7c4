import { expect, test } from "./support/test.ts";
import { gotoHydrated, saveScreenshots } from "./support/page.ts";

test("/licenses names the site's licence and each engine's licence and source, in the server HTML", async ({ page, request }) => {
  const response = await request.get("/licenses");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain("GPL-3.0-or-later");
  expect(html).toContain('<link rel="canonical"');

  await page.goto("/licenses");
  await expect(page.getByRole("heading", { level: 1, name: "Licences" })).toBeVisible();

  const ffmpeg = page.locator('li[data-package="@ffmpeg/core"]');
  await expect(ffmpeg.getByRole("heading", { name: "@ffmpeg/core 0.12.10" })).toBeVisible();
  await expect(ffmpeg.locator("[data-licence]")).toHaveText("GPL-2.0-or-later");
  await expect(ffmpeg.getByRole("link", { name: "github.com/ffmpegwasm/ffmpeg.wasm", exact: true })).toHaveAttribute(
    "href",
    "https://github.com/ffmpegwasm/ffmpeg.wasm",
  );
  // the GPL build's exact source, and the GPL libraries compiled into it
  await expect(ffmpeg.locator("[data-exact-source]")).toHaveAttribute("href", /ffmpeg\.wasm\/tree\/71aa99d37c02a7b4c435275ca9ef50e612f6efa1$/);
  await ffmpeg.getByText(/^Compiled in/).click();
  await expect(ffmpeg.getByRole("link", { name: "github.com/FFmpeg/FFmpeg/tree/n5.1.4" })).toBeVisible();
  await expect(ffmpeg.getByRole("listitem").filter({ hasText: "x264" })).toContainText("GPL-2.0-or-later");

  const mediabunny = page.locator('li[data-package="mediabunny"]');
  await expect(mediabunny.locator("[data-licence]")).toHaveText("MPL-2.0");
  await expect(mediabunny.getByRole("link")).toHaveAttribute("href", "https://github.com/Vanilagy/mediabunny");
  await saveScreenshots(page, "licenses");
  // on a 375 px phone nothing scrolls sideways, long source URLs included
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("the footer's Licences link reaches the page", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Licences" }).click();
  await expect(page).toHaveURL(/\/licenses$/);
  await expect(page.getByRole("heading", { level: 1, name: "Licences" })).toBeVisible();
  await expect(page.locator('li[data-package="@ffmpeg/core"] [data-licence]')).toHaveText("GPL-2.0-or-later");
  await expect(page).toHaveTitle(/^Licences \| /);
});
