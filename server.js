// Production and development HTTP server. The app itself (routes, auth, uploads, health) lives in
// server/app.ts and is bundled into build/server/index.js; this file only wires static files and Vite.
import compression from "compression";
import express from "express";

const DEVELOPMENT = process.env.NODE_ENV === "development";
const port = Number.parseInt(process.env.PORT || "3000", 10);
const host = process.env.HOST || undefined;

const server = express();
server.disable("x-powered-by");
server.set("trust proxy", process.env.TRUST_PROXY === "true" ? true : "loopback");

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
  // Do not gzip already-compressed binaries (wasm, images, media) on every request.
  server.use(compression({ filter: (req, res) => !/\.(wasm|png|jpe?g|webp|avif|gif|ico|mp[34]|zip)$/i.test(req.path) && compression.filter(req, res) }));
  server.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
  server.use(express.static("build/client", { maxAge: "1h", index: false }));
  server.use(mod.app);
}

const listener = server.listen(port, host, () => {
  console.log(`Server listening on http://${host ?? "localhost"}:${port}`);
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    listener.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 3000).unref();
  });
}
