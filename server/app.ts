import { createRequestHandler } from "@react-router/express";
import express from "express";
import { sql } from "kysely";
import "react-router";
import { parseEnv, EnvError } from "~/server/env.server";
import { services, startServices } from "~/server/services.server";
import { UPLOADS_URL_PREFIX } from "~/server/storage/storage.server";
import { serveUploads } from "~/server/storage/serve-uploads.server";
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
  res.set("Cache-Control", "no-store");
  try {
    await sql`select 1`.execute(services().database.db);
    res.status(200).json({ status: "ok" });
  } catch {
    res.status(503).json({ status: "unavailable", reason: "database unreachable" });
  }
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
