import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from "./support/test.ts";
import { adminContext } from "./support/admin.ts";
import { gotoHydrated } from "./support/page.ts";
import { makePng } from "./support/png.ts";
import { cleanUp, getSetting, setSetting } from "./support/site-db.ts";

// The site-wide admin screens (SEO, Content, Ads, Menu, Settings) and what the public site shows
// after each change. Every test puts back what it changed, in `finally`, straight in the database
// when the screen could not (a failed step must not leave the shared server in maintenance mode).

const EMAIL = "site-screens-e2e@example.com";
const RUN = Date.now().toString(36);

/** Poll a public URL as an anonymous visitor until the check holds (caches are versioned, so this is quick). */
const served = (request: APIRequestContext, url: string, check: (status: number, body: string) => boolean) =>
  expect
    .poll(
      async () => {
        const res = await request.get(url);
        return check(res.status(), await res.text());
      },
      { timeout: 10_000 },
    )
    .toBe(true);

async function admin(browser: Browser, baseURL: string, screen: string): Promise<Page> {
  const { page } = await adminContext(browser, baseURL, EMAIL);
  await gotoHydrated(page, `/admin/${screen}`);
  return page;
}

// generous: the toast shows once the screen's loaders have revalidated, which a dev server may recompile first
const toast = (page: Page, text: string | RegExp) => expect(page.getByText(text).first()).toBeVisible({ timeout: 15_000 });

/** Click a button that posts to an admin action, wait for the answer, then for its toast. */
async function submit(page: Page, button: Locator, message: string): Promise<void> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/")),
    button.click(),
  ]);
  expect(response.status(), message).toBe(200);
  await toast(page, message);
}

function getSettingSafe(key: string): string {
  try {
    return getSetting(key);
  } catch {
    return "";
  }
}

test("settings: a new tagline shows on the public home page, and the sidebar look is kept in the browser", async ({ browser, baseURL, request }) => {
  const original = getSetting("site_tagline");
  const tagline = `E2E tagline ${RUN}`;
  try {
    const page = await admin(browser, baseURL!, "settings");
    await expect(page.getByRole("heading", { level: 1, name: "General Settings" })).toBeVisible();
    await expect(page.getByLabel("Tagline")).toHaveValue(original);
    await page.getByLabel("Tagline").fill(tagline);
    await submit(page, page.getByRole("button", { name: "Save Settings" }), "Settings saved successfully");
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("siteSettings") ?? "null"));
    expect(stored).toEqual({ sidebarLogo: getSettingSafe("sidebar_logo"), sidebarBgColor: "#f8f9fa", sidebarTextColor: "#000000" });
    await served(request, "/", (status, html) => status === 200 && html.includes(tagline));

    // invalid values are refused with field messages, nothing is sent
    await page.getByLabel("Contact Email").fill("not-an-email");
    await page.getByLabel("Sidebar Background Color", { exact: true }).fill("#12345");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Please enter a valid e-mail address")).toBeVisible();
    await expect(page.getByText("Sidebar background colour must be a colour like #1a2b3c")).toBeVisible();
    await toast(page, "Failed to save settings");

    await gotoHydrated(page, "/admin/settings");
    await page.getByLabel("Tagline").fill(original);
    await submit(page, page.getByRole("button", { name: "Save Settings" }), "Settings saved successfully");
    await served(request, "/", (status, html) => status === 200 && !html.includes(tagline));
  } finally {
    if (getSetting("site_tagline") !== original) setSetting("site_tagline", original);
  }
});

test("settings: a wide logo keeps its 4:1 shape in the public header; the file field names the chosen file (issue 29, finding 7)", async ({ browser, baseURL }) => {
  const original = getSettingSafe("site_logo");
  try {
    const page = await admin(browser, baseURL!, "settings");
    await page.getByLabel("Logo", { exact: true }).setInputFiles({ name: "wide-logo.png", mimeType: "image/png", buffer: makePng(400, 100) });
    await expect(page.getByText("wide-logo.png", { exact: true })).toBeVisible();
    await submit(page, page.getByRole("button", { name: "Save Settings" }), "Settings saved successfully");
    await gotoHydrated(page, "/");
    const logo = page.getByRole("banner").locator("img[data-site-logo]");
    await expect(logo).toBeVisible();
    await expect.poll(async () => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(400);
    const box = (await logo.boundingBox())!;
    // a 32 px square box once squeezed it; now the height is fixed and the width follows the image
    expect(box.width / box.height).toBeCloseTo(4, 1);
  } finally {
    if (getSettingSafe("site_logo") !== original) setSetting("site_logo", original);
  }
});

test("settings: maintenance mode answers 503 to visitors until it is switched off", async ({ browser, baseURL, request }) => {
  try {
    const page = await admin(browser, baseURL!, "settings");
    await page.getByRole("switch", { name: "Maintenance Mode" }).click();
    await expect(page.getByText("Maintenance mode is on")).toBeVisible();
    await submit(page, page.getByRole("button", { name: "Save Settings" }), "Settings saved successfully");
    await served(request, "/tools", (status, html) => status === 503 && html.includes("down for scheduled maintenance"));
    // the signed-in admin still sees the site
    expect((await page.request.get("/tools")).status()).toBe(200);

    await gotoHydrated(page, "/admin/settings");
    await expect(page.getByRole("switch", { name: "Maintenance Mode" })).toBeChecked();
    await page.getByRole("switch", { name: "Maintenance Mode" }).click();
    await submit(page, page.getByRole("button", { name: "Save Settings" }), "Settings saved successfully");
    await served(request, "/tools", (status) => status === 200);
  } finally {
    if (getSetting("maintenance_mode") !== "false") setSetting("maintenance_mode", "false");
  }
});

test("ads: an enabled left sidebar ad shows its code on wide public pages; defaults restore", async ({ browser, baseURL, request }) => {
  const original = getSetting("ads_config");
  try {
    const page = await admin(browser, baseURL!, "ads");
    await expect(page.getByRole("heading", { level: 1, name: "Ads Management" })).toBeVisible();
    const code = page.getByLabel("Left Sidebar 60x600 HTML code");
    await expect(code).toHaveCount(0); // the code input appears only when enabled
    await page.getByRole("switch", { name: "Left Sidebar 60x600" }).click();
    await code.fill('<div id="e2e-ad">Ad</div>');

    // AdSense: a bad publisher id is refused
    await page.getByRole("tab", { name: "Google AdSense" }).click();
    await page.getByRole("switch", { name: "Enable Google AdSense" }).click();
    await page.getByLabel("Publisher ID").fill("pub-123");
    await page.getByRole("button", { name: "Save Ad Settings" }).click();
    await expect(page.getByText("Enter a publisher ID like ca-pub-1234567890123456")).toBeVisible();
    await toast(page, "Failed to save ad settings");
    await page.getByRole("switch", { name: "Enable Google AdSense" }).click();
    await page.getByLabel("Publisher ID").fill("");

    await submit(page, page.getByRole("button", { name: "Save Ad Settings" }), "Ad settings saved successfully");
    expect(JSON.parse(getSetting("ads_config")).leftSidebar).toEqual({ enabled: true, code: '<div id="e2e-ad">Ad</div>' });

    const visitor = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
    const pub = await visitor.newPage();
    await expect
      .poll(async () => {
        await pub.goto("/tools");
        return pub.locator("#e2e-ad").isVisible();
      }, { timeout: 10_000 })
      .toBe(true);
    await visitor.close();

    await page.getByRole("button", { name: "Restore defaults" }).click();
    await submit(page, page.getByRole("alertdialog").getByRole("button", { name: "Restore defaults" }), "Ad settings restored to the defaults");
    // the open tab stays open across saves; the placements show the stored defaults again
    await expect(page.getByRole("tab", { name: "Google AdSense" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("tab", { name: "Ad Placements" }).click();
    await expect(page.getByRole("switch", { name: "Left Sidebar 60x600" })).not.toBeChecked();
    await expect(page.getByRole("switch", { name: "Header Banner 728x90" })).toBeChecked();
    await served(request, "/tools", (status, html) => status === 200 && !html.includes("e2e-ad"));
  } finally {
    if (getSetting("ads_config") !== original) setSetting("ads_config", original);
  }
});

test("menu: an added header item shows in the public header, moves up and is deleted", async ({ browser, baseURL, request }) => {
  const label = `E2E Link ${RUN}`;
  try {
    const page = await admin(browser, baseURL!, "menu");
    await expect(page.getByRole("heading", { level: 1, name: "Menu Management" })).toBeVisible();
    const panel = page.getByRole("tabpanel", { name: "Header Menu" });

    await panel.getByRole("button", { name: "Add Item" }).click();
    await toast(page, "Please fill in both label and URL");
    await panel.getByLabel("Label").fill(label);
    await panel.getByLabel("URL", { exact: true }).fill("tools-without-slash");
    await panel.getByRole("button", { name: "Add Item" }).click();
    await expect(panel.getByText("Use a path on this site starting with /").first()).toBeVisible();

    await panel.getByLabel("URL", { exact: true }).fill(`/tools?e2e=${RUN}`);
    await submit(page, panel.getByRole("button", { name: "Add Item" }), "Menu item added successfully");
    const items = panel.getByTestId("menu-item");
    await expect(items.last()).toContainText(label);
    await expect(panel.getByLabel("Label")).toHaveValue("");

    await served(request, "/blog", (status, html) => status === 200 && html.includes(`/tools?e2e=${RUN}`));
    const visitor = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    const pub = await visitor.newPage();
    await pub.goto("/blog");
    await expect(pub.getByRole("navigation", { name: "Main" }).getByRole("link", { name: label })).toBeVisible();
    await visitor.close();

    const count = await items.count();
    await submit(page, panel.getByRole("button", { name: `Move ${label} up` }), "Menu order updated");
    await expect(items.nth(count - 2)).toContainText(label);
    await expect(items.nth(count - 2)).toContainText(`${count - 1}.`);

    await panel.getByRole("button", { name: `Delete ${label}` }).click();
    await submit(page, page.getByRole("alertdialog").getByRole("button", { name: "Delete" }), "Menu item deleted successfully");
    await expect(panel.getByText(label)).toHaveCount(0);
    await expect(items).toHaveCount(count - 1);
    await served(request, "/blog", (status, html) => status === 200 && !html.includes(`/tools?e2e=${RUN}`));
  } finally {
    cleanUp("delete from menus where label = ?", label);
  }
});

test("seo: robots.txt edits are served at /robots.txt; a bad analytics id is refused", async ({ browser, baseURL, request }) => {
  const original = getSetting("robots_txt");
  const marker = `# e2e robots ${RUN}`;
  try {
    const page = await admin(browser, baseURL!, "seo");
    await expect(page.getByRole("heading", { level: 1, name: "SEO Settings" })).toBeVisible();

    await page.getByLabel("Google Analytics ID").fill("G-12 34");
    await page.getByRole("button", { name: "Save SEO Settings" }).click();
    await expect(page.getByText(/Enter a Google Analytics ID like G-XXXXXXXXXX/)).toBeVisible();
    await toast(page, "Failed to save SEO settings");

    const robots = page.getByLabel("robots.txt content");
    await expect(robots).toHaveValue(original);
    await robots.fill(`${original.trimEnd()}\n${marker}\n`);
    await submit(page, page.getByRole("button", { name: "Save robots.txt" }), "robots.txt saved successfully");
    await served(request, "/robots.txt", (status, text) => status === 200 && text.includes(marker));

    await robots.fill(original);
    await submit(page, page.getByRole("button", { name: "Save robots.txt" }), "robots.txt saved successfully");
    await served(request, "/robots.txt", (status, text) => status === 200 && !text.includes(marker));
    expect(getSetting("robots_txt")).toBe(original);
  } finally {
    if (getSetting("robots_txt") !== original) setSetting("robots_txt", original);
  }
});

test("seo: sitemap download, and a custom sitemap served until removed", async ({ browser, baseURL, request }) => {
  const customLoc = `https://example.com/e2e-custom-${RUN}`;
  try {
    const page = await admin(browser, baseURL!, "seo");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Generate Sitemap" }).click()]);
    expect(download.suggestedFilename()).toBe("sitemap.xml");
    const generated = await (await request.get("/sitemap.xml")).text();
    const fs = await import("node:fs/promises");
    expect(await fs.readFile((await download.path())!, "utf8")).toBe(generated);

    const fileInput = page.getByLabel("Sitemap file (.xml)");
    await fileInput.setInputFiles({ name: "sitemap.txt", mimeType: "text/plain", buffer: Buffer.from("not xml") });
    await expect(page.getByRole("alert").filter({ hasText: "Please upload an XML file" })).toBeVisible();

    // the server checks the content too
    await fileInput.setInputFiles({ name: "page.xml", mimeType: "application/xml", buffer: Buffer.from("<html><body/></html>") });
    await page.getByRole("button", { name: "Upload Sitemap" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "must be <urlset> or <sitemapindex>" })).toBeVisible();
    // a sitemap carrying script is refused, naming what it found (issue 11, finding 7)
    const scripted = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://e.com/</loc></url><script xmlns="http://www.w3.org/1999/xhtml">alert(1)</script></urlset>`;
    await fileInput.setInputFiles({ name: "scripted.xml", mimeType: "application/xml", buffer: Buffer.from(scripted) });
    await page.getByRole("button", { name: "Upload Sitemap" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "it contains <script> (namespace http://www.w3.org/1999/xhtml)" })).toBeVisible();

    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${customLoc}</loc></url></urlset>\n`;
    await fileInput.setInputFiles({ name: "custom-sitemap.xml", mimeType: "application/xml", buffer: Buffer.from(xml) });
    await submit(page, page.getByRole("button", { name: "Upload Sitemap" }), "Custom sitemap uploaded. /sitemap.xml now serves it.");
    await served(request, "/sitemap.xml", (status, text) => status === 200 && text === xml);
    await expect(page.getByText("It currently serves your uploaded custom sitemap")).toBeVisible();

    await page.getByRole("button", { name: "Remove custom sitemap" }).click();
    await submit(page, page.getByRole("alertdialog").getByRole("button", { name: "Remove" }), "Custom sitemap removed. /sitemap.xml is generated again.");
    await served(request, "/sitemap.xml", (status, text) => status === 200 && !text.includes(customLoc) && text.includes(`<loc>${baseURL}/tools</loc>`));
  } finally {
    cleanUp("delete from site_settings where setting_key = 'custom_sitemap'");
  }
});

test("content: add a section, edit and delete it", async ({ browser, baseURL }) => {
  const title = `E2E Section ${RUN}`;
  const started = new Date().toISOString();
  try {
    const page = await admin(browser, baseURL!, "content");
    await expect(page.getByRole("heading", { level: 1, name: "Content Management" })).toBeVisible();
    const sections = page.getByTestId("content-section");
    const before = await sections.count();
    await page.getByLabel("Page").selectOption("tools_seo");
    await submit(page, page.getByRole("button", { name: "Add Section" }), "Content section saved successfully");
    await expect(sections).toHaveCount(before + 1);

    const added = page.getByRole("region", { name: /^New Section/ }).last();
    await expect(added.getByLabel("Title")).toHaveValue("New Section");
    await expect(added.getByRole("switch", { name: "Published" })).toBeChecked();
    await added.getByLabel("Title").fill(title);
    await submit(page, added.getByRole("button", { name: "Save Section" }), "Content section saved successfully");
    const edited = page.getByRole("region", { name: new RegExp(`^${title}`) });
    await expect(edited).toBeVisible();

    await edited.getByRole("button", { name: "Delete" }).click();
    await submit(page, page.getByRole("alertdialog").getByRole("button", { name: "Delete" }), "Content section deleted successfully");
    await expect(sections).toHaveCount(before);
  } finally {
    cleanUp("delete from content_sections where title = ? or (title = 'New Section' and created_at >= ?)", title, started);
  }
});
