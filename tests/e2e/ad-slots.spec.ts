import { DEFAULT_ADS_CONFIG } from "#app/lib/ads-config.ts";
import { adminContext } from "./support/admin.ts";
import { gotoHydrated } from "./support/page.ts";
import { getSetting, setSetting } from "./support/site-db.ts";
import { expect, test, type Page } from "./support/test.ts";

// Issue 29, finding 3: a fresh install's three enabled slots without code showed empty "Advertisement"
// boxes to every visitor, and a 728x90 slot was clipped on a phone. Now: nothing for visitors until
// a slot has code, a labelled outline for a signed-in admin, and no slot wider than the screen.

test.describe.configure({ mode: "serial" });

const PAGES = ["/", "/tool/dds-to-png", "/blog/tool-comparison"];
/** A banner-sized house ad: an image drawn 728 px wide by its attributes. */
const WIDE_AD = '<a href="/tools" id="wide-ad"><img src="/favicon.ico" width="728" height="90" alt="Our tools"></a>';

/** Horizontal overflow of the page: how far it scrolls sideways beyond the viewport. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

let original = "";
test.beforeAll(() => {
  original = getSetting("ads_config");
  setSetting("ads_config", JSON.stringify(DEFAULT_ADS_CONFIG));
});
test.afterAll(() => setSetting("ads_config", original));

test("a visitor sees no ad box while the enabled slots have no code", async ({ page, request }) => {
  for (const path of PAGES) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(await res.text(), path).not.toContain("data-ad-slot");
    await gotoHydrated(page, path);
    await expect(page.locator("[data-ad-slot]"), path).toHaveCount(0);
    await expect(page.getByText("Advertisement", { exact: true }), path).toHaveCount(0);
  }
});

test("a signed-in admin sees a labelled outline where each enabled slot would be, on a page no cache keeps", async ({ browser, baseURL }) => {
  const { context, page } = await adminContext(browser, baseURL!, "ads-outline-admin@example.com");
  try {
    const res = await gotoHydrated(page, "/");
    expect(res?.headers()["cache-control"]).toBe("private, no-store");
    const banner = page.locator('[data-ad-outline][data-ad-slot="headerBanner"]');
    await expect(banner).toBeVisible();
    await expect(banner).toHaveAccessibleName("Empty ad slot: Header Banner 728x90");
    await expect(banner.getByRole("link", { name: "Ad slot: Header Banner 728x90" })).toHaveAttribute("href", "/admin/ads");
    await gotoHydrated(page, "/tool/dds-to-png");
    await expect(page.locator('[data-ad-outline][data-ad-slot="inlineAd"]')).toBeVisible();
    // a disabled slot has no outline
    await expect(page.locator('[data-ad-slot="leftSidebar"]')).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("no slot overflows the screen: an admin's outlines, nor a visitor's 728 px banner", async ({ browser, baseURL, page }) => {
    const { context, page: adminPage } = await adminContext(browser, baseURL!, "ads-phone-admin@example.com");
    await adminPage.setViewportSize({ width: 375, height: 740 });
    try {
      for (const path of PAGES) {
        await gotoHydrated(adminPage, path);
        await expect(adminPage.locator("[data-ad-outline]").first(), path).toBeVisible();
        expect(await overflow(adminPage), path).toBe(0);
        for (const box of await adminPage.locator("[data-ad-slot]:visible").all()) expect((await box.boundingBox())!.width, path).toBeLessThanOrEqual(375);
      }
    } finally {
      await context.close();
    }

    setSetting("ads_config", JSON.stringify({ ...DEFAULT_ADS_CONFIG, headerBanner: { enabled: true, code: WIDE_AD }, inlineAd: { enabled: true, code: WIDE_AD } }));
    for (const path of PAGES) {
      await expect.poll(async () => (await page.request.get(path)).text(), { timeout: 5000 }).toContain("wide-ad");
      await gotoHydrated(page, path);
      const ad = page.locator("#wide-ad img").first();
      await expect(ad, path).toBeVisible();
      expect((await ad.boundingBox())!.width, path).toBeLessThanOrEqual(375);
      expect(await overflow(page), path).toBe(0);
    }
  });
});
