import type http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpServer, DEFAULT_HTTP_LIMITS, readHttpLimits } from "./http-limits.ts";

describe("readHttpLimits", () => {
  it("has defaults well below Node's (60 s headers, 300 s request)", () => {
    expect(readHttpLimits({})).toEqual(DEFAULT_HTTP_LIMITS);
    expect(DEFAULT_HTTP_LIMITS.headersTimeoutMs).toBeLessThan(60_000);
    expect(DEFAULT_HTTP_LIMITS.requestTimeoutMs).toBeLessThan(300_000);
  });

  it("takes HTTP_*_TIMEOUT_MS and refuses nonsense with a clear message", () => {
    expect(readHttpLimits({ HTTP_HEADERS_TIMEOUT_MS: "2000", HTTP_REQUEST_TIMEOUT_MS: "9000", HTTP_KEEP_ALIVE_TIMEOUT_MS: "70000" })).toEqual({
      headersTimeoutMs: 2000,
      requestTimeoutMs: 9000,
      keepAliveTimeoutMs: 70_000,
    });
    expect(() => readHttpLimits({ HTTP_REQUEST_TIMEOUT_MS: "2m" })).toThrow('HTTP_REQUEST_TIMEOUT_MS must be a whole number of milliseconds above 0 (got "2m").');
    expect(() => readHttpLimits({ HTTP_HEADERS_TIMEOUT_MS: "0" })).toThrow(/HTTP_HEADERS_TIMEOUT_MS must be/);
    expect(() => readHttpLimits({ HTTP_HEADERS_TIMEOUT_MS: "5000", HTTP_REQUEST_TIMEOUT_MS: "1000" })).toThrow(/cannot be longer than HTTP_REQUEST_TIMEOUT_MS/);
  });
});

/** What the server did to a raw connection: the bytes it answered, and whether it closed it. */
function rawExchange(port: number, write: string, opts: { closeAfterFirstAnswer?: boolean } = {}): Promise<{ answer: string; closedByServer: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      answer += chunk;
      if (opts.closeAfterFirstAnswer) socket.end();
    });
    socket.on("error", reject);
    // 'end': the server ended its side; the test never ends it first (unless told to)
    socket.on("end", () => resolve({ answer, closedByServer: !opts.closeAfterFirstAnswer }));
    socket.write(write);
  });
}

describe("createHttpServer cuts slow clients off", () => {
  let server: http.Server;
  let port = 0;
  let completed = 0;
  let aborted = 0;

  beforeAll(async () => {
    // short limits for the test; the handler reads the whole body first, as our actions do
    server = createHttpServer(
      async (req, res) => {
        let bytes = 0;
        try {
          for await (const chunk of req) bytes += (chunk as Buffer).length;
        } catch {
          aborted += 1; // the server cut the request off while its body was awaited
          return;
        }
        completed += 1;
        res.end(`read ${bytes} bytes`);
      },
      { headersTimeoutMs: 300, requestTimeoutMs: 600, keepAliveTimeoutMs: 300 },
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("serves a complete request", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/`, { method: "POST", body: "hello" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("read 5 bytes");
  });

  it("answers 408 and closes the connection when a declared body never arrives", async () => {
    const [completedBefore, abortedBefore] = [completed, aborted];
    const { answer, closedByServer } = await rawExchange(port, "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\nonly part");
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
    expect(closedByServer).toBe(true);
    expect(completed).toBe(completedBefore);
    await expect.poll(() => aborted).toBe(abortedBefore + 1);
  });

  it("answers 408 and closes the connection when the headers never finish", async () => {
    const { answer, closedByServer } = await rawExchange(port, "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ");
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
    expect(closedByServer).toBe(true);
  });

  it("closes an idle keep-alive connection after an answer", async () => {
    const { answer, closedByServer } = await rawExchange(port, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nok");
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(answer).toContain("read 2 bytes");
    expect(closedByServer).toBe(true);
  });
});
