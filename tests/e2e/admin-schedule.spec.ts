import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "./support/test.ts";
import { adminContext } from "./support/admin.ts";
import { gotoHydrated, saveScreenshots } from "./support/page.ts";
import { cleanUp } from "./support/site-db.ts";

// Scheduling (issue 29): a post scheduled for later is a 404 and absent from /blog, /rss.xml and
// /sitemap.xml; once the server's publishing clock passes its time it is in all of them, with no
// admin action and no sleep: the clock is moved through /__test/clock (e2e builds only).

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const slug = `scheduled-post-${stamp}`; // follows the title
const title = `Scheduled post ${stamp}`;
const ZONE = "Asia/Kolkata"; // UTC+05:30 all year: the typed wall time is 5h30 ahead of UTC
const SAVED = { timeout: 15_000 };

let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser, baseURL }) => {
  cleanUp(
    "insert into site_settings (setting_key, setting_value, updated_at) values ('site_time_zone', ?, ?) on conflict (setting_key) do update set setting_value = excluded.setting_value",
    ZONE,
    new Date().toISOString(),
  );
  ({ context, page } = await adminContext(browser, baseURL!, `schedule-${stamp}@example.com`));
});

test.afterAll(async ({ request, baseURL }) => {
  await setClock(request, baseURL!, new Date().toISOString());
  cleanUp("delete from blog_posts where slug = ?", slug);
  cleanUp("update site_settings set setting_value = 'UTC' where setting_key = 'site_time_zone'");
  await context.close();
});

async function serverNow(request: APIRequestContext): Promise<string> {
  const answer = await request.get("/__test/clock");
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { now: string }).now;
}

async function setClock(request: APIRequestContext, baseURL: string, at: string) {
  const answer = await request.post("/__test/clock", { form: { at }, headers: { origin: baseURL } });
  expect(answer.status()).toBe(200);
}

/** What an anonymous visitor gets (no cookie: the page cache answers). */
async function visitor(request: APIRequestContext) {
  const text = async (path: string) => {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(200);
    return answer.text();
  };
  return {
    post: (await request.get(`/blog/${slug}`)).status(),
    blog: (await text("/blog")).includes(title),
    rss: (await text("/rss.xml")).includes(`/blog/${slug}`),
    sitemap: (await text("/sitemap.xml")).includes(`/blog/${slug}`),
  };
}

test("a scheduled post appears everywhere once the clock passes its time, with no admin action", async ({ request, baseURL }) => {
  test.setTimeout(90_000);
  // two days ahead of the server's publishing clock, typed as a wall time in the site time zone
  const publishAt = new Date(Date.parse(await serverNow(request)) + 2 * 86_400_000);
  publishAt.setUTCSeconds(0, 0);
  const wallTime = new Date(publishAt.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 16);

  // the zone scheduled times are typed and shown in is a General Setting
  await gotoHydrated(page, "/admin/settings");
  await expect(page.getByLabel("Site time zone")).toHaveValue(ZONE);
  await saveScreenshots(page, "admin-schedule-settings");

  await gotoHydrated(page, "/admin/blog/new");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByRole("switch", { name: "Publish immediately" }).click();
  const when = page.getByLabel("Publish at (site time zone)");
  await expect(when).toBeDisabled();
  await expect(page.getByText(`Site time zone: ${ZONE}`)).toBeVisible();
  await page.getByRole("radio", { name: "Schedule for" }).check();
  await when.fill(wallTime);
  await saveScreenshots(page, "admin-schedule-editor");
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/, SAVED);

  const row = page.locator(`[data-testid="content-row"][data-slug="${slug}"]`);
  await expect(row.getByText("Scheduled", { exact: true })).toBeVisible();
  await expect(row.getByTestId("scheduled-for")).toContainText(`(${ZONE})`);
  await expect(row.getByRole("link", { name: /^View/ })).toHaveCount(0);
  await saveScreenshots(page, "admin-schedule-list");
  await gotoHydrated(page, "/admin/dashboard");
  await expect(page.getByTestId("scheduled-posts")).toContainText(title);
  await saveScreenshots(page, "admin-schedule-dashboard");

  // stored as the UTC instant of that wall time: the editor reads it back the same
  await row.page().goto("/admin/blog");
  await page.locator(`[data-testid="content-row"][data-slug="${slug}"]`).getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page.getByLabel("Publish at (site time zone)")).toHaveValue(wallTime);
  await expect(page.getByTestId("editor-scheduled-for")).toBeVisible();

  // before its time: nowhere (and each answer is now in the page cache)
  expect(await visitor(request)).toEqual({ post: 404, blog: false, rss: false, sitemap: false });
  await setClock(request, baseURL!, new Date(publishAt.getTime() - 1000).toISOString());
  expect(await visitor(request)).toEqual({ post: 404, blog: false, rss: false, sitemap: false });

  // its time passes: everywhere, on the very next request
  await setClock(request, baseURL!, publishAt.toISOString());
  expect(await visitor(request)).toEqual({ post: 200, blog: true, rss: true, sitemap: true });
});
