import type { Browser, BrowserContext, Page } from "@playwright/test";
import { makeAdmin } from "./site-db";

/**
 * A signed-in admin for a spec: its own account (signed up through the API, then given the admin
 * role in the database, as the first account would have), in its own browser context.
 */
export async function adminContext(browser: Browser, baseURL: string, email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL });
  const password = "admin-pass-1";
  const headers = { origin: baseURL };
  const signUp = await context.request.post("/api/auth/sign-up/email", { data: { email, password, name: email.split("@")[0] }, headers });
  if (!signUp.ok()) {
    const signIn = await context.request.post("/api/auth/sign-in/email", { data: { email, password }, headers });
    if (!signIn.ok()) throw new Error(`could not sign in ${email}: ${signIn.status()} ${await signIn.text()}`);
  }
  makeAdmin(email);
  const page = await context.newPage();
  return { context, page };
}
