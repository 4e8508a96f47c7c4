import { adminContext } from "./support/admin.ts";
import { seriousViolations } from "./support/axe.ts";
import { gotoHydrated } from "./support/page.ts";
import { expect, test } from "./support/test.ts";

// Issue 31: axe-core finds nothing serious or critical on any admin screen (lists, editors, settings).

const SCREENS = [
  "/admin/dashboard",
  "/admin/tools",
  "/admin/tools/new",
  "/admin/blog",
  "/admin/blog/new",
  "/admin/categories",
  "/admin/media",
  "/admin/pages",
  "/admin/pages/new",
  "/admin/menu",
  "/admin/ads",
  "/admin/seo",
  "/admin/content",
  "/admin/redirects",
  "/admin/users",
  "/admin/settings",
  "/admin/password",
];

test("every admin screen, desktop and phone", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { context, page } = await adminContext(browser, baseURL!, `a11y-${Date.now().toString(36)}@example.com`);
  const found: string[] = [];
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of SCREENS) {
      await gotoHydrated(page, path);
      for (const violation of await seriousViolations(page)) found.push(`${path} at ${width} px: ${violation}`);
    }
  }
  expect(found).toEqual([]);
  await context.close();
});
