import { SERVICE_WORKER_PATH, SKIP_WAITING } from "./cache-rules.ts";

// The page side of the service worker (decision 049), kept tiny: it ships with every public page.

/** Called when a new build's worker is installed and waiting; `accept` activates it and reloads. */
export type OnUpdate = (accept: () => void) => void;

function offer(worker: ServiceWorker, onUpdate: OnUpdate): void {
  onUpdate(() => {
    // reload once the new build controls the page, so no page ever runs on two builds
    navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
    // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a ServiceWorker's postMessage has no target origin
    worker.postMessage(SKIP_WAITING);
  });
}

/**
 * The first visit loaded its page and files before any worker existed: hand their URLs to the new
 * worker (Workbox's CACHE_URLS message), which keeps them by its usual rules, so the page works
 * offline from this visit on.
 */
async function cacheThisVisit(): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  const resources = performance.getEntriesByType("resource").map((entry) => entry.name);
  // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a ServiceWorker's postMessage has no target origin
  registration.active?.postMessage({ type: "CACHE_URLS", payload: { urlsToCache: [window.location.href, ...resources] } });
}

async function register(onUpdate: OnUpdate): Promise<void> {
  const firstVisit = !navigator.serviceWorker.controller;
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_PATH);
  if (firstVisit) void cacheThisVisit();
  // with no controller this is the first install: nothing older to replace
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting, onUpdate);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed" && navigator.serviceWorker.controller) offer(worker, onUpdate);
    });
  });
  // browsers look for a new worker on full page loads; a tab left open looks when it comes back
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void registration.update().catch(() => undefined);
  });
}

/** Registers /sw.js after the page has loaded (production builds, browsers that have workers). */
export function registerServiceWorker(onUpdate: OnUpdate): void {
  if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  const start = () => void register(onUpdate).catch((error: unknown) => console.warn("Service worker not registered:", error));
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}
