import { z } from "zod";

// Every setting the server reads, validated once at start. Defaults make `npm start` work untouched.
const optional = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: optional,
    DATA_DIR: z.string().trim().min(1).default("./data"),
    PUBLIC_URL: optional.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://example.com" }).optional()),
    // where visitors get this site's source, shown on /licenses (the GPL asks us to offer it)
    SOURCE_URL: optional.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL of the site's source code" }).optional()),
    DATABASE_URL: optional.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL (leave unset for SQLite)")
        .optional(),
    ),
    // FULL: a commit is on disk before it is acknowledged (power loss included); NORMAL is faster
    // and may lose the last commits if the machine dies (decision 041)
    SQLITE_SYNCHRONOUS: z.enum(["FULL", "NORMAL"]).default("FULL"),
    AUTH_SECRET: optional.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    TRUSTED_ORIGINS: optional.transform((v) => (v ? v.split(",").map((s) => s.trim()).filter(Boolean) : [])),
    SMTP_URL: optional.pipe(z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL").optional()),
    MAIL_FROM: z.string().trim().min(3).default("no-reply@localhost"),
    S3_BUCKET: optional,
    S3_REGION: z.string().trim().min(1).default("us-east-1"),
    S3_ENDPOINT: optional.pipe(z.url().optional()),
    S3_ACCESS_KEY_ID: optional,
    S3_SECRET_ACCESS_KEY: optional,
    S3_PUBLIC_URL: optional.pipe(z.url().optional()),
    // /metrics answers only a request carrying "Authorization: Bearer <METRICS_TOKEN>"; unset: no /metrics
    METRICS_TOKEN: optional.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  })
  .superRefine((env, ctx) => {
    if (env.S3_BUCKET && (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["S3_ACCESS_KEY_ID"],
        message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required when S3_BUCKET is set",
      });
    }
  });

export type Env = z.infer<typeof envSchema> & { PUBLIC_URL: string };

export class EnvError extends Error {}

/** Parse environment variables; throws EnvError naming each bad variable on its own line. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "env"}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return { ...env, PUBLIC_URL: publicUrl };
}
