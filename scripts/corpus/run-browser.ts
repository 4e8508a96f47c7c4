// Corpus cases in Chromium: the production app on a free port with its own DATA_DIR (bench/server.ts),
// Debian's Chromium through Playwright, a fresh browser context per case (so its renderer, and its
// memory, are its own), the page's driver (browser-pages.ts), and the download saved for the judge.
import { chromium, errors, type Browser, type Page } from "@playwright/test";
import { startServer, type BenchServer } from "../../bench/server.ts";
import { gotoHydrated } from "#tests/e2e/support/page.ts";
import type { CorpusCase } from "#tests/corpus/corpus-case.ts";
import { convertOnPage, NotDrivable, PAGE_DRIVERS, type PageDriver } from "./browser-pages.ts";
import type { RunOutcome } from "./outcome.ts";
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

async function driveCase(page: Page, driver: PageDriver, corpusCase: CorpusCase, outputStem: string, consoleErrors: string[]): Promise<RunOutcome> {
  await gotoHydrated(page, driver.path);
  return convertOnPage(page, driver, corpusCase, outputStem, consoleErrors);
}
