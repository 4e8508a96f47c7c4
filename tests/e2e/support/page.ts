import type { Page, Response } from "@playwright/test";

/**
 * Open a page and wait until React has hydrated it, and a tool page's lazily loaded tool too, so
 * typing and clicking reach the app.
 */
export async function gotoHydrated(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.waitForFunction(() => !document.querySelector("[data-tool-slot]:not([data-tool-ready])"));
  return response;
}

/**
 * With E2E_SCREENSHOTS=<folder>, full-page screenshots of the page as it is, on a 375 px phone and
 * a 1280 px desktop, named `<name>-<width>.png`, for looking at what a test built. Otherwise nothing.
 */
export async function saveScreenshots(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  // from the top, so the sticky header is drawn where it belongs
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${folder}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/**
 * Waits until the page has painted `frames` more frames. React commits a click's update and runs its
 * effects before the next frame or two, so a job a buggy queue would start after a cancel has begun
 * (its row says so, its worker exists) by then: "nothing happens" is checked after this, not after a
 * fixed sleep (decision 019).
 */
export async function paintedFrames(page: Page, frames = 10): Promise<void> {
  await page.evaluate(
    (count) =>
      new Promise<void>((resolve) => {
        let left = count;
        const next = () => (--left <= 0 ? resolve() : requestAnimationFrame(next));
        requestAnimationFrame(next);
      }),
    frames,
  );
}
