// One conversion on a tool page of the production build in headless Chromium: a fresh browser and
// profile, the file chosen, the target and options picked, then the time from clicking Convert to
// the Download link (or the failure toast), measured in the page; the download is saved for the
// caller to check.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "@playwright/test";

const CHROME_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const CHROME_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
const CONVERT_TIMEOUT_MS = 15 * 60_000;

export interface PageJob {
  baseUrl: string;
  /** e.g. /tool/pdf-converter */
  path: string;
  input: string;
  /** picks the target and the options once the file is chosen */
  setUp: (page: Page) => Promise<void>;
  /** where the download is saved */
  output: string;
}

export interface PageRun {
  seconds: number | null;
  note: string;
}

const firstLine = (error: unknown) => (error instanceof Error ? error.message.split("\n")[0]! : String(error));

/** Runs in the page: clicks Convert and resolves with the seconds until the Download link shows, null on a failure toast. */
function clickAndTime(timeoutMs: number): Promise<number | null> {
  // oxlint-disable-next-line unicorn/consistent-function-scoping -- Playwright sends this function's source alone to the page
  const linkShown = () => [...document.querySelectorAll("a")].some((a) => a.textContent?.trim() === "Download");
  // oxlint-disable-next-line unicorn/consistent-function-scoping -- as above
  const failureShown = () => [...document.querySelectorAll("[data-sonner-toast]")].some((toast) => /failed/i.test(toast.textContent ?? ""));
  const button = [...document.querySelectorAll("button")].find((b) => /^Convert(?!ing)/.test(b.textContent?.trim() ?? ""));
  if (!button) return Promise.reject(new Error("no Convert button"));
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const observer = new MutationObserver(() => {
      if (linkShown()) resolve((performance.now() - started) / 1000);
      else if (failureShown()) resolve(null);
      else return;
      observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    button.click();
    setTimeout(() => {
      observer.disconnect();
      reject(new Error(`no result after ${timeoutMs / 1000} s`));
    }, timeoutMs);
  });
}

export async function convertInPage(job: PageJob): Promise<PageRun> {
  let browser: BrowserContext | undefined;
  const profile = mkdtempSync(join(tmpdir(), "docs-bench-profile-"));
  try {
    browser = await chromium.launchPersistentContext(profile, { executablePath: CHROME_PATH, args: CHROME_ARGS, acceptDownloads: true });
    const page = browser.pages()[0] ?? (await browser.newPage());
    page.setDefaultTimeout(60_000);
    const response = await page.goto(`${job.baseUrl}${job.path}`);
    if (!response?.ok()) return { seconds: null, note: `${job.path} answered ${response?.status() ?? "nothing"}` };
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.waitForFunction(() => !document.querySelector("[data-tool-slot]:not([data-tool-ready])"));
    await page.locator('[data-testid="file-drop-zone"] input[type="file"]').setInputFiles(job.input);
    await job.setUp(page);

    const convert = page.getByRole("button", { name: /^Convert(?!ing)/ });
    await convert.waitFor();
    const link = page.getByRole("link", { name: "Download", exact: true });
    const failed = page.locator("[data-sonner-toast]").filter({ hasText: /failed/i });
    // timed in the page: a MutationObserver sees the Download link (or the failure toast) the moment
    // it appears, where Playwright's polling would add up to half a second to a short job
    const seconds = await page.evaluate(clickAndTime, CONVERT_TIMEOUT_MS);
    if (seconds === null || (await failed.count())) return { seconds: null, note: `the page failed: ${(await failed.first().innerText().catch(() => "no Download link")).replace(/\s+/g, " ")}` };

    const downloading = page.waitForEvent("download");
    await link.click();
    const download = await downloading;
    await download.saveAs(job.output);
    await download.delete();
    return { seconds, note: "" };
  } catch (error) {
    return { seconds: null, note: `browser run failed: ${firstLine(error)}` };
  } finally {
    await browser?.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
