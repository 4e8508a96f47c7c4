import { expect, test } from "./support/test.ts";
import { adminContext } from "./support/admin.ts";
import { gotoHydrated } from "./support/page.ts";

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
