import { expect, test, type Page } from "./support/test.ts";
import { gotoHydrated } from "./support/page.ts";
import { countPublishedPosts, deletePosts, insertPublishedPosts } from "./support/site-db.ts";

// /blog and a category page with 100 more posts: 12 a page, Previous/Next, "Page N of M", one
// canonical URL per page with rel prev/next, and the site's not-found view past the end.

const PREFIX = "e2e-paged";
let pages: number;

test.beforeAll(() => {
  // every other post is a Tutorial
  insertPublishedPosts(PREFIX, 100, (i) => (i % 2 === 0 ? "tutorials, guide" : "news"));
  pages = Math.ceil(countPublishedPosts() / 12);
});
test.afterAll(() => deletePosts(PREFIX));

const head = (page: Page, rel: string) => page.locator(`head link[rel="${rel}"]`);
const articles = (page: Page) => page.getByRole("main").getByRole("article");

test("/blog shows 12 posts a page with Previous and Next, and canonical and rel links per page", async ({ page, baseURL }) => {
  const response = await gotoHydrated(page, "/blog");
  expect(response?.status()).toBe(200);
  await expect(articles(page)).toHaveCount(12);
  await expect(articles(page).first()).toContainText("Paged post 99");
  const pager = page.getByRole("navigation", { name: "Blog pages" });
  await expect(pager).toContainText(`Page 1 of ${pages}`);
  await expect(pager.getByRole("link", { name: "Previous" })).toHaveCount(0);
  await expect(head(page, "canonical")).toHaveAttribute("href", `${baseURL}/blog`);
  await expect(head(page, "prev")).toHaveCount(0);
  await expect(head(page, "next")).toHaveAttribute("href", `${baseURL}/blog?page=2`);
  // the Recent Posts sidebar stays
  await expect(page.getByRole("region", { name: "Recent Posts" }).getByRole("link")).toHaveCount(3);

  // Next, as a visitor clicks it (client-side navigation updates the head too)
  await pager.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/blog\?page=2$/);
  await expect(pager).toContainText(`Page 2 of ${pages}`);
  await expect(articles(page).first()).toContainText("Paged post 87");
  await expect(page).toHaveTitle(new RegExp(`^Blog – Page 2 of ${pages} \\|`));
  await expect(head(page, "canonical")).toHaveAttribute("href", `${baseURL}/blog?page=2`);
  await expect(head(page, "prev")).toHaveAttribute("href", `${baseURL}/blog`);
  await expect(head(page, "next")).toHaveAttribute("href", `${baseURL}/blog?page=3`);
  await pager.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(/\/blog$/);

  // the last page, loaded directly
  await gotoHydrated(page, `/blog?page=${pages}`);
  await expect(pager).toContainText(`Page ${pages} of ${pages}`);
  await expect(pager.getByRole("link", { name: "Next" })).toHaveCount(0);
  await expect(head(page, "next")).toHaveCount(0);
  await expect(head(page, "prev")).toHaveAttribute("href", pages === 2 ? `${baseURL}/blog` : `${baseURL}/blog?page=${pages - 1}`);
});

test("?page=1 goes to the bare URL; a page that does not exist is a 404 with the not-found view", async ({ page }) => {
  await page.goto("/blog?page=1");
  await expect(page).toHaveURL(/\/blog$/);
  for (const bad of [String(pages + 1), "0", "-2", "abc"]) {
    const response = await page.goto(`/blog?page=${bad}`);
    expect(response?.status(), bad).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", "noindex");
  }
});

test("a category page is paged the same way", async ({ page, baseURL }) => {
  const path = "/blog/category/tutorials";
  await gotoHydrated(page, path);
  const pager = page.getByRole("navigation", { name: "Tutorials pages" });
  await expect(articles(page)).toHaveCount(12);
  await expect(articles(page).first()).toContainText("Paged post 98");
  await expect(pager).toContainText(/Page 1 of \d+/);
  await expect(head(page, "canonical")).toHaveAttribute("href", `${baseURL}${path}`);
  await pager.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(new RegExp(`${path}\\?page=2$`));
  await expect(articles(page).first()).toContainText("Paged post 74");
  await expect(head(page, "canonical")).toHaveAttribute("href", `${baseURL}${path}?page=2`);
  await expect(head(page, "prev")).toHaveAttribute("href", `${baseURL}${path}`);
  const response = await page.goto(`${path}?page=99`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
});
