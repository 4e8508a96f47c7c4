import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_REFUSED_CODE, PASSWORD_TOO_SHORT_MESSAGE } from "#app/lib/auth-schemas.ts";
import { COMMON_PASSWORDS_TEXT } from "./common-passwords.data.ts";

/*
 * The password policy (NIST SP 800-63B, decision 040): at least 8 characters, at most 128, and not
 * one of the 10,000 most common passwords of leaked password sets (a shipped, offline list). No
 * composition rules: length and the list are what the guideline asks for.
 */

export const COMMON_PASSWORD_MESSAGE = "This password is too common. Choose another one.";

let common: ReadonlySet<string> | null = null;

/** Whether `password` is on the shipped list (compared without case, as the list is lower-cased). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split("\n"));
  return common.has(password.toLowerCase());
}

/** What is wrong with `password` as a new password, or null when the policy accepts it. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return PASSWORD_TOO_SHORT_MESSAGE;
  if (password.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters`;
  if (isCommonPassword(password)) return COMMON_PASSWORD_MESSAGE;
  return null;
}

/** Every better-auth endpoint that sets a password, with the body field that carries it. */
export const PASSWORD_SETTING_ENDPOINTS: Readonly<Record<string, string>> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
  "/admin/set-user-password": "newPassword",
};

/**
 * The policy inside better-auth, so it holds on every path that sets a password: the HTTP API and
 * our admin actions' `auth.api.*` calls alike. A refusal is a 400 with code PASSWORD_REFUSED_CODE.
 */
export function passwordPolicy() {
  return {
    id: "password-policy",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path !== undefined && ctx.path in PASSWORD_SETTING_ENDPOINTS,
          handler: createAuthMiddleware(async (ctx) => {
            const body: unknown = ctx.body;
            const field = PASSWORD_SETTING_ENDPOINTS[ctx.path]!;
            const password = body && typeof body === "object" && field in body ? (body as Record<string, unknown>)[field] : undefined;
            // a missing or non-text password is the endpoint's own 400
            if (typeof password !== "string") return;
            const problem = passwordProblem(password);
            if (!problem) return;
            const error = new APIError("BAD_REQUEST", { code: PASSWORD_REFUSED_CODE, message: problem });
            // an HTTP caller gets the refusal as its answer; a server-side auth.api.* caller has it thrown
            if (ctx.request) return error;
            throw error;
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
