import express from "express";
import { createRequestHandler } from "react-router";
import { ContentVersionClock, stampTotal } from "./content-version.ts";
import { bodyLimit } from "./body-limit.ts";
import { requestContext } from "#app/server/http/client-address.server.ts";
import { cspLoadContext } from "#app/server/http/csp-context.server.ts";
import { checkReadiness } from "./health.ts";
import { hasSessionCookie, PageCache, type RenderRecord } from "./page-cache.ts";
import { HOT_PATHS, siteDependencies, writeScope } from "./page-dependencies.ts";
import { withPageRecord } from "#app/server/blog/post-page-fingerprint.server.ts";
import { sameOriginWrites } from "./same-origin.ts";
import { securityHeaders } from "#app/server/http/security-headers.server.ts";
import { parseEnv, EnvError } from "#app/server/env.server.ts";
import { services, startServices } from "#app/server/services.server.ts";
import { UPLOADS_URL_PREFIX } from "#app/server/storage/storage.server.ts";
import { refuseMalformedRequests } from "./request-shape.ts";
import { canonicalTarget } from "./canonical-url.ts";
import { isAdminWrite, isPrivatePath } from "#app/server/http/site-paths.server.ts";
import { serveUploads } from "./serve-uploads.ts";
import { shareTargetFallback } from "./share-target.ts";
import { serviceWorkerScript } from "#app/server/pwa/service-worker-script.server.ts";
import { RedirectServer } from "./redirects.ts";
import { SERVICE_WORKER_PATH } from "#app/lib/pwa/cache-rules.ts";
import { sendWebResponse, toWebRequest } from "./web-adapter.ts";
import { closeVariantWorker } from "#app/server/media/variant-worker.server.ts";
import { metrics } from "#app/server/http/metrics.server.ts";
import { createLogger, requestLogging } from "#app/server/http/request-log.server.ts";
import { bearerMatches } from "./bearer.ts";
import { readTrustProxy } from "./trust-proxy.ts";

function loadEnv() {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const env = loadEnv();

/** Resolves once the database is migrated and seeded; server.js awaits it before listening. */
export const ready = startServices(env).catch((error: unknown) => {
  console.error("Start-up failed:", error instanceof Error ? error.message : error);
  process.exit(1);
});

let draining = false;

/** A stop was asked (SIGTERM): /readyz answers 503 so a load balancer sends nothing more here. */
export function beginDrain(): void {
  draining = true;
}

/**
 * What the app holds open, closed once the last request has ended (server.js, on SIGINT/SIGTERM):
 * mail still queued (given a few seconds), the media variant worker thread, the database.
 */
export async function closeApp(): Promise<void> {
  const running = services();
  await Promise.race([running.mail.drain(), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
  await closeVariantWorker();
  await running.database.close();
}

const HTTPS = env.PUBLIC_URL.startsWith("https:");

/** One JSON log line and the metrics of every request; server.js puts it in front of everything. */
export const requestLoggingMiddleware = requestLogging(createLogger());

/** The security headers every response starts with; server.js puts it in front of static files too. */
export const securityHeadersMiddleware = securityHeaders({ https: HTTPS });

export const app = express();
app.disable("x-powered-by");
// req.ip (the throttle's client address) follows this app's setting: the same rule as server.js,
// repeated because in development server.js calls this app as a plain handler, not mounted.
app.set("trust proxy", readTrustProxy(process.env.TRUST_PROXY));
app.use(securityHeadersMiddleware);
// before anything reads the Host or builds a Web Request: malformed ones are 400/405, never 500
app.use(refuseMalformedRequests);
// a share the service worker did not take: 303 to /open, body unread (before the origin and size checks)
app.use(shareTargetFallback);

app.use(sameOriginWrites([env.PUBLIC_URL, ...env.TRUSTED_ORIGINS]));
app.use(bodyLimit());

// liveness: the process answers (nothing else is asked, so a database outage does not get every
// instance restarted); whether to send it requests is /readyz's answer
app.get("/healthz", (_req, res) => {
  res.set("Cache-Control", "no-store").json({ status: "ok" });
});

// Prometheus: only with METRICS_TOKEN set, and only for a request that carries it
app.get("/metrics", async (req, res) => {
  if (!env.METRICS_TOKEN) return void res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not found");
  if (!bearerMatches(req.get("authorization"), env.METRICS_TOKEN)) {
    return void res.status(401).set({ "WWW-Authenticate": 'Bearer realm="metrics"', "Cache-Control": "no-store" }).type("text/plain").send("A metrics token is required.");
  }
  const { contentType, body } = await metrics.exposition();
  res.status(200).set({ "Content-Type": contentType, "Cache-Control": "no-store" }).send(body);
});

app.get("/readyz", async (_req, res) => {
  const { status, body } = draining ? { status: 503, body: { status: "draining" } } : await checkReadiness(services().database.db, services().storage);
  res.status(status).set("Cache-Control", "no-store").json(body);
});

// The service worker: revalidated on every check so a new deployment is seen at once; no
// Service-Worker-Allowed, its scope is its own folder, the whole site.
app.get(SERVICE_WORKER_PATH, (_req, res, next) => {
  const script = serviceWorkerScript();
  if (script === null) return next();
  res.status(200).set({ "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" }).send(script);
});

app.use(UPLOADS_URL_PREFIX, (req, res, next) => {
  const root = services().storage.localRoot;
  if (!root) return next();
  return serveUploads(root)(req, res, next);
});

const handleRequest = createRequestHandler(() => import("virtual:react-router/server-build"), env.NODE_ENV);
const contentVersion = new ContentVersionClock(() => services().database.db);
const pageCache = new PageCache({
  maxEntries: 500,
  currentVersion: () => contentVersion.current(),
  dependencies: siteDependencies(() => services().database.db),
});
// old addresses (slug changes, the Redirects screen) answered before any cached page; a post's
// slug change moves only the posts' version, so the table reloads when either version moves
app.use(new RedirectServer({ db: () => services().database.db, version: async () => stampTotal(await contentVersion.current()) }).middleware);

/**
 * A 304 from the page cache carries the policy only when it is the one the browser stored: a
 * cached page's scripts carry the nonce of the policy sent with them, and browsers update stored
 * headers from a 304, so the default policy set in front of everything must not go out with it.
 */
function keepStoredPolicyOn304(res: express.Response, status: number, hasOwnPolicy: boolean) {
  if (status === 304 && !hasOwnPolicy) res.removeHeader("Content-Security-Policy");
}

/** Public GETs go to their one canonical URL first (a redirect), or are rewritten to it (data requests; tool pages whose query the browser reads). */
function canonicalPathAndQuery(req: express.Request, res: express.Response): string | null {
  if ((req.method !== "GET" && req.method !== "HEAD") || isPrivatePath(req.originalUrl)) return req.originalUrl;
  const target = canonicalTarget(req.originalUrl);
  if (target.kind === "canonical") return req.originalUrl;
  if (target.kind === "rewrite") return target.pathAndQuery;
  res.set("Cache-Control", "public, max-age=3600").redirect(301, target.location);
  return null;
}

app.use(async (req, res, next) => {
  try {
    const pathAndQuery = canonicalPathAndQuery(req, res);
    if (pathAndQuery === null) return;
    // Fast path: a cached public page goes straight out, without building Web Request/Response objects.
    const hit = await pageCache.lookup({ method: req.method, pathAndQuery, header: (n) => req.get(n) ?? null });
    if ((req.method === "GET" || req.method === "HEAD") && !isPrivatePath(req.originalUrl)) metrics.pageCache(hit ? "hit" : "miss");
    if (hit) {
      keepStoredPolicyOn304(res, hit.status, "content-security-policy" in hit.headers);
      res.writeHead(hit.status, hit.headers).end(hit.body ?? undefined);
      return;
    }
    const request = toWebRequest(req, res, pathAndQuery);
    // The client address (req.ip applies TRUST_PROXY) and the script nonce travel beside the request, never in a header.
    const rendering = process.hrtime.bigint();
    const render = (r: Request, nonce: string, record: RenderRecord) =>
      handleRequest(r, withPageRecord(requestContext(req.ip, cspLoadContext({ nonce, https: HTTPS, dev: env.NODE_ENV === "development" })), record));
    const response = await pageCache.respond(request, render);
    metrics.render(Number(process.hrtime.bigint() - rendering) / 1e9);
    // Every successful admin write makes the cached public pages it changes stale (a post's: those
    // that read posts, decision 063; any other: all of them), before the admin sees the result;
    // the popular pages are then rendered again off the visitors' requests.
    if (isAdminWrite(req.method, req.originalUrl) && response.status < 400) {
      await contentVersion.bump(writeScope(req.originalUrl));
      const origin = new URL(request.url).origin;
      void pageCache.refresh(HOT_PATHS, (path) => new Request(origin + path, { headers: { accept: "text/html" } }), render).catch((error: unknown) => {
        console.warn(`[page-cache] pre-render after a write failed: ${error instanceof Error ? error.message : String(error)}`);
      });
    }
    // Signed-in visitors always get a fresh render that no shared cache may keep.
    if (hasSessionCookie(request.headers.get("cookie"))) response.headers.set("Cache-Control", "private, no-store");
    keepStoredPolicyOn304(res, response.status, response.headers.has("content-security-policy"));
    await sendWebResponse(res, response);
  } catch (error) {
    next(error);
  }
});
