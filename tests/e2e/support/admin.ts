import type { Browser, BrowserContext, Page } from "@playwright/test";
import { makeAdmin } from "./site-db.ts";

/**
 * A signed-in admin for a spec: its own account (signed up through the API, then given the admin
 * role in the database, as the first account would have), in its own browser context.
 */
export async function adminContext(browser: Browser, baseURL: string, email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL });
  const password = "admin-pass-1";
  // Each account signs up from its own address (the server trusts X-Forwarded-For from loopback),
  // as real admins would: the suite creates more accounts than one address may in an hour.
  const headers = { origin: baseURL, "x-forwarded-for": testAddress(email) };
  // sign-up answers alike whether or not the account exists and signs in only the site's first
  // account (issue 28, finding 8): sign in afterwards
  const signUp = await context.request.post("/api/auth/sign-up/email", { data: { email, password, name: email.split("@")[0] }, headers });
  if (!signUp.ok()) throw new Error(`could not sign up ${email}: ${signUp.status()} ${await signUp.text()}`);
  const signIn = await context.request.post("/api/auth/sign-in/email", { data: { email, password }, headers });
  if (!signIn.ok()) throw new Error(`could not sign in ${email}: ${signIn.status()} ${await signIn.text()}`);
  makeAdmin(email);
  const page = await context.newPage();
  return { context, page };
}

/** A stable address per account in 198.18.0.0/15, the range set aside for tests of network devices. */
export function testAddress(key: string): string {
  let hash = 0;
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `198.${18 + ((hash >>> 16) & 1)}.${(hash >>> 8) & 255}.${hash & 255}`;
}
