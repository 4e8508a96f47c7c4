import { test as base, expect, type Browser, type BrowserContext } from "@playwright/test";

// Every spec imports `test` and `expect` from here instead of @playwright/test: a test fails when any
// page it opened (in the default context or in one it made with browser.newContext) logged a
// Content-Security-Policy violation, so the policy can never silently break a feature.

export { expect };
export type { APIRequestContext, APIResponse, Browser, BrowserContext, Locator, Page, Worker } from "@playwright/test";

// policy violations, and errors in our Permissions-Policy header (an unknown feature name)
const VIOLATION = /Content[- ]Security[- ]Policy|Permissions-Policy/i;

function watch(context: BrowserContext, violations: string[], allowed: readonly RegExp[]): void {
  context.on("console", (message) => {
    const text = message.text();
    if (VIOLATION.test(text) && !allowed.some((re) => re.test(text))) violations.push(`${message.location().url}: ${text}`);
  });
}

export const test = base.extend<{ cspAllowed: RegExp[]; cspGuard: void }>({
  /** messages a test provokes on purpose (a refused frame); anything else still fails it */
  cspAllowed: [[], { option: true }],
  cspGuard: [
    async ({ browser, context, cspAllowed }, use) => {
      const violations: string[] = [];
      watch(context, violations, cspAllowed);
      const newContext = browser.newContext;
      const patched: Browser["newContext"] = async (options) => {
        const made = await newContext.call(browser, options);
        watch(made, violations, cspAllowed);
        return made;
      };
      browser.newContext = patched;
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});
