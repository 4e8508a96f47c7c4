import { expect, test, type BrowserContext, type Page } from "./support/test.ts";
import { adminContext } from "./support/admin.ts";
import { gotoHydrated, saveScreenshots } from "./support/page.ts";

// Categories are the owner's (issue 29, finding 11; decision 048): added on the Categories screen,
// chosen in the post editor, listed on the blog; a new slug leaves 301s from the old page and feed,
// and a deleted category's page is gone while its posts stay. A post's own SEO title and social
// image reach its <title> and og:image.

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const SAVED = { timeout: 15_000 };
const NAME = `Recipes ${stamp}`;
const SLUG = `recipes-${stamp}`;
const MOVED = `cooking-${stamp}`;
const POST_SLUG = `e2e-category-post-${stamp}`;

let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser, baseURL }) => {
  ({ context, page } = await adminContext(browser, baseURL!, `categories-${stamp}@example.com`));
});

test.afterAll(async () => {
  await context.close();
});

const row = () => page.getByTestId("category-row").filter({ hasText: NAME });

test.describe.configure({ mode: "serial" });

test("a category added on the Categories screen gets a page, a feed and a place in the sidebar", async ({ request }) => {
  await gotoHydrated(page, "/admin/categories");
  await expect(page.getByRole("heading", { level: 1, name: "Categories" })).toBeVisible();
  const add = page.getByRole("form", { name: "Add a category" });
  await add.getByLabel("Name", { exact: true }).fill(NAME);
  await add.getByLabel("Slug", { exact: true }).fill(SLUG);
  await add.getByLabel("Description", { exact: true }).fill("Things to cook.");
  await add.getByRole("button", { name: "Add Category" }).click();
  await expect(row()).toContainText(`/blog/category/${SLUG}`, SAVED);
  await expect(row()).toContainText("0 posts");
  // the same slug twice is refused with a field message
  await add.getByLabel("Name", { exact: true }).fill(`${NAME} again`);
  await add.getByLabel("Slug", { exact: true }).fill(SLUG);
  await add.getByRole("button", { name: "Add Category" }).click();
  await expect(add.getByText(/already/i).first()).toBeVisible(SAVED);
  await saveScreenshots(page, "admin-categories");

  const categoryPage = await request.get(`/blog/category/${SLUG}`);
  expect(categoryPage.status()).toBe(200);
  expect(await categoryPage.text()).toContain("Things to cook.");
  expect((await request.get(`/blog/category/${SLUG}/rss.xml`)).status()).toBe(200);
  await expect.poll(async () => (await request.get("/blog")).text(), SAVED).toContain(`href="/blog/category/${SLUG}"`);
});

test("a post chooses the category in the editor and carries its own SEO title and social image", async ({ request }) => {
  await gotoHydrated(page, "/admin/blog/new");
  await page.getByLabel("Title", { exact: true }).fill(`E2E Category Post ${stamp}`);
  await page.getByLabel("Slug", { exact: true }).fill(POST_SLUG);
  const editor = page.getByLabel("Content", { exact: true });
  await expect(editor).toBeVisible({ timeout: 30_000 });
  await editor.click();
  await page.keyboard.type("A post in a category.");
  await page.getByRole("group", { name: "Categories" }).getByLabel(NAME).check();
  await page.getByLabel("SEO title", { exact: true }).fill(`Cook it right ${stamp}`);
  await page.getByLabel("Social image", { exact: true }).fill(`/card-${stamp}.png`);
  await saveScreenshots(page, "admin-post-categories-seo");
  await page.getByRole("switch", { name: "Publish immediately" }).click();
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/, SAVED);

  const listed = await (await request.get(`/blog/category/${SLUG}`)).text();
  expect(listed).toContain(`/blog/${POST_SLUG}`);
  const post = await (await request.get(`/blog/${POST_SLUG}`)).text();
  expect(post).toMatch(new RegExp(`<title>Cook it right ${stamp}[^<]*</title>`));
  expect(post).toMatch(new RegExp(`<meta property="og:image" content="[^"]*/card-${stamp}\\.png"`));
  // the page still shows the post's own title
  expect(post).toContain(`E2E Category Post ${stamp}</h1>`);
  const feed = await (await request.get(`/blog/category/${SLUG}/rss.xml`)).text();
  expect(feed).toContain(`<category>${NAME}</category>`);

  await gotoHydrated(page, "/admin/categories");
  await expect(row()).toContainText("1 post");
});

test("a new slug answers the old page and feed with 301s; deleting leaves the posts and removes the page", async ({ request }) => {
  await gotoHydrated(page, "/admin/categories");
  await row().getByRole("button", { name: `Edit ${NAME}` }).click();
  const edit = page.getByRole("form", { name: `Edit ${NAME}` });
  await edit.getByLabel("Slug", { exact: true }).fill(MOVED);
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(row()).toContainText(`/blog/category/${MOVED}`, SAVED);

  const old = await request.get(`/blog/category/${SLUG}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers()["location"]).toBe(`/blog/category/${MOVED}`);
  const oldFeed = await request.get(`/blog/category/${SLUG}/rss.xml`, { maxRedirects: 0 });
  expect(oldFeed.status()).toBe(301);
  expect(oldFeed.headers()["location"]).toBe(`/blog/category/${MOVED}/rss.xml`);
  expect(await (await request.get(`/blog/category/${MOVED}`)).text()).toContain(`/blog/${POST_SLUG}`);

  await row().getByRole("button", { name: `Delete ${NAME}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: /Delete/ }).click();
  await expect(row()).toHaveCount(0, SAVED);
  expect((await request.get(`/blog/category/${MOVED}`, { maxRedirects: 0 })).status()).toBe(404);
  expect((await request.get(`/blog/${POST_SLUG}`)).status()).toBe(200);
});
