import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { UNKNOWN_ADDRESS } from "../http/client-address.server.ts";
import { findUnstorableText, isStorableUrl, jsonBodyHasUnstorableText, unstorableTextResponse } from "../http/text-safety.server.ts";
import { allowsNewAccounts } from "../queries/settings.server.ts";
import type { Auth } from "./auth.server.ts";
import { canonicalJsonRequest, readCredentialBody } from "./credential-body.server.ts";
import { withoutSecretsInBody } from "./response-secrets.server.ts";
import { answerSignUp } from "./sign-up.server.ts";
import type { MailTransport } from "#app/lib/auth-messages.ts";
import {
  accountKey,
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

  let reservation: Reservation;
  switch (path) {
    case "/sign-in/email":
      reservation = await reservePasswordCheck(db, { address, account: accountKey(fields.email) }, options);
      break;
    case "/sign-up/email":
      if (!(await allowsNewAccounts(db))) return refusalResponse({ status: 403, code: "SIGN_UP_DISABLED", message: SIGN_UP_CLOSED_MESSAGE });
      reservation = await reserveSignUp(db, address, options);
      break;
    case "/request-password-reset":
      reservation = await reserveResetMail(db, address, accountKey(fields.email), options);
      break;
    case "/reset-password":
      reservation = await reservePasswordCheck(db, { address }, options);
      break;
    case "/change-password":
    case "/verify-password":
    case "/delete-user": {
      // the current password is checked against the signed-in account
      const session = await auth.api.getSession({ headers: request.headers }).catch(() => null);
      reservation = await reservePasswordCheck(db, { address, account: accountKey(session?.user.email) }, options);
      break;
    }
    case "/admin/set-user-password":
      reservation = await reservePasswordChange(db, address, options);
      break;
  }
  if (!reservation.ok) return refusalResponse(reservation.refusal);
  const response = await auth.handler(forward);
  await reservation.settle(response.ok);
  return path === "/sign-up/email" ? answerSignUp(auth, db, forward, fields, response, options.mailTransport ?? "outbox") : response;
}
