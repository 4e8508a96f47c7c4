import { expect, test } from "./support/test.ts";
import { adminContext } from "./support/admin.ts";
import { gotoHydrated } from "./support/page.ts";
import { ADMIN_NAV } from "#app/lib/admin-nav.ts";

test("Ctrl+B collapses the sidebar, and a reload keeps it (cookie read by the server)", async ({ browser, baseURL }) => {
  const { context, page } = await adminContext(browser, baseURL!, "layout-admin@example.com");
  await gotoHydrated(page, "/admin/dashboard");
  const sidebar = page.getByRole("complementary", { name: "Admin navigation" });
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  await expect(sidebar.getByRole("link", { name: "Posts" })).toBeVisible();
  await page.keyboard.press("Control+b");
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  expect((await context.cookies()).find((c) => c.name === "sidebar:state")?.value).toBe("false");

  // the server renders the collapsed state: check the HTML before any script runs
  const html = await (await page.request.get("/admin/dashboard")).text();
  expect(html).toContain('data-state="collapsed"');
  await page.reload();
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.keyboard.press("Control+b");
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  await context.close();
});

test("on a phone the sidebar is a sheet that navigates and closes", async ({ browser, baseURL }) => {
  const { context, page } = await adminContext(browser, baseURL!, "layout-phone@example.com");
  await page.setViewportSize({ width: 375, height: 740 });
  await gotoHydrated(page, "/admin/dashboard");
  await expect(page.getByRole("complementary", { name: "Admin navigation" })).toBeHidden();
  await page.getByRole("button", { name: "Open admin menu" }).click();
  const sheet = page.getByRole("dialog", { name: "Admin navigation" });
  await sheet.getByRole("link", { name: "Users" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(sheet).toBeHidden();
  await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();
  await context.close();
});

test("no admin screen is wider than a 375 px phone: wide tables scroll inside their box", async ({ browser, baseURL }) => {
  const { context, page } = await adminContext(browser, baseURL!, "layout-narrow@example.com");
  // a row in the redirects table: its screen-reader-only text once widened the page to 593 px
  await gotoHydrated(page, "/admin/redirects");
  await page.getByLabel("From (old address)").fill("/e2e-narrow-from");
  await page.getByLabel("To (new address)").fill("/e2e-narrow-to");
  await page.getByRole("button", { name: "Add Redirect" }).click();
  await expect(page.getByTestId("redirect-row").filter({ hasText: "/e2e-narrow-from" })).toHaveCount(1, { timeout: 15_000 });
  await page.setViewportSize({ width: 375, height: 740 });
  for (const item of ADMIN_NAV) {
    await gotoHydrated(page, `/admin/${item.path}`);
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect({ screen: item.label, ...widths }).toEqual({ screen: item.label, scroll: 375, client: 375 });
  }
  await context.close();
});
