import { adminContext } from "./support/admin.ts";
import { gotoHydrated, saveScreenshots } from "./support/page.ts";
import { getSetting, setSetting } from "./support/site-db.ts";
import { expect, test } from "./support/test.ts";

// Issue 29, finding 7: the owner sets the public site's primary colour and its dark-mode variant in
// General Settings; visitors' pages use them (the page cache lets the change through at once), and a
// colour that fails WCAG AA is refused with its ratio.

const EMAIL = "theme-e2e@example.com";
const KEYS = ["brand_color", "brand_dark_color"] as const;

test("a primary colour and a dark-mode colour set in General Settings colour the public home page", async ({ browser, baseURL, request }) => {
  const before = Object.fromEntries(KEYS.map((k) => [k, getSetting(k)]));
  const { context, page } = await adminContext(browser, baseURL!, EMAIL);
  try {
    await gotoHydrated(page, "/admin/settings");
    await page.getByLabel("Primary Color", { exact: true }).fill("#15803d");
    await expect(page.getByTestId("brand_color-check")).toHaveText("Contrast 5.02:1 (at least 4.5:1 needed): passes WCAG AA.");
    await expect(page.getByTestId("theme-preview-button")).toHaveCSS("background-color", "rgb(21, 128, 61)");
    await page.getByLabel("Dark Mode Color", { exact: true }).fill("#86efac");
    await saveScreenshots(page, "admin-theme-settings");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Settings saved successfully").first()).toBeVisible({ timeout: 15_000 });
    // the save made cached pages stale: the next visitor's home page carries the colours
    await expect.poll(async () => (await request.get("/")).text(), { timeout: 10_000 }).toContain("--color-brand-600:#15803d");

    const light = await browser.newContext({ baseURL, colorScheme: "light" });
    const visitor = await light.newPage();
    await gotoHydrated(visitor, "/");
    await expect(visitor.getByRole("link", { name: "Explore All Tools" })).toHaveCSS("background-color", "rgb(21, 128, 61)");
    await expect(visitor.getByRole("link", { name: "Explore All Tools" })).toHaveCSS("color", "rgb(255, 255, 255)");
    await saveScreenshots(visitor, "public-home-custom-light");
    await light.close();

    const dark = await browser.newContext({ baseURL, colorScheme: "dark" });
    const night = await dark.newPage();
    await gotoHydrated(night, "/");
    await expect(night.locator("html")).toHaveClass(/\bdark\b/);
    await expect(night.getByRole("link", { name: "View All Tools" })).toHaveCSS("color", "rgb(134, 239, 172)");
    await expect(night.getByRole("link", { name: "Explore All Tools" })).toHaveCSS("background-color", "rgb(21, 128, 61)");
    await saveScreenshots(night, "public-home-custom-dark");
    await dark.close();
  } finally {
    for (const k of KEYS) setSetting(k, before[k]!);
    await context.close();
  }
});

test("a colour white text cannot be read on is refused with its contrast ratio, and nothing changes", async ({ browser, baseURL }) => {
  const before = getSetting("brand_color");
  const { context, page } = await adminContext(browser, baseURL!, EMAIL);
  try {
    await gotoHydrated(page, "/admin/settings");
    await page.getByLabel("Primary Color", { exact: true }).fill("#60a5fa");
    const check = page.getByTestId("brand_color-check");
    await expect(check).toHaveText("Contrast 2.54:1 with white text; needs at least 4.5:1");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(check).toHaveText("Contrast 2.54:1 with white text; needs at least 4.5:1");
    await expect(page.getByLabel("Primary Color", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await saveScreenshots(page, "admin-theme-refused");

    // the server refuses it too, whatever the browser does
    const answer = await context.request.post("/admin/settings", {
      headers: { origin: baseURL! },
      multipart: { site_name: "Site", site_url: "/", sidebar_bg_color: "#f8f9fa", sidebar_text_color: "#000000", brand_color: "#60a5fa" },
    });
    expect(answer.status()).toBe(400);
    expect(await answer.text()).toContain("Contrast 2.54:1 with white text; needs at least 4.5:1");
    expect(getSetting("brand_color")).toBe(before);
  } finally {
    await context.close();
  }
});
