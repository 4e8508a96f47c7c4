import { expect, test } from "./support/test.ts";
import { adminContext } from "./support/admin.ts";
import { gotoHydrated } from "./support/page.ts";
import { deleteTools, insertTools } from "./support/site-db.ts";

// The admin tools list pages 50 at a time and keeps the chosen sort from page to page.

const PREFIX = "e2e-admin-paged";
test.beforeAll(() => insertTools(PREFIX, 60));
test.afterAll(() => deleteTools(PREFIX));

test("the tools list shows 50 rows a page and keeps the sort on Next and Previous", async ({ browser, baseURL }) => {
  const { context, page } = await adminContext(browser, baseURL!, "lists-admin@example.com");
  await gotoHydrated(page, "/admin/tools?sort=name");
  const rows = page.getByTestId("tool-row");
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText("Audio Converter");
  const pager = page.getByRole("navigation", { name: "Tool pages" });
  await expect(pager).toContainText(/Page 1 of \d+/);

  await pager.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/admin\/tools\?sort=name&page=2$/);
  await expect(page.getByLabel("Sort by", { exact: true })).toHaveValue("name");
  await expect(pager).toContainText(/Page 2 of \d+/);
  await expect(rows.first()).not.toContainText("Audio Converter");

  await pager.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(/\/admin\/tools\?sort=name$/);
  await expect(rows.first()).toContainText("Audio Converter");

  // changing the sort starts again at page 1
  await gotoHydrated(page, "/admin/tools?sort=name&page=2");
  await page.getByLabel("Sort by", { exact: true }).selectOption("rank");
  await expect(page).toHaveURL(/\/admin\/tools\?sort=rank$/);
  await expect(pager).toContainText(/Page 1 of \d+/);
  await context.close();
});
