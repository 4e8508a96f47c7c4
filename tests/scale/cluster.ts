// Several production servers as a host runs them when scaling out (issue 32): `node server.js`
// from the build, each with its own DATA_DIR, all on one fresh PostgreSQL database, one S3 bucket
// (s3rver, decision 056) and one AUTH_SECRET, behind nginx running deploy/nginx.conf itself. Only
// what a host edits in that file is changed here: the upstream's server lines (our ports), the
// listen line (a loopback port) and the server name; everything else (headers, limits, timeouts,
// locations) is the file as shipped. Used by tests/scale/ and `npm run bench:load -- --instances N`.
import { spawn, type ChildProcessByStdio } from "node:child_process";
import crypto from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { HAVE_NGINX, NGINX } from "#tests/support/reference-tools.ts";
import { createScratchDatabase } from "#tests/support/scratch-postgres.ts";
import { freePort, S3_TEST_KEY, startS3Server, type S3TestServer } from "#tests/support/s3-server.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const DEPLOY_NGINX_CONF = path.join(ROOT, "deploy/nginx.conf");

/** Why a cluster cannot run on this machine, or null. */
export function clusterSkipReason(): string | null {
  if (!process.env.TEST_DATABASE_URL) return "TEST_DATABASE_URL is not set (the instances share a PostgreSQL database)";
  if (!HAVE_NGINX) return `nginx is not installed (${NGINX}; Debian package nginx)`;
  return null;
}

export interface Instance {
  name: string;
  /** http://127.0.0.1:PORT, the instance itself (not through nginx) */
  origin: string;
  dataDir: string;
  /** what it printed so far */
  output: () => string;
  exited: Promise<number | null>;
}

export interface Cluster {
  /** nginx's address: PUBLIC_URL of every instance, the Origin browsers on the site send */
  proxy: string;
  instances: Instance[];
  databaseUrl: string;
  s3: S3TestServer;
  /** one query on the shared database */
  query: <Row extends pg.QueryResultRow>(sql: string, values?: unknown[]) => Promise<Row[]>;
  /** nginx's error log so far */
  proxyLog: () => string;
  stop: () => Promise<void>;
}

/** deploy/nginx.conf with this cluster's ports: the host's three edits, nothing else. */
export function nginxSiteConfig(shipped: string, upstreams: readonly string[], listen: string): string {
  const serverLines = /^(\s*)server 127\.0\.0\.1:300[01][^;]*;\n/gm;
  const indent = serverLines.exec(shipped)?.[1];
  if (indent === undefined) throw new Error("deploy/nginx.conf: no `server 127.0.0.1:3000 ...;` line in the upstream");
  let first = true;
  const config = shipped
    .replace(serverLines, () => {
      if (!first) return "";
      first = false;
      return upstreams.map((address) => `${indent}server ${address} max_fails=3 fail_timeout=10s;\n`).join("");
    })
    .replace(/^(\s*)listen 80;$/m, `$1listen ${listen};`)
    .replace(/^\s*listen \[::\]:80;\n/m, "")
    .replace(/server_name example\.com;/, "server_name _;");
  if (!config.includes(`listen ${listen};`)) throw new Error("deploy/nginx.conf: no `listen 80;` line");
  return config;
}

/** The main nginx.conf around the site file: foreground, scratch paths, which instance answered. */
function nginxMainConfig(directory: string, siteFile: string): string {
  return [
    "daemon off;",
    "worker_processes 1;",
    `pid ${directory}/nginx.pid;`,
    `error_log ${directory}/error.log warn;`,
    "events { worker_connections 1024; }",
    "http {",
    "    access_log off;",
    `    client_body_temp_path ${directory}/client_body;`,
    `    proxy_temp_path ${directory}/proxy;`,
    `    fastcgi_temp_path ${directory}/fastcgi;`,
    `    uwsgi_temp_path ${directory}/uwsgi;`,
    `    scgi_temp_path ${directory}/scgi;`,
    // the tests' window on the balancing: which instance answered (inherited by the site's
    // locations, which add no headers of their own)
    "    add_header X-Upstream $upstream_addr always;",
    `    include ${siteFile};`,
    "}",
    "",
  ].join("\n");
}

type Child = ChildProcessByStdio<null, Readable, Readable>;

function collect(child: Child): () => string {
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    // a long benchmark's request log: keep the tail
    if (output.length > 2_000_000) output = output.slice(-1_000_000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  return () => output;
}

const exitOf = (child: Child) => new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

async function waitFor(what: string, check: () => Promise<boolean>, child: Child, output: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}) before it was ready:\n${output().slice(-4000)}`);
    if (Date.now() > deadline) throw new Error(`${what} was not ready after ${timeoutMs / 1000} s:\n${output().slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface ClusterOptions {
  instances: number;
  /** more environment for every instance (LOG_LEVEL, METRICS_TOKEN...) */
  env?: Record<string, string>;
}

/**
 * Starts the shared parts, then every instance at once on the empty database (as a host's
 * machines come up together: migrations and seeding race), then nginx in front of them.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const cleanups: (() => Promise<void> | void)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.toReversed()) await Promise.resolve(cleanup()).catch(() => undefined);
  };
  try {
    const directory = mkdtempSync(path.join(os.tmpdir(), "scale-"));
    // nginx's workers (nobody, when started as root) write temp files and read the config here
    chmodSync(directory, 0o755);
    cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
    const database = await createScratchDatabase("scale");
    cleanups.push(database.drop);
    const s3 = await startS3Server();
    cleanups.push(s3.stop);
    const proxyPort = await freePort();
    const proxy = `http://127.0.0.1:${proxyPort}`;
    const secret = crypto.randomBytes(32).toString("base64url");

    const started = await Promise.all(
      Array.from({ length: options.instances }, async (_, index) => {
        const name = String.fromCharCode(65 + index);
        const port = await freePort();
        const dataDir = path.join(directory, `data-${name}`);
        mkdirSync(dataDir);
        const child: Child = spawn(process.execPath, ["server.js"], {
          cwd: ROOT,
          env: {
            ...process.env,
            NODE_ENV: "production",
            PORT: String(port),
            HOST: "127.0.0.1",
            PUBLIC_URL: proxy,
            DATA_DIR: dataDir,
            DATABASE_URL: database.url,
            AUTH_SECRET: secret,
            // the several-machines setting: the proxy's address (here loopback, as nginx sees them)
            TRUST_PROXY: "127.0.0.1",
            S3_BUCKET: s3.bucket,
            S3_ENDPOINT: s3.endpoint,
            S3_ACCESS_KEY_ID: S3_TEST_KEY.accessKeyId,
            S3_SECRET_ACCESS_KEY: S3_TEST_KEY.secretAccessKey,
            LOG_LEVEL: "warn",
            ...options.env,
          },
          stdio: ["ignore", "pipe", "pipe"],
        });
        const output = collect(child);
        const exited = exitOf(child);
        cleanups.push(async () => {
          if (child.exitCode !== null) return;
          child.kill("SIGTERM");
          await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
          if (child.exitCode === null) child.kill("SIGKILL");
        });
        const instance: Instance = { name, origin: `http://127.0.0.1:${port}`, dataDir, output, exited };
        return { instance, child };
      }),
    );
    await Promise.all(started.map(({ instance, child }) => waitFor(`instance ${instance.name}`, async () => (await fetch(`${instance.origin}/readyz`)).status === 200, child, instance.output)));

    const siteFile = path.join(directory, "site.conf");
    const upstreams = started.map(({ instance }) => instance.origin.slice("http://".length));
    writeFileSync(siteFile, nginxSiteConfig(readFileSync(DEPLOY_NGINX_CONF, "utf8"), upstreams, `127.0.0.1:${proxyPort}`));
    const mainFile = path.join(directory, "nginx.conf");
    writeFileSync(mainFile, nginxMainConfig(directory, siteFile));
    const nginx: Child = spawn(NGINX, ["-p", directory, "-c", mainFile, "-e", path.join(directory, "error.log")], { stdio: ["ignore", "pipe", "pipe"] });
    const nginxOutput = collect(nginx);
    const proxyLog = () => {
      try {
        return nginxOutput() + readFileSync(path.join(directory, "error.log"), "utf8");
      } catch {
        return nginxOutput();
      }
    };
    const nginxExited = exitOf(nginx);
    cleanups.push(async () => {
      if (nginx.exitCode !== null) return;
      nginx.kill("SIGQUIT");
      await nginxExited;
    });
    await waitFor("nginx", async () => (await fetch(`${proxy}/healthz`)).status === 200, nginx, proxyLog, 15_000);

    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    cleanups.push(() => pool.end());
    return {
      proxy,
      instances: started.map(({ instance }) => instance),
      databaseUrl: database.url,
      s3,
      query: async <Row extends pg.QueryResultRow>(sql: string, values?: unknown[]) => (await pool.query<Row>(sql, values)).rows,
      proxyLog,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
