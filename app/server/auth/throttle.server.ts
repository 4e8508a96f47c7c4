import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { data } from "react-router";
import type { ActionResult } from "#app/lib/forms.ts";
import type { Database } from "../db/schema.ts";
import { clientAddress, widerPrefixes } from "../http/client-address.server.ts";
import { clearRateLimit, hitRateLimit, refundRateLimit, type RateLimitResult, type RateLimitRule } from "../rate-limit.server.ts";
import { services } from "../services.server.ts";

/*
 * The one throttle in front of every credential check (decision 012). Every attempt is counted
 * with an atomic upsert BEFORE anything is evaluated, so parallel requests cannot slip past the
 * limit; an attempt that succeeds is refunded afterwards. Addresses that keep failing are slowed,
 * then refused; an IPv6 client counts as its /64, and its /56 and /48 count too, with larger limits.
 * An account has a ceiling of failed guesses per window, whatever the addresses: past it, only a
 * known device (known-device.server.ts) may try its password; anyone else waits or asks for a
 * reset link, and a completed reset clears the account's count (decision 040).
 */

const MINUTE = 60_000;

/** Failed credential checks per client address (sign-in, reset link, current password). */
export const ADDRESS_FAILURES = { windowMs: 15 * MINUTE, max: 10, slowAfter: 5 } as const;
/** Failed credential checks per account from anywhere: slowed after 3, refused past 20 (known devices excepted). */
export const ACCOUNT_FAILURES = { windowMs: 15 * MINUTE, max: 20, slowAfter: 3 } as const;
/**
 * An IPv6 client's wider networks (client-address.server.ts `widerPrefixes`) share one count per
 * rule, with this many times the per-address limit: a /56 refuses once failures from it reach
 * four fully failed /64s, a /48 ten.
 */
export const WIDER_PREFIX_FACTORS = [4, 10] as const;
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

/** The longest e-mail address there is (RFC 5321 path limit): anything longer is no account. */
export const EMAIL_MAX_LENGTH = 254;

/**
 * The account a credential check counts against: the e-mail as better-auth compares it, or null when
 * it cannot be an e-mail address (then the attempt counts only against the client address).
 */
export function accountKey(email: unknown): string | null {
  if (typeof email !== "string") return null;
  const normalized = email.trim().toLowerCase();
  if (normalized.length > EMAIL_MAX_LENGTH || !/^[^\s@]+@[^\s@]+$/.test(normalized)) return null;
  return normalized;
}

/** The account as stored in throttle keys and known-device cookies: a SHA-256, never the e-mail itself. */
export function accountDigest(account: string): string {
  return createHash("sha256").update(account).digest("base64url");
}

const accountFailuresKey = (account: string) => `auth-failures:account:${accountDigest(account)}`;

/** Forget an account's failed guesses (its owner proved control through a reset link). */
export async function clearAccountFailures(db: Kysely<Database>, account: string): Promise<void> {
  await clearRateLimit(db, accountFailuresKey(account));
}

interface CountedHit {
  key: string;
  result: RateLimitResult;
}

/**
 * Count one hit against `address` under `kind`, and against its wider IPv6 networks with their
 * larger limits. Returns every hit (to refund them) and the first one over its limit, if any.
 */
async function hitAddress(
  db: Kysely<Database>,
  kind: string,
  address: string,
  rule: RateLimitRule,
  now: number,
): Promise<{ hits: CountedHit[]; refused: RateLimitResult; own?: undefined } | { hits: CountedHit[]; refused: null; own: RateLimitResult }> {
  const buckets = [
    { key: `${kind}:address:${address}`, rule },
    ...widerPrefixes(address).map((prefix, i) => ({ key: `${kind}:network:${prefix}`, rule: { windowMs: rule.windowMs, max: rule.max * WIDER_PREFIX_FACTORS[i]! } })),
  ];
  const hits: CountedHit[] = [];
  for (const bucket of buckets) {
    const result = await hitRateLimit(db, bucket.key, bucket.rule, now);
    hits.push({ key: bucket.key, result });
    if (!result.allowed) return { hits, refused: result };
  }
  return { hits, refused: null, own: hits[0]!.result };
}

const refundAll = (db: Kysely<Database>, hits: CountedHit[]) => Promise.all(hits.map((hit) => refundRateLimit(db, hit.key, hit.result.windowStart)));

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
  who: { address: string; account?: string | null; knownDevice?: boolean },
  options: ThrottleOptions = {},
): Promise<Reservation> {
  const now = options.now?.() ?? Date.now();
  const byAddress = await hitAddress(db, "auth-failures", who.address, ADDRESS_FAILURES, now);
  if (byAddress.refused) return { ok: false, refusal: tooMany("Too many failed attempts from your network.", byAddress.refused) };
  const hits = [...byAddress.hits];
  let accountWait = 0;
  if (who.account) {
    const key = accountFailuresKey(who.account);
    const byAccount = await hitRateLimit(db, key, ACCOUNT_FAILURES, now);
    hits.push({ key, result: byAccount });
    if (!byAccount.allowed && !who.knownDevice) {
      // nothing is evaluated: the address keeps its budget for when the account opens again
      await refundAll(db, byAddress.hits);
      return { ok: false, refusal: accountCeiling(byAccount) };
    }
    // a known device is not slowed by failures it did not make
    if (!who.knownDevice) accountWait = slowDownMs(byAccount.count, ACCOUNT_FAILURES.slowAfter);
  }
  const wait = Math.max(slowDownMs(byAddress.own.count, ADDRESS_FAILURES.slowAfter), accountWait);
  if (wait > 0) await (options.sleep ?? defaultSleep)(wait);
  return {
    ok: true,
    async settle(succeeded) {
      if (succeeded) await refundAll(db, hits);
    },
  };
}

export const ACCOUNT_CEILING_MESSAGE = "Too many failed sign-in attempts for this account.";

const accountCeiling = (limit: RateLimitResult): Refusal => ({
  status: 429,
  code: "TOO_MANY_REQUESTS",
  message: `${ACCOUNT_CEILING_MESSAGE} ${retryText(limit.retryAfterSeconds).replace(/\.$/, "")}, or use "Forgot password?" to get a link that sets a new password.`,
  retryAfterSeconds: limit.retryAfterSeconds,
});

const counted = (limit: RateLimitResult, message: string): Reservation =>
  limit.allowed ? { ok: true, settle: async () => undefined } : { ok: false, refusal: tooMany(message, limit) };

/** One sign-up attempt from `address` (counted whatever its outcome). */
export async function reserveSignUp(db: Kysely<Database>, address: string, options: ThrottleOptions = {}): Promise<Reservation> {
  const limit = await hitAddress(db, "sign-ups", address, SIGN_UPS_PER_ADDRESS, options.now?.() ?? Date.now());
  return counted(limit.refused ?? limit.own, "Too many new accounts from your network.");
}

/** One reset mail: per address, then one per e-mail every 60 s. */
export async function reserveResetMail(db: Kysely<Database>, address: string, email: string | null, options: ThrottleOptions = {}): Promise<Reservation> {
  const now = options.now?.() ?? Date.now();
  const byAddress = await hitAddress(db, "reset-mails", address, RESET_MAILS_PER_ADDRESS, now);
  if (byAddress.refused) return counted(byAddress.refused, "Too many password reset requests from your network.");
  if (!email) return counted(byAddress.own, "");
  const byEmail = await hitRateLimit(db, `password-reset:${accountDigest(email)}`, RESET_MAILS_PER_EMAIL, now);
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
  const limit = await hitAddress(db, "password-changes", address, PASSWORD_CHANGES_PER_ADDRESS, options.now?.() ?? Date.now());
  return counted(limit.refused ?? limit.own, "Too many password changes from your network.");
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
