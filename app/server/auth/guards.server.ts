import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { UNKNOWN_ADDRESS } from "../http/client-address.server.ts";
import { findUnstorableText, isStorableUrl, jsonBodyHasUnstorableText, unstorableTextResponse } from "../http/text-safety.server.ts";
import { allowsNewAccounts } from "../queries/settings.server.ts";
import type { Auth } from "./auth.server.ts";
import { canonicalJsonRequest, readCredentialBody } from "./credential-body.server.ts";
import { withoutSecretsInBody } from "./response-secrets.server.ts";
import { answerSignUp } from "./sign-up.server.ts";
import { isKnownDevice, knownDeviceSetCookie } from "./known-device.server.ts";
import type { MailTransport } from "#app/lib/auth-messages.ts";
import {
  accountDigest,
  accountKey,
  clearAccountFailures,
  refusalResponse,
  reservePasswordChange,
  reservePasswordCheck,
  reserveResetMail,
  reserveSignUp,
  SIGN_UP_CLOSED_MESSAGE,
  type Reservation,
  type ThrottleOptions,
} from "./throttle.server.ts";

export { PASSWORD_RESET_LIMIT_MESSAGE } from "./throttle.server.ts";

/** Every better-auth endpoint that evaluates a password, a reset token or creates credentials. */
export const CREDENTIAL_ENDPOINTS = [
  "/sign-in/email",
  "/sign-up/email",
  "/request-password-reset",
  "/reset-password",
  "/change-password",
  "/verify-password",
  "/delete-user",
  "/admin/set-user-password",
] as const;
type CredentialEndpoint = (typeof CREDENTIAL_ENDPOINTS)[number];

const isCredentialEndpoint = (path: string): path is CredentialEndpoint => (CREDENTIAL_ENDPOINTS as readonly string[]).includes(path);

/** The path as a lenient router might read it (decoded, lower case, single slashes, no trailing slash). */
function looseForm(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // keep it as sent
  }
  return decoded.toLowerCase().replace(/\/{2,}/g, "/").replace(/\/+$/, "");
}

export interface AuthRequestOptions extends ThrottleOptions {
  /** The client address from the Express layer (`req.ip`, honouring TRUST_PROXY). */
  clientAddress?: string;
  /** How mail leaves (services().mailer.transport): the sign-up answer names an inbox only for "smtp". */
  mailTransport?: MailTransport;
}

/**
 * Every /api/auth/* request passes here. A credential endpoint's body is read once (JSON,
 * form-encoded or multipart), the attempt is counted by the throttle, and better-auth then
 * evaluates a canonical JSON request carrying exactly the fields that were counted.
 */
export async function handleAuthRequest(auth: Auth, db: Kysely<Database>, request: Request, options: AuthRequestOptions = {}): Promise<Response> {
  // no session token in any body page script can read (the cookie carries it)
  return withoutSecretsInBody(await answerAuthRequest(auth, db, request, options));
}

async function answerAuthRequest(auth: Auth, db: Kysely<Database>, request: Request, options: AuthRequestOptions): Promise<Response> {
  const url = new URL(request.url);
  // a NUL byte or broken text would reach the database (a 500 on PostgreSQL): refused on every endpoint
  if (!isStorableUrl(url)) return unstorableTextResponse();
  const path = url.pathname.replace(/^\/api\/auth/, "");
  if (request.method !== "POST") return auth.handler(request);
  if (!isCredentialEndpoint(path)) {
    // a spelling of a credential path that some router might accept is never passed on unthrottled
    if (isCredentialEndpoint(looseForm(path))) return Response.json({ code: "NOT_FOUND", message: "Not found." }, { status: 404 });
    if (await jsonBodyHasUnstorableText(request)) return unstorableTextResponse();
    return auth.handler(request);
  }

  const body = await readCredentialBody(request);
  if (!body.ok) return Response.json({ code: body.code, message: body.message }, { status: body.status, headers: { "Cache-Control": "no-store" } });
  const { fields } = body;
  if (findUnstorableText(fields) !== null) return unstorableTextResponse();
  const address = options.clientAddress || UNKNOWN_ADDRESS;
  const forward = canonicalJsonRequest(request, fields);
  const now = options.now?.() ?? Date.now();
  const secret = auth.options.secret;
  const knownDevice = (account: string | null) => account !== null && isKnownDevice(secret, request.headers.get("cookie"), accountDigest(account), now);
  /** the account whose owner this request proves to be, once better-auth says it succeeded */
  let provenAccount: string | null = null;

  let reservation: Reservation;
  switch (path) {
    case "/sign-in/email": {
      const account = accountKey(fields.email);
      reservation = await reservePasswordCheck(db, { address, account, knownDevice: knownDevice(account) }, options);
      provenAccount = account;
      break;
    }
    case "/sign-up/email":
      if (!(await allowsNewAccounts(db))) return refusalResponse({ status: 403, code: "SIGN_UP_DISABLED", message: SIGN_UP_CLOSED_MESSAGE });
      reservation = await reserveSignUp(db, address, options);
      break;
    case "/request-password-reset":
      reservation = await reserveResetMail(db, address, accountKey(fields.email), options);
      break;
    case "/reset-password":
      reservation = await reservePasswordCheck(db, { address }, options);
      // better-auth takes the token from the body or, failing that, the query
      if (reservation.ok) provenAccount = await resetTokenAccount(auth, fields.token || new URL(request.url).searchParams.get("token"));
      break;
    case "/change-password":
    case "/verify-password":
    case "/delete-user": {
      // the current password is checked against the signed-in account
      const session = await auth.api.getSession({ headers: request.headers }).catch(() => null);
      const account = accountKey(session?.user.email);
      reservation = await reservePasswordCheck(db, { address, account, knownDevice: knownDevice(account) }, options);
      break;
    }
    case "/admin/set-user-password":
      reservation = await reservePasswordChange(db, address, options);
      break;
  }
  if (!reservation.ok) return refusalResponse(reservation.refusal);
  const response = await auth.handler(forward);
  await reservation.settle(response.ok);
  if (path === "/sign-up/email") return answerSignUp(auth, db, forward, fields, response, options.mailTransport ?? "outbox");
  if (!response.ok || !provenAccount) return response;
  // a reset link proves control of the mailbox: the guesses counted against the account are forgotten
  if (path === "/reset-password") await clearAccountFailures(db, provenAccount);
  const marked = new Response(response.body, response);
  marked.headers.append("Set-Cookie", knownDeviceSetCookie(secret, accountDigest(provenAccount), { now, secure: auth.options.baseURL?.startsWith("https:") ?? false }));
  return marked;
}

/**
 * The account a reset token belongs to, read through better-auth's own store (where
 * /request-password-reset put it as `reset-password:<token>`), or null for a token that is not one.
 */
async function resetTokenAccount(auth: Auth, token: unknown): Promise<string | null> {
  if (typeof token !== "string" || !token || token.length > 256) return null;
  const context = await auth.$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification) return null;
  const user = await context.internalAdapter.findUserById(verification.value);
  return accountKey(user?.email);
}
