import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createAuth, type Auth } from "./auth/auth.server.ts";
import { openDatabase, type DatabaseHandle } from "./db/connection.server.ts";
import { migrateDatabase, underStartupLock } from "./db/migrate.server.ts";
import { ensurePrivateDir, PRIVATE_FILE_MODE } from "./private-files.server.ts";
import type { Env } from "./env.server.ts";
import { createMailQueue, type MailQueue } from "./mail/mail-queue.server.ts";
import { createMailer, type Mailer } from "./mail/mailer.server.ts";
import { seedDatabase } from "./seed/seed.server.ts";
import { currentSiteName } from "./queries/settings.server.ts";
import { checkStorage, createStorage, type Storage } from "./storage/storage.server.ts";

export interface Services {
  env: Env;
  database: DatabaseHandle;
  auth: Auth;
  mailer: Mailer;
  /** Mail sent after the answer (tests drain it). */
  mail: MailQueue;
  storage: Storage;
}

/** AUTH_SECRET, or one generated on first start and kept in DATA_DIR (set AUTH_SECRET when running several instances). */
export function resolveAuthSecret(env: Env): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.join(env.DATA_DIR, "auth-secret");
  try {
    const kept = fs.readFileSync(file, "utf8").trim();
    if (kept.length >= 32) return kept;
  } catch {
    // first start
  }
  const secret = crypto.randomBytes(32).toString("base64url");
  ensurePrivateDir(env.DATA_DIR);
  fs.writeFileSync(file, secret + "\n", { mode: PRIVATE_FILE_MODE });
  return secret;
}

/** Build every server dependency from the validated env; migrate and seed before anything is served. */
export async function createServices(env: Env): Promise<Services> {
  const database = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, synchronous: env.SQLITE_SYNCHRONOUS });
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(env.DATA_DIR, "outbox") });
  const mail = createMailQueue(mailer);
  const storage = createStorage({
    dataDir: env.DATA_DIR,
    s3:
      env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            publicUrl: env.S3_PUBLIC_URL,
          }
        : undefined,
  });
  // wrong keys or a missing bucket stop the start with the reason (not a 500 at the first upload);
  // a bucket that does not answer only warns: pages do not need it, uploads say so when they fail
  const storageCheck = await checkStorage(storage);
  if (!storageCheck.ok && storageCheck.kind === "refused") throw new Error(storageCheck.message);
  if (!storageCheck.ok) console.warn(`${storageCheck.message} Uploads fail until it answers; the site is served meanwhile.`);
  const auth = createAuth({
    database,
    mail,
    publicUrl: env.PUBLIC_URL,
    secret: resolveAuthSecret(env),
    trustedOrigins: env.TRUSTED_ORIGINS,
    siteName: () => currentSiteName(database.db),
    logLevel: env.NODE_ENV === "test" ? "error" : "warn",
  });
  // instances starting together on one database take turns (the first migrates and seeds)
  await underStartupLock(database, async () => {
    await migrateDatabase(database, auth);
    await seedDatabase(database.db);
  });
  return { env, database, auth, mailer, mail, storage };
}

// One set per process, kept on globalThis so Vite's dev reloads of server modules reuse it.
const holder = globalThis as typeof globalThis & { __services?: Promise<Services>; __servicesReady?: Services };

export function startServices(env: Env): Promise<Services> {
  holder.__services ??= createServices(env).then((s) => (holder.__servicesReady = s));
  return holder.__services;
}

/** The running services; only valid after startServices() resolved (the server awaits it before listening). */
export function services(): Services {
  if (!holder.__servicesReady) throw new Error("Server services are not started yet");
  return holder.__servicesReady;
}

/** Make `s` the running services (tests and scripts that build their own set). */
export function useServices(s: Services): void {
  holder.__services = Promise.resolve(s);
  holder.__servicesReady = s;
}
