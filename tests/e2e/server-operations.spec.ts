// The production server as a host runs it (issue 32), each test on its own server started from
// the build: /readyz, request ids and JSON log lines, /metrics behind its token; and a graceful
// stop: SIGTERM while a download is in flight. It gets every byte, no new connection is taken,
// the database is closed (SQLite folds its write-ahead log back and removes it), and exit is 0.
import { spawn, type ChildProcessByStdio } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { expect, test } from "./support/test.ts";
import { freePort } from "#tests/support/s3-server.ts";

interface RunningServer {
  origin: string;
  port: number;
  dataDir: string;
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** everything it printed so far */
  output: () => string;
  exited: Promise<number | null>;
  stop: () => void;
}

/** `node server.js` on a free port with its own SQLite data folder, ready when /readyz says so. */
async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "server-ops-"));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: origin, DATA_DIR: dataDir, DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const stop = () => {
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  };
  await expect.poll(async () => (await fetch(`${origin}/readyz`).catch(() => null))?.status, { timeout: 30_000 }).toBe(200);
  return { origin, port, dataDir, child, output: () => output, exited, stop };
}

test("ready, request ids in and out with a JSON log line each, and /metrics only with its token", async () => {
  test.setTimeout(60_000);
  const server = await startServer({ METRICS_TOKEN: "metrics-token-0123456789", LOG_LEVEL: "info" });
  try {
    const ready = await fetch(`${server.origin}/readyz`);
    expect(await ready.json()).toEqual({ status: "ok", database: "ok", storage: "ok" });

    const page = await fetch(`${server.origin}/tool/dds-to-png`, { headers: { "X-Request-Id": "proxy-id-7" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("x-request-id")).toBe("proxy-id-7");
    await fetch(`${server.origin}/tool/dds-to-png`);
    await expect.poll(server.output).toContain('"reqId":"proxy-id-7"');
    const line = server.output().split("\n").find((l) => l.includes('"reqId":"proxy-id-7"'))!;
    expect(JSON.parse(line)).toMatchObject({ level: 30, msg: "request", method: "GET", path: "/tool/dds-to-png", kind: "page", status: 200 });

    expect((await fetch(`${server.origin}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.origin}/metrics`, { headers: { Authorization: "Bearer wrong-token-0123456789" } })).status).toBe(401);
    const scraped = await fetch(`${server.origin}/metrics`, { headers: { Authorization: "Bearer metrics-token-0123456789" } });
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get("content-type")).toContain("text/plain");
    const text = await scraped.text();
    expect(text).toMatch(/site_http_requests_total\{kind="page",method="GET",status="2xx"\} [2-9]/);
    // the second visit to the same public page came from the page cache
    expect(text).toMatch(/site_page_cache_total\{result="hit"\} [1-9]/);
    expect(text).toMatch(/site_render_duration_seconds_count [1-9]/);
    expect(text).toContain("process_resident_memory_bytes");
  } finally {
    server.stop();
  }

  // without METRICS_TOKEN there is no /metrics at all
  const plain = await startServer();
  try {
    expect((await fetch(`${plain.origin}/metrics`)).status).toBe(404);
  } finally {
    plain.stop();
  }
});

test("SIGTERM with a download in flight: it is finished, nothing new is taken, the database closes, exit 0", async () => {
  test.setTimeout(60_000);
  const server = await startServer({ SHUTDOWN_TIMEOUT_MS: "30000" });
  const { child, dataDir, origin, port } = server;
  try {
    expect(existsSync(path.join(dataDir, "site.db-wal"))).toBe(true);
    // the largest asset (the ffmpeg core, about 30 MB), uncompressed: its answer outlasts the socket
    // buffers while this client reads nothing, so it is in flight for as long as the test wants
    const asset = readdirSync("build/client/assets").filter((name) => name.endsWith(".wasm")).toSorted((a, b) => statSync(`build/client/assets/${b}`).size - statSync(`build/client/assets/${a}`).size)[0]!;
    const size = statSync(`build/client/assets/${asset}`).size;
    expect(size).toBeGreaterThan(8 * 1024 * 1024);
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const { promise: answering, resolve: started } = Promise.withResolvers<void>();
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      if (chunks.length === 1) {
        socket.pause();
        started();
      }
    });
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    socket.write(`GET /assets/${asset} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept-Encoding: identity\r\n\r\n`);
    await answering;

    child.kill("SIGTERM");
    await expect.poll(server.output, { timeout: 5000 }).toContain("SIGTERM: finishing the requests in flight");
    // stopped listening: a new connection is refused, while the download goes on
    await expect(fetch(`${origin}/readyz`)).rejects.toThrow();
    expect(child.exitCode).toBeNull();

    socket.resume();
    await closed;
    const reply = Buffer.concat(chunks);
    const headerEnd = reply.indexOf("\r\n\r\n");
    const head = reply.subarray(0, headerEnd).toString("latin1");
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head).toContain(`Content-Length: ${size}`);
    // every byte arrived
    expect(reply.length - headerEnd - 4).toBe(size);

    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("Stopped.");
    // closed, not killed: the last connection folded the write-ahead log into the database
    expect(existsSync(path.join(dataDir, "site.db-wal"))).toBe(false);
  } finally {
    server.stop();
  }
});
