// The service worker (decision 049), bundled by scripts/build-service-worker.ts into build/sw/sw.js
// and served at /sw.js. Workbox does the caching: the public shell is precached, hashed files are
// cache-first, public pages network-first with the cached copy offline. What never goes through
// it (admin, sign-in, API, uploads) is decided by app/lib/pwa/cache-rules.ts.
import type { WorkboxPlugin } from "workbox-core";
import { cleanupOutdatedCaches, getCacheKeyForURL, precacheAndRoute } from "workbox-precaching";
import { Route, Router } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import { handleShareTarget, isShareTargetRequest } from "#app/lib/pwa/share-target-sw.ts";
import { assetsCacheName, cacheRuleOf, isStorable, OFFLINE_PATH, outdatedCaches, pagesCacheName, SKIP_WAITING, toolSlugOfPage } from "#app/lib/pwa/cache-rules.ts";

/** Written by the build: this build's id, the shell to precache, and every tool engine URL it has. */
declare const SW_BUILD: { version: string; precache: { url: string; revision: string | null }[]; engineUrls: string[] };

// The parts of ServiceWorkerGlobalScope used here (the project's TypeScript lib is the DOM's).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface ServiceWorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "message", listener: (event: MessageEvent<unknown>) => void): void;
}
const sw = globalThis as unknown as ServiceWorkerScope;

const { version, precache, engineUrls } = SW_BUILD;
const origin = sw.location.origin;
const PAGES = pagesCacheName(version);
const ASSETS = assetsCacheName(version);

/** Keeps out of the caches what is not a full public 200 (errors, a signed-in admin's private page). */
const storableOnly: WorkboxPlugin = { cacheWillUpdate: async ({ response }) => (isStorable(response) ? response : null) };

/** A page neither reachable nor cached: the offline page, which lists what is available. */
const offlineFallback: WorkboxPlugin = {
  handlerDidError: async ({ request }) => {
    const from = new URL(request.url);
    return Response.redirect(`${origin}${OFFLINE_PATH}?from=${encodeURIComponent(from.pathname + from.search)}`, 302);
  },
};

// `from` only says which page was asked for: the one precached offline page answers them all
precacheAndRoute(precache, { ignoreURLParametersMatching: [/^from$/], cleanURLs: false });
cleanupOutdatedCaches();

// Our routes on a router of their own (precacheAndRoute's, registered first, answers the shell):
// its cache listener lets the first page put what it loaded before this worker existed through
// the same rules (the CACHE_URLS message, app/lib/pwa/register.ts).
const router = new Router();
// (a precached file handed over by CACHE_URLS is already in the precache: not stored twice)
router.registerRoute(
  new Route(
    ({ request }) => cacheRuleOf(request, origin) === "asset" && getCacheKeyForURL(request.url) === undefined,
    new CacheFirst({ cacheName: ASSETS, plugins: [storableOnly] }),
  ),
);
router.registerRoute(
  new Route(
    ({ request }) => request.mode === "navigate" && cacheRuleOf(request, origin) === "page",
    // ignoreVary: a page cached by a fetch() ("Make available offline") answers a navigation too
    new NetworkFirst({ cacheName: PAGES, plugins: [storableOnly, offlineFallback], matchOptions: { ignoreVary: true } }),
  ),
);
router.registerRoute(
  new Route(
    ({ request }) => request.mode !== "navigate" && cacheRuleOf(request, origin) === "page",
    new NetworkFirst({ cacheName: PAGES, plugins: [storableOnly], matchOptions: { ignoreVary: true } }),
  ),
);
// files shared from another app (the manifest's share_target): kept on the device, never uploaded
router.registerRoute(new Route(({ request }) => isShareTargetRequest(request), ({ request }) => handleShareTarget(request), "POST"));
router.addFetchListener();
router.addCacheListener();

// A new build waits until the visitor accepts "A new version is available — reload".
sw.addEventListener("message", (event) => {
  if (event.data === SKIP_WAITING) void sw.skipWaiting();
});

/**
 * The previous build's runtime caches go: its engines still in this build move over (same hashed
 * name, same bytes), its tool pages are fetched again from this build (they name the old build's
 * files), and the rest is deleted.
 */
async function replaceOutdatedCaches(): Promise<void> {
  const stale = outdatedCaches(await caches.keys(), version);
  const keep = new Set(engineUrls);
  const [assets, pages] = await Promise.all([caches.open(ASSETS), caches.open(PAGES)]);
  for (const name of stale) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      if (keep.has(url.pathname)) {
        const response = await cache.match(request);
        if (response) await assets.put(request, response);
      } else if (toolSlugOfPage(request.url) !== null) {
        // best effort: offline now, the page is fetched again on its next visit
        const fresh = await fetch(url.pathname).catch(() => null);
        if (fresh && isStorable(fresh)) await pages.put(url.pathname, fresh);
      }
    }
    await caches.delete(name);
  }
}

sw.addEventListener("activate", (event) => {
  event.waitUntil(replaceOutdatedCaches().then(() => sw.clients.claim()));
});
