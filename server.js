// Production and development HTTP server. The app itself (routes, auth, uploads, health) lives in
// server/app.ts and is bundled into build/server/index.js; this file only wires static files and Vite.
import fs from "node:fs";
import path from "node:path";
import compression from "compression";
import express from "express";
import { createHttpServer, HttpLimitsError, readHttpLimits } from "./server/http-limits.ts";
import { readShutdownTimeout, shutDown, ShutdownTimeoutError } from "./server/shutdown.ts";
import { readTrustProxy, TrustProxyError } from "./server/trust-proxy.ts";
import { PRIVATE_UMASK } from "./app/server/private-files.server.ts";

// everything the server writes (database, its journal, mails, uploads) is its own user's alone
process.umask(PRIVATE_UMASK);

const ASSETS_DIR = path.resolve("build/client/assets");
const ASSET_TYPES = { ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".json": "application/json", ".wasm": "application/wasm" };
const ENCODINGS = [["br", ".br"], ["gzip", ".gz"]];

/** Hashed assets compressed at build time (scripts/compress-assets.js): pick the best the browser takes. */
function precompressedAssets(req, res, next) {
  const type = ASSET_TYPES[path.extname(req.path)];
  // hashed asset names are flat: no folders, no dot-segments
  if ((req.method !== "GET" && req.method !== "HEAD") || !type || !/^\/[\w.-]+$/.test(req.path)) return next();
  const accept = req.get("accept-encoding") ?? "";
  for (const [encoding, suffix] of ENCODINGS) {
    const file = path.join(ASSETS_DIR, req.path.slice(1) + suffix);
    if (!accept.includes(encoding) || !fs.existsSync(file)) continue;
    res.set({ "Content-Type": type, "Content-Encoding": encoding, Vary: "Accept-Encoding", "Cache-Control": "public, max-age=31536000, immutable" });
    return res.sendFile(file);
  }
  next();
}

const PUBLIC_DIR = "build/client";

/** The URL paths of the files under `root` but /assets (which has its own handlers), read once: the build does not change under a running server. */
function filesUnder(root) {
  const files = new Set();
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const url = "/" + path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (!url.startsWith("/assets/")) files.add(url);
  }
  return files;
}

/** The path as the static handler reads it (percent-decoded); null when it cannot be decoded. */
function decodedPath(urlPath) {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return null;
  }
}

const DEVELOPMENT = process.env.NODE_ENV === "development";
const port = Number.parseInt(process.env.PORT || "3000", 10);
const host = process.env.HOST || undefined;
let limits;
let shutdownTimeoutMs;
let trustProxy;
try {
  limits = readHttpLimits(process.env);
  shutdownTimeoutMs = readShutdownTimeout(process.env);
  trustProxy = readTrustProxy(process.env.TRUST_PROXY);
} catch (error) {
  if (!(error instanceof HttpLimitsError) && !(error instanceof ShutdownTimeoutError) && !(error instanceof TrustProxyError)) throw error;
  console.error(error.message);
  process.exit(1);
}

/** The built app's shutdown steps (server/app.ts); nothing to close in development. */
let app = { beginDrain: () => {}, closeApp: async () => {} };
const server = express();
server.disable("x-powered-by");
server.set("trust proxy", trustProxy);

if (DEVELOPMENT) {
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  server.use(vite.middlewares);
  server.use(async (req, res, next) => {
    try {
      const mod = await vite.ssrLoadModule("./server/app.ts");
      await mod.ready;
      return mod.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  const mod = await import("./build/server/index.js");
  await mod.ready;
  app = mod;
  // one JSON line and the metrics of every request, assets included (LOG_LEVEL=silent: no lines)
  server.use(mod.requestLoggingMiddleware);
  // security headers on static files too (the app sets them on everything else)
  server.use(mod.securityHeadersMiddleware);
  // Do not gzip already-compressed binaries (wasm, images, media) on every request.
  server.use(compression({ filter: (req, res) => !/\.(wasm|png|jpe?g|webp|avif|gif|ico|mp[34]|zip)$/i.test(req.path) && compression.filter(req, res) }));
  server.use("/assets", precompressedAssets);
  server.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
  // Only the requests for a file the build put there reach the static handler: every other
  // request (each page) would cost a file-system stat and an error object (measured in the load
  // benchmark: about a fifth of the server's CPU time, decision 063).
  const publicFiles = filesUnder(PUBLIC_DIR);
  const staticFiles = express.static(PUBLIC_DIR, { maxAge: "1h", index: false });
  server.use((req, res, next) => (publicFiles.has(decodedPath(req.path)) ? staticFiles(req, res, next) : next()));
  server.use(mod.app);
}

// Slow clients (headers or a declared body that never arrive) are cut off: server/http-limits.ts.
const listener = createHttpServer(server, limits).listen(port, host, () => {
  console.log(`Server listening on http://${host ?? "localhost"}:${port}`);
});

// A stop (a deployment, a scale-in): no new connections, the running requests finish, then the app
// closes its mail queue, worker threads and database (server/shutdown.ts). A second signal exits at once.
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`${signal}: finishing the requests in flight (at most ${shutdownTimeoutMs} ms), then stopping.`);
    void shutDown({ server: listener, timeoutMs: shutdownTimeoutMs, beginDrain: () => app.beginDrain(), closeApp: () => app.closeApp(), log: console.error }).then(({ clean }) => {
      console.log(clean ? "Stopped." : "Stopped, with requests cut off or a part not closed.");
      process.exit(clean ? 0 : 1);
    });
  });
}
