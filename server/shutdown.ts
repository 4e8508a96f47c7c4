// Graceful shutdown (issue 32): on SIGTERM a load balancer's instance stops taking connections,
// lets the requests it has finish (for at most SHUTDOWN_TIMEOUT_MS), then closes what it holds
// open (pending mail, worker threads, the database) and exits. server.js wires it to the signals.
import type http from "node:http";

export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

export class ShutdownTimeoutError extends Error {}

/** SHUTDOWN_TIMEOUT_MS: how long in-flight requests may take to finish once a stop was asked (1 s to 10 min). */
export function readShutdownTimeout(env: Record<string, string | undefined>): number {
  const raw = env.SHUTDOWN_TIMEOUT_MS?.trim();
  if (!raw) return DEFAULT_SHUTDOWN_TIMEOUT_MS;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1000 || value > 600_000) {
    throw new ShutdownTimeoutError(`SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 600000, not "${raw}".`);
  }
  return value;
}

export interface ShutdownSteps {
  server: http.Server;
  /** in-flight requests get this long to finish; the connections left are then cut */
  timeoutMs: number;
  /** said before anything closes: /readyz answers 503 from here on */
  beginDrain: () => void;
  /** after the last request: pending mail, worker threads, the database */
  closeApp: () => Promise<void>;
  log: (message: string) => void;
}

/** Stops `server` gracefully; `clean` is false when requests were still running at the deadline. */
export async function shutDown({ server, timeoutMs, beginDrain, closeApp, log }: ShutdownSteps): Promise<{ clean: boolean }> {
  beginDrain();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // a keep-alive connection between requests would hold close() until its own timeout: idle ones
  // are closed now and as soon as a running request on them ends
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  const clean = await Promise.race([closed.then(() => true as const), deadline]);
  clearInterval(sweep);
  clearTimeout(timer);
  if (!clean) {
    log(`Shutdown: requests still running after ${timeoutMs} ms were cut off.`);
    server.closeAllConnections();
  }
  try {
    await closeApp();
  } catch (error) {
    log(`Shutdown: closing the app failed: ${error instanceof Error ? error.message : String(error)}`);
    return { clean: false };
  }
  return { clean };
}
