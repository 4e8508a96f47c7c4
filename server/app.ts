import { createRequestHandler } from "@react-router/express";
import express from "express";
import "react-router";
import { parseEnv, EnvError } from "~/server/env.server";
import { services, startServices } from "~/server/services.server";
import { UPLOADS_URL_PREFIX } from "~/server/storage/storage.server";
import { serveUploads } from "~/server/storage/serve-uploads.server";
import { checkHealth } from "~/server/http/health.server";
import { sameOriginWrites } from "~/server/http/same-origin.server";

function loadEnv() {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const env = loadEnv();

/** Resolves once the database is migrated and seeded; server.js awaits it before listening. */
export const ready = startServices(env).catch((error: unknown) => {
  console.error("Start-up failed:", error instanceof Error ? error.message : error);
  process.exit(1);
});

export const app = express();

app.use(sameOriginWrites([env.PUBLIC_URL, ...env.TRUSTED_ORIGINS]));

app.get("/healthz", async (_req, res) => {
  const { status, body } = await checkHealth(services().database.db);
  res.status(status).set("Cache-Control", "no-store").json(body);
});

app.use(UPLOADS_URL_PREFIX, (req, res, next) => {
  const root = services().storage.localRoot;
  if (!root) return next();
  return serveUploads(root)(req, res, next);
});

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
  }),
);
