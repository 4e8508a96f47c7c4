import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { clearRateLimit, hitRateLimit, peekRateLimit, type RateLimitRule } from "../rate-limit.server";
import type { Auth } from "./auth.server";

export const PASSWORD_RESET_LIMIT: RateLimitRule = { windowMs: 60_000, max: 1 };
export const FAILED_SIGN_IN_LIMIT: RateLimitRule = { windowMs: 15 * 60_000, max: 5 };

export const PASSWORD_RESET_LIMIT_MESSAGE = "You can only request a new link every 60 seconds.";

/**
 * Every /api/auth/* request passes here: server-side limits that better-auth does not keep per
 * e-mail across instances, then better-auth itself.
 */
export async function handleAuthRequest(auth: Auth, db: Kysely<Database>, request: Request): Promise<Response> {
  const path = new URL(request.url).pathname.replace(/^\/api\/auth/, "");
  if (request.method !== "POST") return auth.handler(request);

  if (path === "/request-password-reset") {
    const email = await readEmail(request);
    if (email) {
      const limit = await hitRateLimit(db, `password-reset:${email}`, PASSWORD_RESET_LIMIT);
      if (!limit.allowed) {
        return tooManyRequests(
          `${PASSWORD_RESET_LIMIT_MESSAGE} Please wait ${limit.retryAfterSeconds} s before asking again.`,
          limit.retryAfterSeconds,
        );
      }
    }
    return auth.handler(request);
  }

  if (path === "/sign-in/email") {
    const email = await readEmail(request);
    if (!email) return auth.handler(request);
    const key = `sign-in-failures:${email}`;
    const before = await peekRateLimit(db, key, FAILED_SIGN_IN_LIMIT);
    if (!before.allowed) {
      const minutes = Math.ceil(before.retryAfterSeconds / 60);
      return tooManyRequests(
        `Too many failed sign-in attempts for this account. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or reset your password.`,
        before.retryAfterSeconds,
      );
    }
    const response = await auth.handler(request);
    if (response.status === 401) await hitRateLimit(db, key, FAILED_SIGN_IN_LIMIT);
    else if (response.ok) await clearRateLimit(db, key);
    return response;
  }

  return auth.handler(request);
}

async function readEmail(request: Request): Promise<string | null> {
  try {
    const body: unknown = await request.clone().json();
    if (body && typeof body === "object" && "email" in body && typeof body.email === "string") {
      return body.email.trim().toLowerCase();
    }
  } catch {
    // not JSON: better-auth answers the bad request itself
  }
  return null;
}

function tooManyRequests(message: string, retryAfterSeconds: number): Response {
  return Response.json(
    { code: "TOO_MANY_REQUESTS", message },
    { status: 429, headers: { "Retry-After": String(retryAfterSeconds), "Cache-Control": "no-store" } },
  );
}
