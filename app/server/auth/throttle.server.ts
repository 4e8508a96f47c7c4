import type { Kysely } from "kysely";
import { data } from "react-router";
import type { ActionResult } from "#app/lib/forms.ts";
import type { Database } from "../db/schema.ts";
import { clientAddress } from "../http/client-address.server.ts";
import { hitRateLimit, refundRateLimit, type RateLimitResult, type RateLimitRule } from "../rate-limit.server.ts";
import { services } from "../services.server.ts";

/*
 * The one throttle in front of every credential check (decision 012). Every attempt is counted
 * with an atomic upsert BEFORE anything is evaluated, so parallel requests cannot slip past the
 * limit; an attempt that succeeds is refunded afterwards. Addresses that keep failing are slowed,
 * then refused; an account under attack only gets slower answers, never a lock an attacker controls.
 */

const MINUTE = 60_000;

/** Failed credential checks per client address (sign-in, reset link, current password). */
export const ADDRESS_FAILURES = { windowMs: 15 * MINUTE, max: 10, slowAfter: 5 } as const;
/** Failed credential checks per account from anywhere: slower answers only, never a refusal. */
export const ACCOUNT_FAILURES = { windowMs: 15 * MINUTE, max: Number.MAX_SAFE_INTEGER, slowAfter: 3 } as const;
/** New accounts per client address. */
export const SIGN_UPS_PER_ADDRESS: RateLimitRule = { windowMs: 60 * MINUTE, max: 10 };
/** Password-reset mails per client address, and per e-mail (the spec's "every 60 seconds"). */
export const RESET_MAILS_PER_ADDRESS: RateLimitRule = { windowMs: 60 * MINUTE, max: 5 };
export const RESET_MAILS_PER_EMAIL: RateLimitRule = { windowMs: 60_000, max: 1 };
/** Passwords set by a signed-in admin (own change, reset of another user) per client address. */
export const PASSWORD_CHANGES_PER_ADDRESS: RateLimitRule = { windowMs: 15 * MINUTE, max: 10 };

/** The slow-down: 0.5 s after the free attempts, doubling each time, at most 5 s. */
export const DELAY_BASE_MS = 500;
export const DELAY_CAP_MS = 5_000;

export const PASSWORD_RESET_LIMIT_MESSAGE = "You can only request a new link every 60 seconds.";
export const SIGN_UP_CLOSED_MESSAGE = "New accounts are not being accepted on this site.";

export interface ThrottleOptions {
  /** Waits before a slowed attempt is evaluated; tests pass a recorder instead of waiting. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export interface Refusal {
  status: 403 | 429;
  code: string;
  message: string;
  retryAfterSeconds?: number;
}

export type Reservation = { ok: true; settle(succeeded: boolean): Promise<void> } | { ok: false; refusal: Refusal };

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How long to hold the `count`-th failure in the window before evaluating it. */
export function slowDownMs(count: number, slowAfter: number): number {
  if (count <= slowAfter) return 0;
  return Math.min(DELAY_CAP_MS, DELAY_BASE_MS * 2 ** (count - slowAfter - 1));
}

/** "Try again in 14 minutes." */
export function retryText(seconds: number): string {
  if (seconds < 60) return `Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** The account key a credential check counts against: the e-mail as better-auth compares it. */
export function accountKey(email: unknown): string | null {
  return typeof email === "string" && email.trim() ? email.trim().toLowerCase() : null;
}

const tooMany = (message: string, limit: RateLimitResult): Refusal => ({
  status: 429,
  code: "TOO_MANY_REQUESTS",
  message: `${message} ${retryText(limit.retryAfterSeconds)}`,
  retryAfterSeconds: limit.retryAfterSeconds,
});

/**
 * Reserve one password (or reset-token) check for `address` and, when known, `account`. Refused
 * once the address has failed too often; slowed as the address or the account keeps failing.
 * Call `settle(true)` after a success to give the reservation back.
 */
export async function reservePasswordCheck(
  db: Kysely<Database>,
  who: { address: string; account?: string | null },
  options: ThrottleOptions = {},
): Promise<Reservation> {
  const now = options.now?.() ?? Date.now();
  const addressKey = `auth-failures:address:${who.address}`;
  const byAddress = await hitRateLimit(db, addressKey, ADDRESS_FAILURES, now);
  if (!byAddress.allowed) return { ok: false, refusal: tooMany("Too many failed attempts from your network.", byAddress) };
  const accountKeyName = who.account ? `auth-failures:account:${who.account}` : null;
  const byAccount = accountKeyName ? await hitRateLimit(db, accountKeyName, ACCOUNT_FAILURES, now) : null;
  const wait = Math.max(
    slowDownMs(byAddress.count, ADDRESS_FAILURES.slowAfter),
    byAccount ? slowDownMs(byAccount.count, ACCOUNT_FAILURES.slowAfter) : 0,
  );
  if (wait > 0) await (options.sleep ?? defaultSleep)(wait);
  return {
    ok: true,
    async settle(succeeded) {
      if (!succeeded) return;
      await refundRateLimit(db, addressKey, byAddress.windowStart);
      if (accountKeyName && byAccount) await refundRateLimit(db, accountKeyName, byAccount.windowStart);
    },
  };
}

const counted = (limit: RateLimitResult, message: string): Reservation =>
  limit.allowed ? { ok: true, settle: async () => undefined } : { ok: false, refusal: tooMany(message, limit) };

/** One sign-up attempt from `address` (counted whatever its outcome). */
export async function reserveSignUp(db: Kysely<Database>, address: string, options: ThrottleOptions = {}): Promise<Reservation> {
  const limit = await hitRateLimit(db, `sign-ups:address:${address}`, SIGN_UPS_PER_ADDRESS, options.now?.() ?? Date.now());
  return counted(limit, "Too many new accounts from your network.");
}

/** One reset mail: per address, then one per e-mail every 60 s. */
export async function reserveResetMail(db: Kysely<Database>, address: string, email: string | null, options: ThrottleOptions = {}): Promise<Reservation> {
  const now = options.now?.() ?? Date.now();
  const byAddress = await hitRateLimit(db, `reset-mails:address:${address}`, RESET_MAILS_PER_ADDRESS, now);
  if (!byAddress.allowed) return counted(byAddress, "Too many password reset requests from your network.");
  if (!email) return counted(byAddress, "");
  const byEmail = await hitRateLimit(db, `password-reset:${email}`, RESET_MAILS_PER_EMAIL, now);
  if (!byEmail.allowed) {
    return {
      ok: false,
      refusal: {
        status: 429,
        code: "TOO_MANY_REQUESTS",
        message: `${PASSWORD_RESET_LIMIT_MESSAGE} Please wait ${byEmail.retryAfterSeconds} s before asking again.`,
        retryAfterSeconds: byEmail.retryAfterSeconds,
      },
    };
  }
  return counted(byEmail, "");
}

/** One password set by a signed-in admin (own or another user's) from `address`. */
export async function reservePasswordChange(db: Kysely<Database>, address: string, options: ThrottleOptions = {}): Promise<Reservation> {
  const limit = await hitRateLimit(db, `password-changes:address:${address}`, PASSWORD_CHANGES_PER_ADDRESS, options.now?.() ?? Date.now());
  return counted(limit, "Too many password changes from your network.");
}

/** A refusal as the JSON answer better-auth's callers expect: `{ code, message }`. */
export function refusalResponse(refusal: Refusal): Response {
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (refusal.retryAfterSeconds) headers["Retry-After"] = String(refusal.retryAfterSeconds);
  return Response.json({ code: refusal.code, message: refusal.message }, { status: refusal.status, headers });
}

/**
 * For the admin form actions that set a password (/admin/password, the Users screen's reset):
 * call right after requireAdmin; returns the 429 answer the form shows, or null to go on.
 */
export async function throttlePasswordChange(context: unknown, intent?: string) {
  const reservation = await reservePasswordChange(services().database.db, clientAddress(context));
  if (reservation.ok) return null;
  const { refusal } = reservation;
  return data({ ok: false, message: refusal.message, fieldErrors: undefined, intent } satisfies ActionResult, {
    status: refusal.status,
    headers: { "Retry-After": String(refusal.retryAfterSeconds ?? 1), "Cache-Control": "no-store" },
  });
}
