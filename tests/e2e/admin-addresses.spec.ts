import path from "node:path";
import Database from "better-sqlite3";
import { expect, test, type BrowserContext, type Page } from "./support/test.ts";
import { e2eDataDir } from "./support/data-dir.ts";
import { adminContext } from "./support/admin.ts";
import { gotoHydrated, saveScreenshots } from "./support/page.ts";

// Addresses never break (issue 29, finding 1): renaming a built-in tool keeps its address and its
// converter, a post's slug change leaves a 301 from the old address, and the Redirects screen
// refuses a loop.

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const SAVED = { timeout: 15_000 };

let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser, baseURL }) => {
  ({ context, page } = await adminContext(browser, baseURL!, `addresses-${stamp}@example.com`));
});

test.afterAll(async () => {
  await context.close();
});

function toolId(slug: string): number {
  const db = new Database(path.join(e2eDataDir(), "site.db"), { readonly: true });
  const row = db.prepare("select id from tools where slug = ?").get(slug) as { id: number } | undefined;
  db.close();
  if (!row) throw new Error(`no tool ${slug}`);
  return row.id;
}

async function renameTool(id: number, name: string) {
  await gotoHydrated(page, `/admin/tools/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Edit Tool" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill(name);
  // a built-in tool's address is fixed to its converter: the slug does not follow the name
  await expect(page.getByLabel("Slug", { exact: true })).toHaveValue("mp3-converter");
  await expect(page.getByTestId("slug-hint")).toContainText("where its converter lives");
  await saveScreenshots(page, "admin-tool-built-in");
  await page.getByRole("button", { name: "Update Tool" }).click();
  // saved: back on the list (its toast may come and go before a busy dev server has hydrated it)
  await expect(page).toHaveURL(/\/admin\/tools(\?.*)?$/, SAVED);
}

test("renaming a built-in tool keeps its address and its converter", async ({ request }) => {
  // the tool form's editor and the converter's page are the slowest first compiles of a dev server
  test.setTimeout(180_000);
  const id = toolId("mp3-converter");
  await renameTool(id, "Free MP3 Converter");
  try {
    const visitor = await context.browser()!.newContext();
    const publicPage = await visitor.newPage();
    const response = await gotoHydrated(publicPage, "/tool/mp3-converter");
    expect(response?.status()).toBe(200);
    await expect(publicPage.getByRole("heading", { level: 1, name: "Free MP3 Converter" })).toBeVisible();
    // the converter is there, mounted
    await expect(publicPage.locator("[data-tool-slot][data-tool-ready]")).toHaveCount(1);
    await visitor.close();
    // the name's slug is no page without a converter
    expect((await request.get("/tool/free-mp3-converter", { maxRedirects: 0 })).status()).not.toBe(200);
  } finally {
    await renameTool(id, "MP3 Converter");
  }
});

test("changing a post's slug answers the old address with a 301 to the new one", async ({ request }) => {
  const oldSlug = `e2e-address-${stamp}`;
  const newSlug = `e2e-address-moved-${stamp}`;
  await gotoHydrated(page, "/admin/blog/new");
  await page.getByLabel("Title", { exact: true }).fill(`E2E Address ${stamp}`);
  await expect(page.getByLabel("Slug", { exact: true })).toHaveValue(oldSlug);
  const editor = page.getByLabel("Content", { exact: true });
  await expect(editor).toBeVisible({ timeout: 30_000 });
  await editor.click();
  await page.keyboard.type("A post that moves.");
  await page.getByRole("switch", { name: "Publish immediately" }).click();
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/, SAVED);
  expect((await request.get(`/blog/${oldSlug}`)).status()).toBe(200);

  await page.locator(`[data-testid="content-row"][data-slug="${oldSlug}"]`).getByRole("link", { name: /^Edit/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Post" })).toBeVisible();
  await page.getByLabel("Slug", { exact: true }).fill(newSlug);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/, SAVED);

  const old = await request.get(`/blog/${oldSlug}?ref=e2e`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  // in one hop to the new address's canonical form (a post reads no query)
  expect(old.headers()["location"]).toBe(`/blog/${newSlug}`);
  // any spelling the router accepts is the same old address
  expect((await request.get(`/Blog/${oldSlug.toUpperCase()}/`, { maxRedirects: 0 })).headers()["location"]).toBe(`/blog/${newSlug}`);
  expect((await request.get(`/blog/${newSlug}`)).status()).toBe(200);

  await gotoHydrated(page, "/admin/redirects");
  await expect(page.getByTestId("redirect-row").filter({ hasText: `/blog/${oldSlug}` })).toContainText(`/blog/${newSlug}`);
});

test("the Redirects screen adds a redirect, refuses a loop and a live page's address", async ({ request }) => {
  const a = `/e2e-from-${stamp}`;
  const b = `/e2e-to-${stamp}`;
  await gotoHydrated(page, "/admin/redirects");
  await expect(page.getByRole("heading", { level: 1, name: "Redirects" })).toBeVisible();
  const add = async (from: string, to: string) => {
    await page.getByLabel("From (old address)").fill(from);
    await page.getByLabel("To (new address)").fill(to);
    await page.getByRole("button", { name: "Add Redirect" }).click();
  };
  await add(a, b);
  await expect(page.getByTestId("redirect-row").filter({ hasText: a })).toContainText(b, SAVED);
  const answer = await request.get(a, { maxRedirects: 0 });
  expect(answer.status()).toBe(301);
  expect(answer.headers()["location"]).toBe(b);

  await add(b, a);
  await expect(page.getByText(/would make a loop/).first()).toBeVisible(SAVED);
  await expect(page.getByTestId("redirect-row").filter({ hasText: b })).toHaveCount(1);
  expect((await request.get(b, { maxRedirects: 0 })).status()).toBe(404);

  await add("/tools", "/somewhere");
  await expect(page.getByText(/would hide it/).first()).toBeVisible(SAVED);
  expect((await request.get("/tools", { maxRedirects: 0 })).status()).toBe(200);
  await saveScreenshots(page, "admin-redirects");
});
