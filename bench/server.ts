// The production server for benchmarks: `npm run build`, then server.js on a free port with a
// fresh temporary DATA_DIR (and whatever else the caller puts in env), stopped gracefully.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const log = (message: string) => console.error(`[bench] ${message}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function build(): void {
  log("npm run build ...");
  const started = Date.now();
  const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) {
    console.error(`npm run build failed (exit ${result.status ?? result.signal})`);
    process.exit(1);
  }
  log(`build done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer();
    probe.once("error", () => done(false));
    probe.listen(port, () => probe.close(() => done(true)));
  });
}

function anyFreePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

export interface BenchServer {
  baseUrl: string;
  dataDir: string;
  /** why the server exited on its own, if it did */
  died(): string | undefined;
  /** last 60 lines of its stdout and stderr */
  output: string[];
  /** SIGTERM (SIGKILL after 5 s), then remove DATA_DIR */
  stop(): Promise<void>;
  /** SIGTERM and remove DATA_DIR at once (also done when the bench process exits or is interrupted) */
  kill(): void;
}

/** Starts server.js and waits for 200 from /healthz (60 s at most). */
export async function startServer(preferredPort: number, env: Record<string, string> = {}): Promise<BenchServer> {
  const port = (await portIsFree(preferredPort)) ? preferredPort : await anyFreePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "bench-data-"));
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString().split("\n").filter(Boolean));
    if (output.length > 60) output.splice(0, output.length - 60);
  };
  log(`starting server on ${baseUrl} (DATA_DIR=${dataDir}${env.DATABASE_URL ? `, DATABASE_URL=${env.DATABASE_URL}` : ""})`);
  const child = spawn(process.execPath, ["server.js"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), PUBLIC_URL: baseUrl, DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  let stopping = false;
  let died: string | undefined;
  child.once("exit", (code, signal) => {
    if (stopping) return;
    died =
      code === 0
        ? "server exited with code 0 (server.js does that on SIGINT/SIGTERM: something else stopped it)"
        : `server exited on its own (${code !== null ? `code ${code}` : `signal ${signal}`})`;
    log(died);
  });
  const stop = async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((done) => child.once("exit", () => done()));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const kill = () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  };
  // the bench may end any way (an error, Ctrl-C): the server and its DATA_DIR never outlive it
  const onSignal = () => {
    kill();
    process.exit(130);
  };
  process.on("exit", kill);
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  const forget = () => {
    process.off("exit", kill);
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  };
  const server: BenchServer = {
    baseUrl,
    dataDir,
    died: () => died,
    output,
    stop: async () => {
      forget();
      await stop();
    },
    kill,
  };

  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !server.died()) {
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return server;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  await server.stop();
  throw new Error(`server could not start: ${died ?? "no 200 from /healthz within 60 s"}\n--- server output (tail) ---\n${output.join("\n")}`);
}

/** startServer, or the reason it could not start on stderr and exit 1 (what a benchmark run does). */
export async function startServerOrExit(preferredPort: number): Promise<BenchServer> {
  try {
    return await startServer(preferredPort);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
