// Cross-origin isolation of the media tool pages (issue 33, decision 060): those documents get COEP
// credentialless (SharedArrayBuffer, threads sharing memory), the others stay as they were; a link
// across the boundary loads a new document; and with AdSense switched on, ad frames (Google's,
// stubbed here, and an admin's own iframe) still load in an isolated page, credentialless there and
// with their cookies elsewhere, without a COEP error.
import { readdirSync } from "node:fs";
import { DEFAULT_ADS_CONFIG } from "#app/lib/ads-config.ts";
import { gotoHydrated } from "./support/page.ts";
import { getSetting, setSetting } from "./support/site-db.ts";
import { expect, test, type Page } from "./support/test.ts";

test.describe.configure({ mode: "serial" });

const ISOLATED = "/tool/video-converter";
const AD_FRAME = "https://googleads.g.doubleclick.net/pagead/stub-frame";
const SLOT_FRAME = "https://googleads.g.doubleclick.net/pagead/slot-frame";

/** Whether this document is cross-origin isolated, and the URL it was loaded from. */
const documentState = (page: Page) =>
  page.evaluate(() => ({ isolated: self.crossOriginIsolated, shared: typeof SharedArrayBuffer === "function", loadedFrom: new URL(performance.getEntriesByType("navigation")[0]!.name).pathname }));

test("media tool pages are cross-origin isolated, workers included; other pages are not", async ({ page, request }) => {
  const tool = await request.get(ISOLATED);
  expect(tool.headers()["cross-origin-embedder-policy"]).toBe("credentialless");
  expect(tool.headers()["cross-origin-opener-policy"]).toBe("same-origin");
  for (const path of ["/", "/tool/dds-to-png", "/blog"]) expect((await request.get(path)).headers()["cross-origin-embedder-policy"], path).toBeUndefined();

  await gotoHydrated(page, ISOLATED);
  expect(await documentState(page)).toEqual({ isolated: true, shared: true, loadedFrom: ISOLATED });
  // the engines' workers: an isolated page refuses to start one whose script lacks COEP, and one
  // that has it is isolated too (decision 060); a blob worker inherits the page's
  const media = readdirSync("build/client/assets").find((name) => /^ffmpeg\.worker-[\w-]+\.js$/.test(name));
  expect(media, "the ffmpeg engine's worker script in the build").toBeDefined();
  for (const encoding of ["br", "identity"]) {
    const script = await request.get(`/assets/${media}`, { headers: { "accept-encoding": encoding } });
    expect(script.headers()["cross-origin-embedder-policy"], encoding).toBe("credentialless");
  }
  const inWorker = await page.evaluate(async () => {
    const source = `self.postMessage(self.crossOriginIsolated && typeof SharedArrayBuffer === "function")`;
    const worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })));
    const isolated = await new Promise<boolean>((resolve) => worker.addEventListener("message", (event) => resolve(event.data as boolean), { once: true }));
    worker.terminate();
    return isolated;
  });
  expect(inWorker).toBe(true);

  await gotoHydrated(page, "/tools");
  expect((await documentState(page)).isolated).toBe(false);
});

test("a link into an isolated page loads a new document, links on either side stay client-side", async ({ page }) => {
  await gotoHydrated(page, "/tools");
  // into: the browser's own navigation, so the page is isolated
  await page.locator(`a[href="${ISOLATED}"]`).first().click();
  await expect(page).toHaveURL(ISOLATED);
  await expect.poll(async () => (await documentState(page)).loadedFrom).toBe(ISOLATED);
  expect((await documentState(page)).isolated).toBe(true);
  // out of it: a new document again, not isolated
  await page.locator('header a[href="/blog"]').first().click();
  await expect(page).toHaveURL("/blog");
  await expect.poll(async () => (await documentState(page)).loadedFrom).toBe("/blog");
  expect((await documentState(page)).isolated).toBe(false);
  // between two pages that are not isolated: React Router's client-side navigation (same document)
  await page.locator('header a[href="/tools"]').first().click();
  await expect(page).toHaveURL("/tools");
  expect((await documentState(page)).loadedFrom).toBe("/blog");
});

/** Google's loader and frames, stubbed: the loader makes a frame in the slot's <ins> as AdSense does; the frames send no COEP or CORP. */
async function stubGoogle(page: Page): Promise<void> {
  await page.route("https://pagead2.googlesyndication.com/**", (route) =>
    route.fulfill({
      contentType: "text/javascript",
      // the page loads it with crossorigin="anonymous", as Google asks: a CORS answer, as Google's is
      headers: { "access-control-allow-origin": "*" },
      // fills the slot's <ins class="adsbygoogle"> with a frame, made with createElement as Google's is
      body: `for (const ins of document.querySelectorAll("ins.adsbygoogle")) { const f = document.createElement("iframe"); f.src = ${JSON.stringify(AD_FRAME)}; f.title = "Google ad"; ins.append(f); }`,
    }),
  );
  await page.route("https://googleads.g.doubleclick.net/**", (route) => route.fulfill({ contentType: "text/html", body: "<p id=ad>stub ad</p>" }));
}

test.describe("with AdSense switched on", () => {
  let original = "";
  test.beforeAll(() => {
    original = getSetting("ads_config");
    setSetting(
      "ads_config",
      JSON.stringify({
        ...DEFAULT_ADS_CONFIG,
        inlineAd: { enabled: true, code: `<ins class="adsbygoogle" data-ad-client="ca-pub-1234567890"></ins><iframe src="${SLOT_FRAME}" width="300" height="50" title="Admin's ad"></iframe>` },
        googleAdsense: { enabled: true, publisherId: "ca-pub-1234567890" },
      }),
    );
  });
  test.afterAll(() => setSetting("ads_config", original));

  for (const path of [ISOLATED, "/tool/dds-to-png"]) {
    test(`Google's frame and the admin's frame load on ${path}, without a COEP error`, async ({ page }) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" || /embedder|COEP|blocked/i.test(message.text())) errors.push(message.text());
      });
      await stubGoogle(page);
      await gotoHydrated(page, path);
      const isolated = path === ISOLATED;
      expect((await documentState(page)).isolated).toBe(isolated);
      for (const url of [AD_FRAME, SLOT_FRAME]) {
        await expect.poll(() => page.frames().some((frame) => frame.url() === url), { message: `frame ${url}` }).toBe(true);
        const frame = page.frames().find((f) => f.url() === url)!;
        await expect(frame.locator("#ad")).toHaveText("stub ad");
        // credentialless only where the document is isolated: elsewhere ads keep their cookies
        expect(await page.locator(`iframe[src="${url}"]`).evaluate((el) => (el as HTMLIFrameElement & { credentialless: boolean }).credentialless)).toBe(isolated);
      }
      expect(errors).toEqual([]);
    });
  }
});
