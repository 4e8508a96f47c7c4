import { expect, test, type Page } from "./support/test.ts";
import { adminContext } from "./support/admin.ts";
import { gotoHydrated, saveScreenshots } from "./support/page.ts";
import { cleanUp } from "./support/site-db.ts";

// Issue 29, finding 6 ("No lost work"): a draft's preview at its public address (admins only), the
// list's View/Preview and the admin bar's View site, the leave-page guard, autosave of drafts,
// and restoring a revision. Waits are on visible text, never on time.

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const PREFIX = `e2e-drafts-${stamp}`;

const row = (page: Page, slug: string) => page.locator(`[data-testid="content-row"][data-slug="${slug}"]`);

/** A post made with the editor's Create button; answers its edit address. */
async function createPost(page: Page, { title, slug, publish = false }: { title: string; slug: string; publish?: boolean }): Promise<string> {
  await gotoHydrated(page, "/admin/blog/new");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Slug", { exact: true }).fill(slug);
  await page.getByLabel("Excerpt").fill(`Excerpt of ${title}`);
  if (publish) await page.getByRole("switch", { name: "Publish immediately" }).click();
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page.getByText("Post created successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  const href = await row(page, slug).getByRole("link", { name: `Edit ${title}` }).getAttribute("href");
  if (!href) throw new Error(`no edit link for ${slug}`);
  return href;
}

test.afterAll(() => {
  cleanUp("delete from content_revisions where kind = 'post' and content_id in (select id from blog_posts where slug like ?)", `${PREFIX}-%`);
  cleanUp("delete from blog_posts where slug like ?", `${PREFIX}-%`);
});

test("a draft has Preview in the list and renders for the admin only, marked and noindex", async ({ browser, baseURL }) => {
  const { context, page } = await adminContext(browser, baseURL!, `drafts-preview-${stamp}@example.com`);
  const slug = `${PREFIX}-preview`;
  const liveSlug = `${PREFIX}-live`;
  await createPost(page, { title: "Draft to preview", slug });
  await createPost(page, { title: "Live post", slug: liveSlug, publish: true });

  const preview = row(page, slug).getByRole("link", { name: "Preview Draft to preview (opens in a new tab)" });
  await expect(preview).toHaveAttribute("href", `/blog/${slug}`);
  await expect(preview).toHaveAttribute("target", "_blank");
  await expect(row(page, liveSlug).getByRole("link", { name: "View Live post (opens in a new tab)" })).toHaveAttribute("href", `/blog/${liveSlug}`);
  await expect(page.getByRole("link", { name: "View site (opens in a new tab)" })).toHaveAttribute("href", "/");
  await saveScreenshots(page, "drafts-list");

  const [tab] = await Promise.all([context.waitForEvent("page"), preview.click()]);
  await expect(tab).toHaveURL(new RegExp(`/blog/${slug}$`));
  // the same request with the admin's session: private, never stored, not indexed
  const response = await context.request.get(`/blog/${slug}`);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  expect(response.headers()["x-robots-tag"]).toBe("noindex");
  await expect(tab.getByTestId("draft-preview-banner")).toContainText("Draft preview");
  await expect(tab.getByRole("heading", { level: 1, name: "Draft to preview" })).toBeVisible();
  await expect(tab.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  // nothing to share before it is public; a published post has the share buttons
  await expect(tab.getByRole("group", { name: "Share this article" })).toHaveCount(0);
  await saveScreenshots(tab, "drafts-preview");

  // a visitor (no session) gets the 404, and still does after the admin's visit
  const visitor = await browser.newContext({ baseURL });
  const seen = await visitor.newPage();
  const missing = await visitor.request.get(`/blog/${PREFIX}-never-written`);
  expect(missing.status()).toBe(404);
  for (let i = 0; i < 2; i++) {
    const answer = await seen.goto(`/blog/${slug}`);
    expect(answer?.status()).toBe(404);
    // the very 404 of a slug that never existed, caching included
    expect(answer?.headers()["cache-control"]).toBe(missing.headers()["cache-control"]);
    await expect(seen.getByText("Draft to preview")).toHaveCount(0);
  }
  await expect(visitor.request.get(`/blog/${liveSlug}`).then((r) => r.text())).resolves.toContain('aria-label="Share this article"');
  await visitor.close();
  await context.close();
});

test("leaving the editor with unsaved changes asks first; Stay keeps the text, Leave leaves", async ({ browser, baseURL }) => {
  // eleven navigations in one flow: 5 s here, past 30 s once on a machine loaded by other jobs
  test.slow();
  const { context, page } = await adminContext(browser, baseURL!, `drafts-guard-${stamp}@example.com`);
  const slug = `${PREFIX}-guard`;
  // published: no autosave, so the changes stay unsaved however long the test takes
  const edit = await createPost(page, { title: "Guarded post", slug, publish: true });

  // nothing changed: leaving asks nothing
  await gotoHydrated(page, edit);
  await page.getByRole("link", { name: "Back to list" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);

  await gotoHydrated(page, edit);
  const title = page.getByLabel("Title", { exact: true });
  const status = page.getByTestId("autosave-status");
  await expect(status).toHaveText("Published: changes go live only with Save Changes.");
  await title.fill("Guarded post, changed");
  await expect(status).toHaveText("Unsaved changes");
  await page.getByRole("link", { name: "Back to list" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading", { name: "Leave without saving?" })).toBeVisible();
  await dialog.getByRole("button", { name: "Stay on this page" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${edit}$`));
  await expect(title).toHaveValue("Guarded post, changed");

  // the sidebar's links ask too; Leave goes
  await page.getByRole("link", { name: "Back to list" }).click();
  await dialog.getByRole("button", { name: "Leave", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(row(page, slug).getByRole("link", { name: /^Edit/ })).toHaveAttribute("aria-label", "Edit Guarded post");

  // closing or reloading asks the browser's question: the page cancels its beforeunload event. The
  // event is dispatched here rather than by page.reload(), whose dialog Chromium shows only with a
  // user activation it sometimes does not count (a clean-clone run hung on it twice)
  const cancelsUnload = () => page.evaluate(() => !window.dispatchEvent(new Event("beforeunload", { cancelable: true })));
  await gotoHydrated(page, edit);
  expect(await cancelsUnload()).toBe(false);
  await title.fill("Guarded post, reloaded");
  await expect(status).toHaveText("Unsaved changes");
  await expect.poll(cancelsUnload).toBe(true);

  // the tool editor asks the same way
  await gotoHydrated(page, "/admin/tools/new");
  await page.getByLabel("Name", { exact: true }).fill("Unsaved tool");
  await page.getByRole("link", { name: "Back to Tools" }).click();
  await expect(dialog.getByRole("heading", { name: "Leave without saving?" })).toBeVisible();
  await dialog.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page).toHaveURL(/\/admin\/tools\/new$/);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Unsaved tool");

  // after a save, nothing asks
  await gotoHydrated(page, edit);
  await title.fill("Guarded post, saved");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Post updated successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await context.close();
});

test("a draft saves itself after a pause: the status says so and a reload shows the text; a stale tab is told", async ({ browser, baseURL }) => {
  const { context, page } = await adminContext(browser, baseURL!, `drafts-autosave-${stamp}@example.com`);
  const slug = `${PREFIX}-autosave`;
  const edit = await createPost(page, { title: "Autosaved draft", slug });

  await gotoHydrated(page, edit);
  const status = page.getByTestId("autosave-status");
  await expect(status).toHaveText("Drafts save automatically while you type.");
  await page.getByLabel("Excerpt").fill("Words that were never saved by hand");
  await expect(status).toHaveText(/^Saved at \d\d:\d\d$/, { timeout: 15_000 });
  // the Revisions list shows the autosave at once, without a reload
  await expect(page.getByTestId("revision").first()).toContainText("(autosave)");
  // a second tab, opened now, holds the newer version
  const other = await context.newPage();
  await gotoHydrated(other, edit);
  await expect(other.getByLabel("Excerpt")).toHaveValue("Words that were never saved by hand");
  await saveScreenshots(page, "drafts-editor-autosaved");
  // saved: leaving asks nothing
  await page.getByRole("link", { name: "Back to list" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await gotoHydrated(page, edit);

  await page.reload();
  await expect(page.getByLabel("Excerpt")).toHaveValue("Words that were never saved by hand");
  // the autosave is in the revisions, marked as one
  await expect(page.getByTestId("revision").first()).toContainText("(autosave)");

  // the other tab saves first; this tab's next autosave is refused, not written over it
  await other.getByLabel("Excerpt").fill("The other tab's words");
  await expect(other.getByTestId("autosave-status")).toHaveText(/^Saved at/, { timeout: 15_000 });
  await page.getByLabel("Excerpt").fill("This tab's late words");
  await expect(status).toHaveText(/^Not saved: This draft was changed in another tab/, { timeout: 15_000 });
  await other.reload();
  await expect(other.getByLabel("Excerpt")).toHaveValue("The other tab's words");
  await other.close();
  await context.close();
});

test("a revision is restored by loading it into the editor and saving", async ({ browser, baseURL }) => {
  const { context, page } = await adminContext(browser, baseURL!, `drafts-revisions-${stamp}@example.com`);
  const slug = `${PREFIX}-revisions`;
  const edit = await createPost(page, { title: "First title", slug, publish: true });
  await gotoHydrated(page, edit);
  await page.getByLabel("Title", { exact: true }).fill("Second title");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Post updated successfully")).toBeVisible();

  await gotoHydrated(page, edit);
  const revisions = page.getByTestId("revision");
  await expect(revisions).toHaveCount(2);
  await expect(revisions.nth(0)).toContainText("Second title");
  await expect(revisions.nth(1)).toContainText("First title");
  await saveScreenshots(page, "drafts-editor-revisions");
  await revisions.nth(1).getByRole("button", { name: /^Restore/ }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading", { name: "Load this revision into the editor?" })).toBeVisible();
  await dialog.getByRole("button", { name: "Load revision" }).click();
  await expect(page.getByTestId("revision-loaded")).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("First title");
  // loaded, not saved: leaving would ask
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Post updated successfully")).toBeVisible();
  await expect(row(page, slug).getByRole("link", { name: /^Edit/ })).toHaveAttribute("aria-label", "Edit First title");
  await gotoHydrated(page, edit);
  await expect(page.getByTestId("revision")).toHaveCount(3);
  await context.close();
});
