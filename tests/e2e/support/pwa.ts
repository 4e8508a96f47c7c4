import { expect, type Page } from "./test.ts";

// The service worker as the offline e2e see it (issue 30, decision 049): who controls the page, and
// what the site's caches hold.

/** Waits until a service worker controls the page (the first install claims it when it activates). */
export async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Every URL in the site's caches (path and query). */
export function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        urls.push(url.pathname + url.search);
      }
    }
    return urls;
  });
}

/** Polls until the caches hold `path` (the worker stores a response after handing it over). */
export async function waitCached(page: Page, path: string): Promise<void> {
  await expect.poll(async () => (await cachedUrls(page)).includes(path), { message: `${path} cached`, timeout: 15_000 }).toBe(true);
}
