import type { Page, Response } from "@playwright/test";

/** Open a page and wait until React has hydrated it, so typing and clicking reach the app. */
export async function gotoHydrated(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return response;
}
