import { adminContext } from "./support/admin.ts";
import { violationsOnPages } from "./support/axe.ts";
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
  expect(await violationsOnPages(page, SCREENS)).toEqual([]);
  await context.close();
});
