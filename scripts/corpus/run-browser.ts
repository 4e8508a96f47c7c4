// Corpus cases in Chromium: the production app on a free port with its own DATA_DIR (bench/server.ts),
// Debian's Chromium through Playwright, a fresh browser context per case (so its renderer, and its
// memory, are its own), the page's driver (browser-pages.ts), and the download saved for the judge.
import { readFileSync } from "node:fs";
import { extname } from "node:path";
import { chromium, errors, type Browser, type Page } from "@playwright/test";
import { startServer, type BenchServer } from "../../bench/server.ts";
import { gotoHydrated } from "#tests/e2e/support/page.ts";
import type { CorpusCase } from "#tests/corpus/corpus-case.ts";
import { NotDrivable, PAGE_DRIVERS, type PageDriver } from "./browser-pages.ts";
import { isProgrammerError, type RunOutcome } from "./outcome.ts";
import { watchMemory } from "./process-memory.ts";
import type { Limits } from "./run-cli.ts";

/** The launch flags this network needs (DESIGN.md, "Toolchain"). */
export const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const MB = 1024 * 1024;

export interface BrowserSession {
  server: BenchServer;
  browser: Browser;
  close(): Promise<void>;
}

export async function openBrowser(preferredPort: number): Promise<BrowserSession> {
  const server = await startServer(preferredPort);
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    return {
      server,
      browser,
      close: async () => {
        await browser.close().catch(() => undefined);
        await server.stop();
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

export interface BrowserRun {
  outcome: RunOutcome;
  durationMs: number;
  peakBytes: number;
  foreignRequests: string[];
  /** set when the case cannot be driven on its page (a CLI option the page has no control for) */
  notDriven?: string;
}

/** One case on its tool page; `outputStem` gets the download's own extension. */
export async function runBrowserCase(session: BrowserSession, corpusCase: CorpusCase, outputStem: string, limits: Limits): Promise<BrowserRun> {
  const started = performance.now();
  const origin = new URL(session.server.baseUrl).origin;
  const driver = PAGE_DRIVERS[corpusCase.category];
  if (!driver) throw new Error(`no page driver for ${corpusCase.category}`);
  const context = await session.browser.newContext({ acceptDownloads: true, baseURL: session.server.baseUrl });
  const page = await context.newPage();
  page.setDefaultTimeout(limits.timeoutMs);
  const foreignRequests: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!/^(data|blob):/.test(url) && new URL(url).origin !== origin) foreignRequests.push(url);
  });
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(error.message));

  // what ends a case early: the tab's crash, the time limit, or its renderer's memory
  const interrupted = Promise.withResolvers<RunOutcome>();
  page.once("crash", () => interrupted.resolve({ kind: "crash", detail: "the tab crashed" }));
  const timer = setTimeout(() => interrupted.resolve({ kind: "hang", detail: `the page did not settle within ${Math.round(limits.timeoutMs / 1000)} s` }), limits.timeoutMs);
  // the renderer that runs the page (and its workers) is a process of its own per context
  const memory = watchMemory(process.pid, {
    limitBytes: limits.memoryBytes,
    sum: false,
    select: (p) => p.cmdline.includes("--type=renderer"),
    onRunaway: (peak) => interrupted.resolve({ kind: "memory", detail: `a renderer reached ${Math.round(peak / MB)} MB resident` }),
  });
  let notDriven: string | undefined;
  const work = driveCase(page, driver, corpusCase, outputStem, consoleErrors).catch((error: unknown): RunOutcome => {
    const message = error instanceof Error ? error.message.split("\n")[0]! : String(error);
    if (error instanceof NotDrivable) notDriven = message;
    // a Playwright wait that ran out: the page never got there; anything else is the driver's own failure
    if (error instanceof errors.TimeoutError) return { kind: "hang", detail: `the page did not settle: ${message}` };
    return { kind: "crash", detail: `${page.isClosed() ? "the page closed" : "the driver failed"}: ${message}` };
  });
  const outcome = await Promise.race([work, interrupted.promise]);
  clearTimeout(timer);
  const peakBytes = memory.stop();
  await context.close().catch(() => undefined);
  return { outcome, durationMs: performance.now() - started, peakBytes, foreignRequests, ...(notDriven ? { notDriven } : {}) };
}

/** What the page shows once a conversion has ended (or the file was refused before it). */
type Settled = { state: "done" } | { state: "refused" | "failed"; text: string };

/** Runs in the page (Playwright sends its source): self-contained. */
function pageState(): Settled | null {
  if (document.querySelector('[data-testid="conversion-result"]')) return { state: "done" };
  const refusal = document.querySelector('[data-testid="file-refusal"]');
  if (refusal) return { state: "refused", text: refusal.textContent ?? "" };
  const status = document.querySelector('[data-testid="conversion-status"]')?.textContent?.trim();
  return status ? { state: "failed", text: status } : null;
}

async function driveCase(page: Page, driver: PageDriver, corpusCase: CorpusCase, outputStem: string, consoleErrors: string[]): Promise<RunOutcome> {
  await gotoHydrated(page, driver.path);
  const input = page.locator('[data-testid="file-drop-zone"] input[type="file"]');
  const mimeType = typeof driver.mimeType === "string" ? driver.mimeType : driver.mimeType(corpusCase);
  await input.setInputFiles({ name: driver.uploadName(corpusCase), mimeType, buffer: readFileSync(corpusCase.input) });
  // (waitForFunction waits while the value is falsy: every answer is a non-empty string)
  const chosen = await (await page.waitForFunction(() => {
    const refusal = document.querySelector('[data-testid="file-refusal"]');
    if (refusal) return `refused:${refusal.textContent ?? ""}`;
    return document.querySelector('[data-testid="selected-file"]') ? "chosen" : null;
  })).jsonValue();
  if (chosen?.startsWith("refused:")) return { kind: "refused", message: chosen.slice("refused:".length).trim() };
  const refused = await driver.prepare(page, corpusCase);
  if (refused !== null) return { kind: "refused", message: refused };

  const convert = page.getByRole("button", { name: driver.convertLabel, exact: true });
  if (await convert.isDisabled()) {
    const alerts = (await page.getByRole("alert").allTextContents()).map((t) => t.trim()).filter(Boolean);
    return { kind: "refused", message: alerts.join(" ") || "Convert stays disabled, with no reason shown" };
  }
  await convert.click();
  const settled = (await (await page.waitForFunction(pageState)).jsonValue()) as Settled;
  if (settled.state === "refused") return { kind: "refused", message: settled.text.trim() };
  if (settled.state === "failed") {
    const message = settled.text.replace(new RegExp(`^${driver.failureTitle}:\\s*`), "").trim();
    if (message === driver.genericFailure) {
      return { kind: "crash", detail: `the page fell back to its generic failure text (not a CodecFailure)${consoleErrors[0] ? `: ${consoleErrors[0]}` : ""}` };
    }
    return isProgrammerError(message) ? { kind: "crash", detail: `a programmer's error as the message: ${message}` } : { kind: "refused", message };
  }
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: driver.downloadLabel, exact: true }).click();
  const download = await downloading;
  const output = `${outputStem}${extname(download.suggestedFilename()) || `.${corpusCase.outputExt}`}`;
  await download.saveAs(output);
  return { kind: "converted", output };
}
