import { expect, test, type APIRequestContext } from "./support/test.ts";
import { gotoHydrated, saveScreenshots } from "./support/page.ts";
import { getSetting, makeAdmin, setSetting } from "./support/site-db.ts";

const ROUTES: { path: string; status: number; heading: string | RegExp; text?: string }[] = [
  { path: "/", status: 200, heading: "DDS to PNG Converter", text: "Featured Tools" },
  { path: "/tools", status: 200, heading: "All Tools", text: "Showing 47 of 47 tools" },
  { path: "/tool/word-counter", status: 200, heading: "Word Counter", text: "About the Word Counter" },
  { path: "/tool/dds-to-png", status: 200, heading: "DDS to PNG Converter", text: "Learn More" },
  { path: "/blog", status: 200, heading: "Blog", text: "Recent Posts" },
  { path: "/blog/category/tutorials", status: 200, heading: "Tutorials" },
  { path: "/blog/productivity-tips", status: 200, heading: /Tips/, text: "Related Posts" },
  { path: "/page/privacy-policy", status: 200, heading: "Privacy Policy" },
  { path: "/tool/not-a-tool", status: 404, heading: "Tool Not Found" },
  { path: "/blog/not-a-post", status: 404, heading: "Blog Post Not Found" },
  { path: "/blog/category/gardening", status: 404, heading: "Category Not Found" },
  { path: "/page/not-a-page", status: 404, heading: "Page Not Found" },
  { path: "/some/unknown/path", status: 404, heading: "404", text: "Oops! Page not found" },
];

for (const route of ROUTES) {
  test(`${route.path} answers ${route.status} with its content in the server HTML`, async ({ page, request }) => {
    const html = await (await request.get(route.path)).text();
    if (route.text) expect(html).toContain(route.text);
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(route.status);
    await expect(page.getByRole("heading", { level: 1, name: route.heading })).toBeVisible();
    if (route.text) await expect(page.getByText(route.text).first()).toBeVisible();
  });
}

test("pages with a breadcrumb describe it in JSON-LD", async ({ request }) => {
  for (const path of ["/tool/word-counter", "/blog/productivity-tips", "/blog/category/news"]) {
    const html = await (await request.get(path)).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    const types = blocks.flat().map((b: { "@type": string }) => b["@type"]);
    expect(types, path).toContain("BreadcrumbList");
  }
  const home = await (await request.get("/")).text();
  expect(home).toContain('"@type":"WebSite"');
  expect(home).toContain('"urlTemplate":');
});

test("a page is painted before its scripts are fetched, and then hydrates (decisions 068, 069)", async ({ page, request }) => {
  for (const path of ["/blog", "/tool/dds-to-png", "/blog/not-a-post"]) {
    const html = await (await request.get(path)).text();
    expect(html.slice(0, html.indexOf("</head>")), path).not.toContain('rel="modulepreload"');
    await gotoHydrated(page, path);
    const timing = await page.evaluate(() => ({
      contentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime),
    }));
    expect(timing.contentfulPaint, path).not.toBeNull();
    expect(timing.scripts.length, path).toBeGreaterThan(2);
    expect(Math.min(...timing.scripts), path).toBeGreaterThanOrEqual(timing.contentfulPaint!);
  }
});

test("not-found pages link back", async ({ page }) => {
  await page.goto("/blog/not-a-post");
  await page.getByRole("link", { name: "Back to Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await page.goto("/page/not-a-page");
  await page.getByRole("link", { name: "Go Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("on a phone the header shows the whole site name, wrapped between words, not cut mid-word (issue 31, finding 6)", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await gotoHydrated(page, "/tool/dds-to-png");
  const brand = page.getByTestId("site-brand");
  await expect(brand).toHaveText("DDS to PNG Converter");
  // nothing of it hidden: no ellipsis, no clipped line
  const clipped = await brand.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
  expect(clipped).toBe(false);
  await expect(page.getByRole("button", { name: "Search tools (Ctrl+K)" })).toBeInViewport();
});

test("a dead address offers the tool search, the most searched tools and the newest posts, and stays a noindex 404 (issue 31, finding 4)", async ({ page, request }) => {
  const html = await (await request.get("/no/such/address")).text();
  // in the server HTML: the search form works without JavaScript
  expect(html).toMatch(/<form[^>]*action="\/tools"/);
  const response = await gotoHydrated(page, "/no/such/address");
  expect(response?.status()).toBe(404);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  const tools = page.getByTestId("not-found-tools").getByRole("link");
  await expect(tools).toHaveCount(6);
  await expect(page.getByTestId("not-found-posts").getByRole("link").first()).toHaveAttribute("href", /^\/blog\/[\w-]+$/);
  await saveScreenshots(page, "not-found");
  await page.getByRole("search").getByLabel("Search tools").fill("timezone");
  await page.getByRole("search").getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/tools\?q=timezone$/);
  await expect(page.getByTestId("tools-count")).toHaveText("Showing 7 of 47 tools");

  // the other not-found pages (a tool, a post, a page, a category) have the search too
  for (const path of ["/tool/not-a-tool", "/blog/not-a-post", "/page/not-a-page", "/blog/category/gardening"]) {
    await page.goto(path);
    await expect(page.getByRole("search").getByLabel("Search tools"), path).toBeVisible();
  }
});

test("tool search filters as you type and works from ?q= without JavaScript", async ({ page, request }) => {
  await gotoHydrated(page, "/tools");
  const search = page.getByPlaceholder("Search tools...");
  await search.fill("gmt");
  // est-, gmt-to-eest, gmt-to-est, gmt-to-kst, kst-to- and pdt-to-gmt (PDT to BST does not mention GMT)
  await expect(page.getByTestId("tools-count")).toHaveText("Showing 6 of 47 tools");
  await expect(page).toHaveURL(/\?q=gmt$/);
  await search.fill("no such tool anywhere");
  await expect(page.getByText("No tools found matching your search.")).toBeVisible();
  await expect(page.getByTestId("tools-count")).toHaveText("Showing 0 of 47 tools");
  const html = await (await request.get("/tools?q=dds")).text();
  expect(html).toContain("Showing 2 of 47 tools");
});

test("the text tools count, reverse and change case", async ({ page }) => {
  await gotoHydrated(page, "/tool/word-counter");
  await page.getByLabel("Input Text").fill("Hello brave new world. Second sentence!");
  await expect(page.getByTestId("stat-words")).toHaveText("6");
  await expect(page.getByTestId("stat-sentences")).toHaveText("2");
  await page.getByRole("button", { name: "UPPERCASE" }).click();
  await expect(page.getByLabel("Output Text")).toHaveValue("HELLO BRAVE NEW WORLD. SECOND SENTENCE!");
  await gotoHydrated(page, "/tool/text-reverser");
  await page.getByLabel("Input Text").fill("abc déf");
  await page.getByRole("button", { name: "Reverse Text" }).click();
  await expect(page.getByLabel("Output Text")).toHaveValue("féd cba");
  await gotoHydrated(page, "/tool/character-counter");
  await page.getByLabel("Input Text").fill("a b c");
  await expect(page.getByTestId("stat-characters")).toHaveText("5");
  await expect(page.getByTestId("stat-characters-no-spaces-")).toHaveText("3");
  await page.getByRole("button", { name: "Title Case" }).click();
  await expect(page.getByLabel("Output Text")).toHaveValue("A B C");
});

test("share buttons: Copy Link copies the post's URL, the others open the share pages", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await gotoHydrated(page, "/blog/tool-comparison");
  await page.getByRole("button", { name: "Copy Link" }).click();
  await expect(page.getByText("Link copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/blog/tool-comparison`);
  const twitter = await page.getByRole("link", { name: "Twitter" }).getAttribute("href");
  expect(twitter).toContain("https://twitter.com/intent/tweet?url=" + encodeURIComponent(`${baseURL}/blog/tool-comparison`));
  const linkedin = await page.getByRole("link", { name: "LinkedIn" }).getAttribute("href");
  expect(linkedin).toContain("https://www.linkedin.com/sharing/share-offsite/?url=");
});

test("sitemap.xml and robots.txt are served live", async ({ request, baseURL }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  for (const p of ["/", "/tools", "/blog", "/blog/productivity-tips", "/page/about", "/tool/dds-to-png", "/tool/word-counter"]) {
    expect(xml).toContain(`<loc>${baseURL}${p}</loc>`);
  }
  // the three fixed pages, 3 posts, 4 static pages, 47 tools and the 4 seeded categories (each has a post)
  expect(xml).toContain(`<loc>${baseURL}/blog/category/tools</loc>`);
  expect(xml.match(/<url>/g)).toHaveLength(3 + 3 + 4 + 47 + 4);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(getSetting("robots_txt").trim());
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

// These fixtures write the database directly, like another app instance would: the server's
// page cache notices within a second (ContentVersionClock), so the tests poll the page they check.
const served = (request: APIRequestContext, path: string, check: (status: number, html: string) => boolean) =>
  expect
    .poll(
      async () => {
        const res = await request.get(path);
        return check(res.status(), await res.text());
      },
      { timeout: 5000 },
    )
    .toBe(true);

test.describe("settings applied to the public site", () => {
  test.afterEach(async ({ request }) => {
    for (const key of ["maintenance_mode", "custom_css", "google_search_console", "ads_config"]) setSetting(key, key === "maintenance_mode" ? "false" : "");
    await served(request, "/", (status, html) => status === 200 && !html.includes("google-site-verification"));
  });

  test("maintenance mode answers 503 to visitors, lets /auth and admins through, and turns off again", async ({ page, request, browser, baseURL }) => {
    setSetting("maintenance_mode", "true");
    await served(request, "/", (status) => status === 503);
    const home = await request.get("/");
    expect(Number(home.headers()["retry-after"])).toBeGreaterThan(0);
    expect(await home.text()).toContain("down for scheduled maintenance");
    expect((await request.get("/tools")).status()).toBe(503);
    expect((await request.get("/auth")).status()).toBe(200);
    expect((await request.get("/sitemap.xml")).status()).toBe(200);

    // a signed-in admin still sees the site
    const admin = await browser.newContext({ baseURL });
    const email = "maintainer@example.com";
    const signUp = await admin.request.post("/api/auth/sign-up/email", {
      data: { email, password: "maint-pass-1", name: "maintainer" },
      headers: { origin: baseURL! },
    });
    expect(signUp.ok()).toBe(true);
    // only the site's first account is signed in by its sign-up
    expect((await admin.request.post("/api/auth/sign-in/email", { data: { email, password: "maint-pass-1" }, headers: { origin: baseURL! } })).ok()).toBe(true);
    makeAdmin(email);
    const adminPage = await admin.newPage();
    expect((await adminPage.goto("/"))?.status()).toBe(200);
    await expect(adminPage.getByRole("heading", { level: 1, name: "DDS to PNG Converter" })).toBeVisible();
    await admin.close();

    setSetting("maintenance_mode", "false");
    await served(request, "/", (status) => status === 200);
    expect((await page.goto("/"))?.status()).toBe(200);
  });

  test("custom CSS, Search Console verification and ad code reach the page; a broken ads_config falls back", async ({ page, request }) => {
    setSetting("custom_css", "body { outline: 3px solid rgb(255, 0, 0); }");
    setSetting("google_search_console", "verify-token-123");
    await served(request, "/", (_, html) => html.includes("verify-token-123"));
    await page.goto("/");
    await expect(page.locator('meta[name="google-site-verification"]')).toHaveAttribute("content", "verify-token-123");
    expect(await page.evaluate(() => getComputedStyle(document.body).outlineColor)).toBe("rgb(255, 0, 0)");
    // enabled without code: nothing for a visitor (issue 29, finding 3)
    await expect(page.locator("[data-ad-slot]")).toHaveCount(0);

    setSetting(
      "ads_config",
      JSON.stringify({
        headerBanner: { enabled: false, code: "" },
        leftSidebar: { enabled: false, code: "" },
        rightSidebar: { enabled: false, code: "" },
        sidebarAd: { enabled: true, code: "" },
        inlineAd: { enabled: true, code: '<a href="/tools" id="house-ad">Our tools</a>' },
        googleAdsense: { enabled: false, publisherId: "" },
      }),
    );
    await served(request, "/tool/word-counter", (_, html) => html.includes("house-ad"));
    await page.goto("/tool/word-counter");
    await expect(page.locator("#house-ad")).toHaveText("Our tools");
    await served(request, "/", (_, html) => !html.includes('data-ad-slot="headerBanner"'));
    await page.goto("/");
    await expect(page.locator('[data-ad-slot="headerBanner"]')).toHaveCount(0);

    // a broken value falls back to the defaults: slots without code, so the house ad goes and no box comes
    setSetting("ads_config", "{broken json");
    await served(request, "/tool/word-counter", (status, html) => status === 200 && !html.includes("house-ad"));
    await page.goto("/tool/word-counter");
    await expect(page.locator("[data-ad-slot]")).toHaveCount(0);
  });
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the menu is behind a toggle that opens, navigates and closes", async ({ page }) => {
    await gotoHydrated(page, "/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toBeVisible();
    const mobileMenu = page.locator("#mobile-menu");
    await expect(mobileMenu).toBeHidden();
    await toggle.click();
    await expect(mobileMenu).toBeVisible();
    await mobileMenu.getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(mobileMenu).toBeHidden();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});

/** The few entities our HTML writes in titles and descriptions, decoded, so lengths are what people read. */
const decodeEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" })[name] ?? "");

test("every public URL of the sitemap has a title of at most 60 characters and a description of at most 155, none of them shared (issue 31, finding 5)", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(paths.length).toBeGreaterThan(40);
  const titles = new Map<string, string[]>();
  const descriptions = new Map<string, string[]>();
  const problems: string[] = [];
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    const title = decodeEntities(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
    const description = decodeEntities(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "");
    if (title.length === 0 || title.length > 60) problems.push(`${path}: title of ${title.length}: ${title}`);
    if (description.length === 0 || description.length > 155) problems.push(`${path}: description of ${description.length}`);
    // cut at a word: what comes before the ellipsis is a whole word of the text
    if (/\w…$/.test(title) && !/\s/.test(title)) problems.push(`${path}: title cut inside its only word`);
    // one heading per section: the tool texts' own "About the …" is not stacked under "About This Tool"
    if (/About This Tool<\/h2>\s*<div[^>]*>\s*<h2/.test(html)) problems.push(`${path}: two headings in a row`);
    titles.set(title, [...(titles.get(title) ?? []), path]);
    descriptions.set(description, [...(descriptions.get(description) ?? []), path]);
  }
  for (const [title, where] of titles) if (where.length > 1) problems.push(`title "${title}" on ${where.join(", ")}`);
  for (const [description, where] of descriptions) if (where.length > 1) problems.push(`description "${description.slice(0, 40)}…" on ${where.join(", ")}`);
  expect(problems).toEqual([]);
});

