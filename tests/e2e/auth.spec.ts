import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "./support/test.ts";
import { e2eDataDir } from "./support/data-dir.ts";
import { decodeMail } from "../support/mail.ts";
import { gotoHydrated } from "./support/page.ts";
import { setSetting } from "./support/site-db.ts";
import { FIRST_ADMIN_NOTE, LATER_ACCOUNT_NOTE, RESET_LINK_REQUESTED, signUpAnswer } from "#app/lib/auth-messages.ts";

// One story in order on a fresh database: the first account becomes the admin, the next does not.
test.describe.configure({ mode: "serial" });

const ADMIN = { email: "owner@example.com", password: "first-pass-1" };
const OTHER = { email: "visitor@example.com", password: "other-pass-1" };

async function fillCredentials(page: Page, tab: "Sign In" | "Sign Up", creds: { email: string; password: string }) {
  await page.getByRole("tab", { name: tab }).click();
  const panel = page.getByRole("tabpanel", { name: tab });
  await panel.getByLabel("Email").fill(creds.email);
  await panel.getByLabel("Password").fill(creds.password);
  await panel.getByRole("button", { name: tab }).click();
}

/** The newest mail to `to` holding a reset link; mail goes out just after the answer, so wait for it. */
async function latestResetMail(to: string): Promise<string> {
  const dir = path.join(e2eDataDir(), "outbox");
  const newest = () => {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(`${to}.eml`)).toSorted() : [];
    const mails = files.map((f) => decodeMail(fs.readFileSync(path.join(dir, f), "utf8")));
    return mails.findLast((m) => m.includes("/api/auth/reset-password/")) ?? "";
  };
  await expect.poll(newest).not.toBe("");
  return newest();
}

test("the home page is rendered on the server with the site title", async ({ request }) => {
  const res = await request.get("/");
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain("DDS to PNG Converter");
  expect(html).toContain("Featured Tools");
  const health = await request.get("/healthz");
  expect(health.status()).toBe(200);
});

test("an unknown path shows the 404 page", async ({ page }) => {
  const res = await page.goto("/no/such/page");
  expect(res?.status()).toBe(404);
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
});

test("/auth names the site, links home and, on a fresh install, says the first account becomes the admin (issue 29, finding 10)", async ({ page }) => {
  await gotoHydrated(page, "/auth");
  await expect(page.getByTestId("auth-site-name")).toHaveText("DDS to PNG Converter");
  await expect(page.getByTestId("auth-site-name")).toHaveAttribute("href", "/");
  await expect(page.getByRole("link", { name: "Back to DDS to PNG Converter" })).toHaveAttribute("href", "/");
  await expect(page).toHaveTitle("Admin sign-in · DDS to PNG Converter");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await expect(page.getByTestId("sign-up-note")).toHaveText(FIRST_ADMIN_NOTE);
});

test("the first sign-up becomes the admin and lands on the dashboard", async ({ page }) => {
  await gotoHydrated(page, "/auth");
  await fillCredentials(page, "Sign Up", ADMIN);
  await expect(page.getByText("Account created successfully. Redirecting...")).toBeVisible();
  await page.waitForURL("**/admin/dashboard");
  await expect(page.getByTestId("admin-email")).toHaveText(ADMIN.email);
  await expect(page.getByTestId("count-total-users")).toHaveText("1");
  await expect(page.getByTestId("count-featured-tools")).toHaveText("6");
  // a session present on /auth goes straight back to the dashboard
  await page.goto("/auth");
  await page.waitForURL("**/admin/dashboard");
});

test("a second account's sign-up gets one honest message; signed in, it gets 'Access Denied' and keeps its session until it signs out", async ({ page }) => {
  await gotoHydrated(page, "/auth");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await expect(page.getByTestId("sign-up-note")).toHaveText(LATER_ACCOUNT_NOTE);
  await fillCredentials(page, "Sign Up", OTHER);
  // the same answer as for an address that already has an account (issue 28, finding 8); this server
  // has no SMTP_URL, so it names no inbox (issue 29, finding 5)
  await expect(page.getByText(signUpAnswer("outbox"))).toBeVisible();
  await expect(page.getByText(/Check your inbox|Account created successfully/)).toHaveCount(0);
  await expect(page).toHaveURL(/\/auth$/);

  await fillCredentials(page, "Sign In", OTHER);
  await page.waitForURL("**/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("You don't have admin privileges.")).toBeVisible();
  await expect(page.getByTestId("access-denied-email")).toHaveText(OTHER.email);
  // the session is kept: another admin URL shows the same screen, not the sign-in page
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/settings$/);

  // signing out is the account holder's choice
  await page.getByRole("button", { name: "Sign Out" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/auth$/);
});

test("forgot password mails a link that sets a new password, which then signs in", async ({ page }) => {
  await gotoHydrated(page, "/auth");
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("status").filter({ hasText: RESET_LINK_REQUESTED })).toHaveText(RESET_LINK_REQUESTED);
  await expect(page.getByText(/inbox|Email Sent/i)).toHaveCount(0);

  const mail = await latestResetMail(ADMIN.email);
  const link = mail.match(/https?:\/\/\S+\/api\/auth\/reset-password\/[A-Za-z0-9]+\?callbackURL=%2Fauth/)?.[0];
  expect(link, "reset link in the outbox mail").toBeTruthy();

  await gotoHydrated(page, link!);
  await expect(page).toHaveURL(/\/auth\?token=/);
  const newPassword = "second-pass-2";
  await page.getByLabel("New Password").fill(newPassword);
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Password updated successfully. You can now sign in.")).toBeVisible();

  await fillCredentials(page, "Sign In", { email: ADMIN.email, password: ADMIN.password });
  await expect(page.getByText("Invalid email or password")).toBeVisible();
  await fillCredentials(page, "Sign In", { email: ADMIN.email, password: newPassword });
  await page.waitForURL("**/admin/dashboard");
  await expect(page.getByTestId("admin-email")).toHaveText(ADMIN.email);

  // signing out returns to the home page, and the admin area is closed again
  await page.getByRole("button", { name: "Sign Out" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/auth$/);
});

test("a used or broken reset link shows 'Reset link error' and the forgot-password form", async ({ page }) => {
  await page.goto("/api/auth/reset-password/not-a-real-token?callbackURL=%2Fauth");
  await expect(page.getByText("Reset link error")).toBeVisible();
  await expect(page.getByText("Email link is invalid or expired.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send Reset Link" })).toBeVisible();
});

// Issue 11: the credential throttle (decision 012) as a browser meets it. The server trusts
// X-Forwarded-For from loopback (TRUST_PROXY unset), so each context below has its own address.
const ADMIN_NOW = { email: ADMIN.email, password: "second-pass-2" };

test("an address that keeps failing is refused with a message on the sign-in form; the admin still gets in from another", async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const attacker = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": "203.0.113.50" } });
  // ten wrong guesses as a script sends them, form-encoded, each for another e-mail
  for (let i = 0; i < 10; i++) {
    const res = await attacker.request.post("/api/auth/sign-in/email", { form: { email: `nobody-${i}@example.com`, password: "guess-guess" }, headers: { origin: baseURL! } });
    expect(res.status()).toBe(401);
  }
  const page = await attacker.newPage();
  await gotoHydrated(page, "/auth");
  await fillCredentials(page, "Sign In", ADMIN_NOW);
  await expect(page.getByText("Too many attempts")).toBeVisible();
  await expect(page.getByText(/Too many failed attempts from your network\. Try again in \d+ minutes?\./)).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await attacker.close();

  const elsewhere = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": "192.0.2.77" } });
  const adminPage = await elsewhere.newPage();
  await gotoHydrated(adminPage, "/auth");
  await fillCredentials(adminPage, "Sign In", ADMIN_NOW);
  await adminPage.waitForURL("**/admin/dashboard");
  await elsewhere.close();
});

test("a second reset link within 60 s shows the wait message on the forgot-password form", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": "203.0.113.51" } });
  const page = await context.newPage();
  await gotoHydrated(page, "/auth");
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await page.getByLabel("Email").fill(OTHER.email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText(RESET_LINK_REQUESTED)).toBeVisible();
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("Too many attempts")).toBeVisible();
  await expect(page.getByText(/^You can only request a new link every 60 seconds\. Please wait \d+ s before asking again\.$/)).toBeVisible();
  await context.close();
});

test("with 'Allow new accounts' off, /auth has no Sign Up tab and the server refuses sign-up", async ({ browser, baseURL }) => {
  const admin = await browser.newContext({ baseURL });
  const page = await admin.newPage();
  try {
    await gotoHydrated(page, "/auth");
    await fillCredentials(page, "Sign In", ADMIN_NOW);
    await page.waitForURL("**/admin/dashboard");
    await gotoHydrated(page, "/admin/settings");
    const allow = page.getByRole("switch", { name: "Allow new accounts" });
    await expect(allow).toBeChecked();
    await allow.click();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Settings saved successfully")).toBeVisible();

    const visitor = await browser.newContext({ baseURL });
    const auth = await visitor.newPage();
    await gotoHydrated(auth, "/auth");
    await expect(auth.getByRole("tab", { name: "Sign In" })).toBeVisible();
    await expect(auth.getByRole("tab", { name: "Sign Up" })).toHaveCount(0);
    const res = await visitor.request.post("/api/auth/sign-up/email", { data: { email: "closed@example.com", password: "closed-pass-1", name: "closed" }, headers: { origin: baseURL! } });
    expect(res.status()).toBe(403);
    expect(await res.json()).toMatchObject({ message: "New accounts are not being accepted on this site." });
    await visitor.close();

    await gotoHydrated(page, "/admin/settings");
    await page.getByRole("switch", { name: "Allow new accounts" }).click();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Settings saved successfully")).toBeVisible();
  } finally {
    // later specs sign up accounts
    setSetting("allow_new_accounts", "true");
    await admin.close();
  }
  const again = await browser.newPage({ baseURL });
  await gotoHydrated(again, "/auth");
  await expect(again.getByRole("tab", { name: "Sign Up" })).toBeVisible();
  await again.close();
});

