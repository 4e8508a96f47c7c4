import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { DEFAULT_SHUTDOWN_TIMEOUT_MS, readShutdownTimeout, shutDown, ShutdownTimeoutError } from "./shutdown.ts";

/** A server whose /held answers when the test releases it, /hang never, anything else at once. */
async function serve() {
  const { promise: released, resolve: release } = Promise.withResolvers<void>();
  const { promise: held, resolve: arrived } = Promise.withResolvers<void>();
  const server = http.createServer((req, res) => {
    if (req.url === "/hang") return arrived();
    if (req.url !== "/held") return void res.end("done");
    arrived();
    void released.then(() => res.end("done"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: (path: string) => `http://127.0.0.1:${port}${path}`, held, release };
}

const events: string[] = [];
const steps = (server: http.Server, timeoutMs: number) => ({
  server,
  timeoutMs,
  beginDrain: () => events.push("drain"),
  closeApp: async () => {
    events.push("closeApp");
  },
  log: (message: string) => events.push(message),
});

describe("graceful shutdown", () => {
  it("finishes the request in flight, refuses new connections, then closes the app", async () => {
    events.length = 0;
    const { server, url, held, release } = await serve();
    const inFlight = fetch(url("/held")).then(async (r) => {
      events.push("answered");
      return [r.status, await r.text()];
    });
    await held;
    const stopping = shutDown(steps(server, 60_000));
    // the listening socket is closed at once: a new connection is refused
    await expect(fetch(url("/"))).rejects.toThrow();
    expect(events).toEqual(["drain"]);
    release();
    expect(await inFlight).toEqual([200, "done"]);
    expect(await stopping).toEqual({ clean: true });
    expect(events).toEqual(["drain", "answered", "closeApp"]);
  });

  it("an idle keep-alive connection does not hold the stop (else this test would run into its timeout)", async () => {
    events.length = 0;
    const { server, url } = await serve();
    const agent = new http.Agent({ keepAlive: true });
    await new Promise<void>((resolve) => http.get(url("/"), { agent }, (res) => res.resume().on("end", () => resolve())));
    expect(await shutDown(steps(server, 60_000))).toEqual({ clean: true });
    agent.destroy();
  });

  it("a request that outlives the deadline is cut off; the app is still closed, and the stop says it was not clean", async () => {
    events.length = 0;
    const { server, url, held } = await serve();
    const hanging = fetch(url("/hang")).catch((error: unknown) => error);
    await held;
    expect(await shutDown(steps(server, 300))).toEqual({ clean: false });
    expect(await hanging).toBeInstanceOf(Error);
    expect(events).toEqual(["drain", "Shutdown: requests still running after 300 ms were cut off.", "closeApp"]);
  });

  it("SHUTDOWN_TIMEOUT_MS is read with bounds and a clear refusal", () => {
    expect(readShutdownTimeout({})).toBe(DEFAULT_SHUTDOWN_TIMEOUT_MS);
    expect(readShutdownTimeout({ SHUTDOWN_TIMEOUT_MS: "30000" })).toBe(30_000);
    for (const bad of ["10", "1e4", "abc", "600001"]) expect(() => readShutdownTimeout({ SHUTDOWN_TIMEOUT_MS: bad })).toThrow(ShutdownTimeoutError);
  });
});
