// "No request leaves our origin": the tool specs fail a test whose page asked another origin for anything.
import type { Page } from "@playwright/test";
import { expect, test } from "./test.ts";

/** Watches every request of the page; `foreign()` lists those to another origin (data: and blob: are local). */
export function watchOrigins(page: Page, baseURL: string): { foreign: () => string[] } {
  const origin = new URL(baseURL).origin;
  const seen: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol !== "data:" && url.protocol !== "blob:" && url.origin !== origin) seen.push(request.url());
  });
  return { foreign: () => [...seen] };
}

/** Fails each test of the calling spec file whose page sent a request to another origin. */
export function forbidForeignRequests(): void {
  let origins: { foreign: () => string[] };
  test.beforeEach(({ page, baseURL }) => {
    origins = watchOrigins(page, baseURL ?? "http://localhost");
  });
  test.afterEach(() => {
    expect(origins.foreign(), "requests to another origin").toEqual([]);
  });
}
