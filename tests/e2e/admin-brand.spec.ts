import fs from "node:fs";
import path from "node:path";
import { OUTBOX_ONLY_NOTICE } from "#app/server/mail/test-mail.server.ts";
import { decodeMail } from "#tests/support/mail.ts";
import { adminContext } from "./support/admin.ts";
import { e2eDataDir } from "./support/data-dir.ts";
import { gotoHydrated } from "./support/page.ts";
import { getSetting, setSetting } from "./support/site-db.ts";
import { expect, test } from "./support/test.ts";

// Issue 29, findings 2 and 5 as the owner meets them: the site name (brand) and the home page's
// SEO title are two settings, and a rename reaches the seeded About page and home article; the
// admin is told while mail only reaches the outbox, and can send a test mail.

const EMAIL = "brand-e2e@example.com";

test("the dashboard says mail only reaches the outbox, and 'Send test mail' reports what became of the mail", async ({ browser, baseURL }) => {
  const { context, page } = await adminContext(browser, baseURL!, EMAIL);
  try {
    await gotoHydrated(page, "/admin/dashboard");
    const notice = page.getByTestId("mail-notice");
    await expect(notice).toContainText("Mail only goes to the outbox.");
    await expect(notice).toContainText(OUTBOX_ONLY_NOTICE);
    await notice.getByRole("link", { name: "Send a test mail" }).click();
    await page.waitForURL("**/admin/settings#mail");
    await page.getByRole("button", { name: "Send test mail" }).click();
    await expect(page.getByTestId("test-mail-result")).toHaveText(`No mail server is set (SMTP_URL), so the test mail to ${EMAIL} was only written to the server's outbox folder, not sent.`);
    const dir = path.join(e2eDataDir(), "outbox");
    const mails = fs.readdirSync(dir).filter((f) => f.endsWith(`${EMAIL}.eml`)).map((f) => decodeMail(fs.readFileSync(path.join(dir, f), "utf8")));
    expect(mails.some((m) => m.includes("Subject: Test mail from "))).toBe(true);
  } finally {
    await context.close();
  }
});

test("the home page's SEO title leaves the brand alone; a renamed site shows its new name in the header, titles and seeded text", async ({ browser, baseURL, request }) => {
  const keys = ["site_name", "home_title", "title_template"] as const;
  const before = Object.fromEntries(keys.map((k) => [k, getSetting(k)]));
  const { context, page } = await adminContext(browser, baseURL!, EMAIL);
  try {
    await gotoHydrated(page, "/admin/seo");
    await page.getByLabel("Home Page Title").fill("Free Online Converters – Acme");
    await page.getByRole("button", { name: "Save SEO Settings" }).click();
    await expect(page.getByText(/SEO settings saved/i).first()).toBeVisible({ timeout: 15_000 });
    await expect.poll(async () => (await request.get("/")).text(), { timeout: 10_000 }).toContain("<title>Free Online Converters – Acme</title>");
    const visitor = await browser.newPage();
    await gotoHydrated(visitor, "/");
    // the brand in the header is still the site name
    await expect(visitor.getByRole("banner")).toContainText(before.site_name!);
    await expect(visitor.getByRole("banner")).not.toContainText("Free Online Converters");

    await gotoHydrated(page, "/admin/settings");
    await page.getByLabel("Site Name").fill("Acme Tools");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Settings saved successfully").first()).toBeVisible({ timeout: 15_000 });
    await expect.poll(async () => (await request.get("/page/about")).text(), { timeout: 10_000 }).toContain("<title>About Us | Acme Tools</title>");
    await gotoHydrated(visitor, "/page/about");
    await expect(visitor.getByRole("banner")).toContainText("Acme Tools");
    await expect(visitor.getByRole("main")).toContainText("Acme Tools started with a single, practical problem");
    await gotoHydrated(visitor, "/");
    await expect(visitor).toHaveTitle("Free Online Converters – Acme");
    await expect(visitor.getByRole("main")).toContainText("Acme Tools is a free collection of file converters");
    await expect(visitor.getByRole("contentinfo")).toContainText("Acme Tools");
  } finally {
    for (const k of keys) setSetting(k, before[k]!);
    await context.close();
  }
});
