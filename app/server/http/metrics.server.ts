// What a host's Prometheus reads at /metrics (issue 32), with prom-client: requests and their
// latency by route kind, the page cache's hits and misses, throttle refusals, and the time a page
// render takes, plus Node's own process metrics. One registry per process, never the global one.
import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/** What a path is, coarse enough to keep the label set small (no slugs, no ids). */
export type RouteKind = "page" | "data" | "asset" | "upload" | "admin" | "auth" | "api" | "health" | "metrics";

export function routeKind(path: string): RouteKind {
  if (path.endsWith(".data")) return "data";
  if (path.startsWith("/uploads/")) return "upload";
  if (path.startsWith("/assets/") || /\.(js|css|png|svg|ico|webmanifest|wasm|woff2?|txt|xml|json)$/.test(path)) return "asset";
  if (path === "/admin" || path.startsWith("/admin/")) return "admin";
  if (path === "/auth" || path.startsWith("/auth/")) return "auth";
  if (path.startsWith("/api/")) return "api";
  if (path === "/healthz" || path === "/readyz") return "health";
  if (path === "/metrics") return "metrics";
  return "page";
}

const registry = new Registry();
collectDefaultMetrics({ register: registry });

const requests = new Counter({ name: "site_http_requests_total", help: "HTTP requests answered, by route kind, method and status class", labelNames: ["kind", "method", "status"] as const, registers: [registry] });
const latency = new Histogram({
  name: "site_http_request_duration_seconds",
  help: "Time from a request's arrival to its answer's end, by route kind",
  labelNames: ["kind"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});
const pageCache = new Counter({ name: "site_page_cache_total", help: "Public page lookups in the page cache, by result", labelNames: ["result"] as const, registers: [registry] });
const throttled = new Counter({ name: "site_throttle_refusals_total", help: "Requests refused by a rate limit (sign-in, sign-up, password reset, contact...)", registers: [registry] });
const render = new Histogram({
  name: "site_render_duration_seconds",
  help: "Time the app takes to render a response that the page cache did not answer",
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});

export const metrics = {
  request(kind: RouteKind, method: string, status: number, seconds: number) {
    requests.inc({ kind, method: ["GET", "HEAD", "POST"].includes(method) ? method : "OTHER", status: `${Math.floor(status / 100)}xx` });
    latency.observe({ kind }, seconds);
  },
  pageCache(result: "hit" | "miss") {
    pageCache.inc({ result });
  },
  throttled() {
    throttled.inc();
  },
  render(seconds: number) {
    render.observe(seconds);
  },
  /** The text exposition format, and its content type. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: registry.contentType, body: await registry.metrics() };
  },
};
