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
