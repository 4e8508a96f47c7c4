import { readFileSync } from "node:fs";
import { decodePng } from "#codecs/png/index.ts";
import { durationSeconds } from "#tests/support/media-checks.ts";
import { mediaFixture } from "#tests/support/media-fixtures.ts";
import { HAVE_FFMPEG } from "#tests/support/reference-tools.ts";
import { HAVE_IMAGEMAGICK, magick, magickRgba, psnrRgba, scratchDir } from "./support/image-fixtures.ts";
import { chooseMedia, convertAndDownload as convertMedia, expectAudio, expectTone } from "./support/media.ts";
import { gotoHydrated, saveScreenshots } from "./support/page.ts";
import { cachedUrls, controlled, waitCached } from "./support/pwa.ts";
import { expect, test, type Page } from "./support/test.ts";

// Installable and offline (issue 30, decision 049) in Chromium against the production build: the
// manifest and its icons, the service worker taking control, the DDS tool converting offline after
// one online visit, the offline page for a page that was never cached, a media tool converting
// offline after "Make available offline", and a new deployment replacing the caches behind a
// "new version" prompt. Offline is the browser context's (`context.setOffline`), which covers the
// service worker's own fetches: the offline-page test proves it (the worker's network fetch fails).

const files = scratchDir("e2e-pwa-");
test.afterAll(() => files.remove());

/** With E2E_SCREENSHOTS: what the viewport shows at 375 and 1280 px (a fixed banner sits at its bottom, not mid-page). */
async function saveViewport(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `${folder}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

const NEVER_CACHED = /^\/(admin|auth|api|uploads|healthz|__test|sw\.js)(\/|\.|$|\?)/i;

test.describe("installable and offline", () => {
  test("the manifest is valid, its icons and shortcuts answer, and the worker controls the page after a reload", async ({ page, request }) => {
    const answer = await request.get("/manifest.webmanifest");
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
    const manifest = (await answer.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
      shortcuts: { name: string; url: string }[];
      file_handlers: { action: string; accept: Record<string, string[]> }[];
      share_target: { action: string; method: string };
    };
    expect(manifest).toMatchObject({ name: "DDS to PNG Converter", start_url: "/", display: "standalone" });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    // Chromium's install criteria: a 192 px and a 512 px icon that load
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    for (const icon of manifest.icons) {
      const got = await request.get(icon.src);
      expect(got.status(), icon.src).toBe(200);
      expect(got.headers()["content-type"]).toBe(icon.type);
    }
    expect(manifest.shortcuts.length).toBeGreaterThan(0);
    // "Open with" for the formats the tools read, through the launch page; shared files too
    expect(manifest.file_handlers.flatMap((h) => Object.values(h.accept).flat())).toEqual(expect.arrayContaining([".dds", ".psd", ".mp3", ".epub", ".pdf"]));
    expect(manifest.share_target).toMatchObject({ action: "/share-target", method: "POST" });
    expect((await request.get(manifest.file_handlers[0]!.action)).status()).toBe(200);
    for (const shortcut of manifest.shortcuts) expect((await request.get(shortcut.url)).status(), shortcut.url).toBe(200);

    // the worker script: revalidated on every check, and no wider scope than its own
    const sw = await request.get("/sw.js");
    expect(sw.status()).toBe(200);
    expect(sw.headers()["cache-control"]).toBe("no-cache");
    expect(sw.headers()["service-worker-allowed"]).toBeUndefined();

    await gotoHydrated(page, "/");
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", manifest.theme_color);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
    // Chromium's own verdict on installing the site (what enables its install prompt); a test
    // context is incognito, where Chromium installs nothing whatever the site: that one is the browser's
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors.map((e) => e.errorId)).toEqual(["in-incognito"]);
  });

  test("DDS to PNG: used once online, it converts offline after a reload; nothing private is cached", async ({ page, context }) => {
    test.skip(!HAVE_IMAGEMAGICK, "ImageMagick makes the DDS fixture");
    magick("-size", "64x32", "-seed", "3", "plasma:fractal", "-define", "dds:compression=dxt1", files.at("stone.dds"));
    const dds = files.read("stone.dds");
    const reference = magickRgba(files.at("stone.dds"), 64, 32);
    const convert = async () => {
      await page.locator('[data-testid="file-drop-zone"] input[type="file"]').setInputFiles({ name: "stone.dds", mimeType: "application/octet-stream", buffer: Buffer.from(dds) });
      await page.getByRole("button", { name: "Convert", exact: true }).click();
      await expect(page.getByTestId("conversion-result")).toBeVisible({ timeout: 45_000 });
      const downloading = page.waitForEvent("download");
      await page.getByRole("link", { name: "Download", exact: true }).click();
      const png = decodePng(new Uint8Array(readFileSync(await (await downloading).path())));
      expect([png.width, png.height]).toEqual([64, 32]);
      expect(psnrRgba(png, reference)).toBeGreaterThanOrEqual(50);
    };

    await gotoHydrated(page, "/tool/dds-to-png");
    await controlled(page);
    await convert();
    await waitCached(page, "/tool/dds-to-png");

    await context.setOffline(true);
    // the page cannot reach the server now (a request the worker never answers)
    expect(await page.evaluate(() => fetch("/healthz").then(() => "reached", () => "offline"))).toBe("offline");
    await page.reload();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.waitForFunction(() => !document.querySelector("[data-tool-slot]:not([data-tool-ready])"));
    await convert();

    const cached = await cachedUrls(page);
    expect(cached.filter((url) => NEVER_CACHED.test(url))).toEqual([]);
    await context.setOffline(false);
  });

  test("a page never cached shows the offline page, which lists the tools available offline", async ({ page, context }) => {
    // one visit to a calculator makes it available offline (its page and chunks are all it needs)
    await gotoHydrated(page, "/tool/word-counter");
    await controlled(page);
    await waitCached(page, "/tool/word-counter");

    await context.setOffline(true);
    await page.goto("/page/about");
    await expect(page).toHaveURL(/\/offline\?from=%2Fpage%2Fabout$/);
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
    await expect(page.getByText("/page/about")).toBeVisible();
    const list = page.getByTestId("offline-tools");
    await expect(list.getByRole("link")).toHaveCount(1);
    await expect(list.getByRole("link")).toContainText("Word Counter");
    await saveScreenshots(page, "pwa-offline-page");
    // the launch page of "Open with" is precached: a file opened from the desktop offline reaches it
    await page.goto("/open");
    await expect(page).toHaveURL(/\/open$/);
    await expect(page.getByRole("heading", { level: 1, name: "Open a File" })).toBeVisible();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.goBack();

    // and the listed tool opens and works offline
    await list.getByRole("link", { name: /Word Counter/ }).click();
    await expect(page).toHaveURL(/\/tool\/word-counter$/);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByLabel("Input Text").fill("one two three");
    await expect(page.getByTestId("stat-words")).toHaveText("3");
    await context.setOffline(false);
  });

  test("MP3 converter: after Make available offline it converts offline", async ({ page, context }) => {
    test.skip(!HAVE_FFMPEG, "native ffmpeg makes and checks the media files");
    test.setTimeout(120_000);
    await gotoHydrated(page, "/tool/mp3-converter");
    await controlled(page);
    const offline = page.getByTestId("make-offline");
    await expect(offline).toHaveAttribute("data-state", "ready");
    const button = offline.getByRole("button", { name: /Make available offline \(\d+(\.\d+)? MB\)/ });
    await expect(button).toBeVisible();
    await saveScreenshots(page, "pwa-make-offline-ready");
    await button.click();
    // the progress bar while the 33 MB download runs (a look only: a fast disk may finish first)
    if ((await offline.getAttribute("data-state")) === "downloading") await offline.screenshot({ path: `${process.env.E2E_SCREENSHOTS ?? files.dir}/pwa-make-offline-progress.png` });
    await expect(offline).toHaveAttribute("data-state", "available", { timeout: 60_000 });
    await expect(offline).toContainText("Available offline");
    await saveScreenshots(page, "pwa-make-offline-done");
    const cached = await cachedUrls(page);
    expect(cached.some((url) => /^\/assets\/ffmpeg-core-[\w-]+\.wasm$/.test(url))).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.waitForFunction(() => !document.querySelector("[data-tool-slot]:not([data-tool-ready])"));
    await expect(offline).toHaveAttribute("data-state", "available");
    const source = mediaFixture("ogg");
    await chooseMedia(page, source);
    const out = await convertMedia(page, "MP3", files.at("offline.mp3"));
    expectAudio(out.path, { format: "mp3", codec: "mp3", channels: 2, seconds: durationSeconds(source) });
    expectTone(out.path, source);
    await context.setOffline(false);
  });

  test("a new deployment replaces the old caches and offers to reload", async ({ page, request, baseURL }) => {
    await gotoHydrated(page, "/tool/word-counter");
    await controlled(page);
    await waitCached(page, "/tool/word-counter");
    const before = await page.evaluate(() => caches.keys());
    const oldPages = before.find((name) => name.startsWith("tools-site-pages-"));
    expect(oldPages).toBeDefined();
    const oldOffline = (await cachedUrls(page)).find((url) => url.startsWith("/offline?"));
    expect(oldOffline).toBeDefined();

    const deployed = await request.post("/__test/deployment", { headers: { origin: baseURL ?? "" } });
    expect(deployed.status()).toBe(200);
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    const banner = page.getByTestId("update-banner");
    await expect(banner).toContainText("A new version is available");
    // until the visitor accepts, the page runs on the build it loaded with, caches untouched
    expect(await page.evaluate(() => caches.keys())).toEqual(expect.arrayContaining(before));
    await saveViewport(page, "pwa-update-banner");

    await Promise.all([page.waitForEvent("load"), banner.getByRole("button", { name: "Reload" }).click()]);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect.poll(() => page.evaluate(() => caches.keys()), { timeout: 15_000 }).not.toContain(oldPages);
    const after = await cachedUrls(page);
    expect(after).not.toContain(oldOffline);
    expect(after.some((url) => url.startsWith("/offline?"))).toBe(true);
    // the tool page a visitor had is carried into the new build's cache
    await waitCached(page, "/tool/word-counter");
    await expect(page.getByTestId("update-banner")).toHaveCount(0);
  });

  test("a file shared from another app goes through the service worker to its tool, never to the server", async ({ page }) => {
    const dds = [...readFileSync("tests/corpus/dds/hopper.dds")];
    await gotoHydrated(page, "/open");
    await controlled(page);
    // what the operating system does for a share: a form POST navigation to the share target
    await page.evaluate((bytes) => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = "/share-target";
      form.enctype = "multipart/form-data";
      const input = document.createElement("input");
      input.type = "file";
      input.name = "files";
      const chosen = new DataTransfer();
      chosen.items.add(new File([new Uint8Array(bytes)], "shared hopper.dds", { type: "application/octet-stream" }));
      input.files = chosen.files;
      form.append(input);
      document.body.append(form);
      form.submit();
    }, dds);
    // the server's answer would be /open?shared=unavailable: the worker kept the file and /open routed it
    await expect(page).toHaveURL(/\/tool\/dds-to-png$/, { timeout: 15_000 });
    await expect(page.getByTestId("selected-file")).toContainText("shared hopper.dds");
    await expect(page.getByTestId("dds-info")).toContainText("128 × 128");
  });
});
