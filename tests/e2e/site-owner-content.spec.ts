import { expect, test } from "./support/test.ts";
import { adminContext } from "./support/admin.ts";
import { gotoHydrated, saveScreenshots } from "./support/page.ts";
import { cleanUp } from "./support/site-db.ts";
import { readRss, xmllintRssErrors } from "../support/feeds/validate-feed.ts";

// Issue 29 as a site owner: the blog has a feed readers can find and that validates, /admin/posts
// answers, menu items are edited in place and picked from the site's pages, posts, tools and
// categories, and the tools manager says where the rank order applies.

const EMAIL = "site-owner-content-e2e@example.com";
const RUN = Date.now().toString(36);

test("every public page points feed readers to /rss.xml, which validates as RSS 2.0", async ({ page, request }) => {
  await page.goto("/");
  await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("href", "/rss.xml");
  await page.goto("/blog/category/tutorials");
  await expect(page.locator('head link[rel="alternate"][href="/blog/category/tutorials/rss.xml"]')).toHaveCount(1);
  for (const url of ["/rss.xml", "/blog/category/tutorials/rss.xml"]) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
    const xml = await res.text();
    expect(xmllintRssErrors(xml), url).toEqual([]);
    expect(readRss(xml).items.length, url).toBeGreaterThan(0);
  }
});

test("/admin/posts, the sidebar's 'Posts', opens the posts list with the feed setting", async ({ browser, baseURL }) => {
  const { page, context } = await adminContext(browser, baseURL!, EMAIL);
  await gotoHydrated(page, "/admin/posts");
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByRole("heading", { name: "RSS feed" })).toBeVisible();
  await expect(page.getByLabel("Feed items show")).toHaveValue("excerpt");
  await saveScreenshots(page, "admin-posts-feed");
  await context.close();
});

test("menu: an item picked from the site's tools is added, then its label and target are edited", async ({ browser, baseURL, request }) => {
  const label = `E2E Pick ${RUN}`;
  const renamed = `E2E Edited ${RUN}`;
  const { page, context } = await adminContext(browser, baseURL!, EMAIL);
  try {
    await gotoHydrated(page, "/admin/menu");
    const panel = page.getByRole("tabpanel", { name: "Header Menu" });
    await expect(panel.getByText("Author URL")).toHaveCount(0);
    const picker = panel.getByLabel("Link to a page, post, tool or category");
    await picker.selectOption("/tool/dds-to-png");
    await expect(panel.getByLabel("URL", { exact: true })).toHaveValue("/tool/dds-to-png");
    await expect(panel.getByLabel("Label", { exact: true })).toHaveValue("DDS to PNG Converter");
    await panel.getByLabel("Label", { exact: true }).fill(label);
    await panel.getByRole("button", { name: "Add Item" }).click();
    await expect(page.getByText("Menu item added successfully").first()).toBeVisible({ timeout: 15_000 });
    const item = panel.getByTestId("menu-item").filter({ hasText: label });
    await expect(item).toContainText("/tool/dds-to-png");

    await item.getByRole("button", { name: `Edit ${label}` }).click();
    const form = item.getByRole("form", { name: `Edit ${label}` });
    await expect(form.getByLabel("Label", { exact: true })).toHaveValue(label);
    await form.getByLabel("Label", { exact: true }).fill(renamed);
    await form.getByLabel("Link to a page, post, tool or category").selectOption("/blog/category/news");
    await expect(form.getByLabel("URL", { exact: true })).toHaveValue("/blog/category/news");
    await saveScreenshots(page, "admin-menu-edit");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Menu item updated successfully").first()).toBeVisible({ timeout: 15_000 });
    const edited = panel.getByTestId("menu-item").filter({ hasText: renamed });
    await expect(edited).toContainText("/blog/category/news");
    await expect(panel.getByRole("form", { name: `Edit ${label}` })).toHaveCount(0);

    await expect
      .poll(async () => (await (await request.get("/blog")).text()).includes(`>${renamed}<`), { timeout: 10_000 })
      .toBe(true);
  } finally {
    cleanUp("delete from menus where label in (?, ?)", label, renamed);
    await context.close();
  }
});

test("tools manager says where the rank order applies", async ({ browser, baseURL }) => {
  const { page, context } = await adminContext(browser, baseURL!, EMAIL);
  await gotoHydrated(page, "/admin/tools?sort=rank");
  await expect(page.getByText(/The rank orders the featured tools on the home page/)).toBeVisible();
  await expect(page.getByTestId("tool-rank").first()).toHaveText("1");
  await expect(page.getByRole("button", { name: /^Rank up: / }).first()).toBeDisabled();
  await saveScreenshots(page, "admin-tools-rank");
  await context.close();
});

test("a post's Related Posts are the posts sharing its keywords, newest first, never itself", async ({ page }) => {
  await page.goto("/blog/productivity-tips");
  const related = page.getByRole("region", { name: "Related Posts" }).getByRole("link");
  // the seeded posts share "tools": the two others, newest first
  await expect(related).toHaveCount(2);
  await expect(related.nth(0)).toHaveAttribute("href", "/blog/security-best-practices");
  await expect(related.nth(1)).toHaveAttribute("href", "/blog/tool-comparison");
});
