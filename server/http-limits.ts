// Slow-request limits of the HTTP server (server.js). Plain TypeScript that Node runs as is, so
// server.js can import it without the build.
import http from "node:http";

export interface HttpLimits {
  /** The whole header block must arrive within this time, or the answer is 408 and the connection closes. */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this time (408 and close otherwise). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection closes after this time. */
  keepAliveTimeoutMs: number;
}

/**
 * Node's own defaults are 60 s for headers and 300 s for a request: a client that declares a body
 * and never sends it holds a connection for five minutes. Ours: 15 s for the headers (a browser sends
 * them at once); 120 s for the whole request, which still lets the largest admin upload (16 MB)
 * through a 1.5 Mbit/s line; 5 s keep-alive (Node's default). Behind a proxy that reuses upstream
 * connections longer, raise HTTP_KEEP_ALIVE_TIMEOUT_MS above the proxy's idle timeout.
 */
export const DEFAULT_HTTP_LIMITS: HttpLimits = { headersTimeoutMs: 15_000, requestTimeoutMs: 120_000, keepAliveTimeoutMs: 5_000 };

const ENV_NAMES: Record<keyof HttpLimits, string> = {
  headersTimeoutMs: "HTTP_HEADERS_TIMEOUT_MS",
  requestTimeoutMs: "HTTP_REQUEST_TIMEOUT_MS",
  keepAliveTimeoutMs: "HTTP_KEEP_ALIVE_TIMEOUT_MS",
};

export class HttpLimitsError extends Error {}

/** The limits, from HTTP_*_TIMEOUT_MS where set; a bad value stops start-up with a clear line. */
export function readHttpLimits(env: Record<string, string | undefined>): HttpLimits {
  const limits = { ...DEFAULT_HTTP_LIMITS };
  for (const key of Object.keys(ENV_NAMES) as (keyof HttpLimits)[]) {
    const raw = env[ENV_NAMES[key]];
    if (raw === undefined || raw === "") continue;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < 1) {
      throw new HttpLimitsError(`${ENV_NAMES[key]} must be a whole number of milliseconds above 0 (got "${raw}").`);
    }
    limits[key] = value;
  }
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new HttpLimitsError(`HTTP_HEADERS_TIMEOUT_MS (${limits.headersTimeoutMs}) cannot be longer than HTTP_REQUEST_TIMEOUT_MS (${limits.requestTimeoutMs}).`);
  }
  return limits;
}

/** An HTTP server for `handler` that cuts slow clients off at the given limits. */
export function createHttpServer(handler: http.RequestListener, limits: HttpLimits = DEFAULT_HTTP_LIMITS): http.Server {
  return http.createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // Node checks the two timeouts on this interval (30 s by default): check often enough that a
      // limit is enforced close to its value.
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4))),
    },
    handler,
  );
}
