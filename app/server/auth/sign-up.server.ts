import type { Kysely } from "kysely";
import { signUpAnswer, type MailTransport } from "#app/lib/auth-messages.ts";
import type { Database } from "../db/schema.ts";
import type { Auth } from "./auth.server.ts";
import type { CredentialFields } from "./credential-body.server.ts";

/**
 * What every sign-up that does not sign in answers, whether the e-mail was new (an account was
 * created and mailed) or already had an account (its holder was mailed): the same status and body,
 * so sign-up tells no one which addresses have accounts (issue 28, finding 8). It speaks of an inbox
 * only when a mail server sends the mail (issue 29, finding 5).
 */
export const signUpMailed = (transport: MailTransport) => ({ status: true, message: signUpAnswer(transport) }) as const;

/** Whether the account is the one that claimed the first-admin slot (auth/first-admin.server.ts). */
async function isFirstAdmin(db: Kysely<Database>, userId: string): Promise<boolean> {
  const claim = await db.selectFrom("claims").select("value").where("name", "=", "first_admin").executeTakeFirst();
  return claim?.value === userId;
}

/**
 * The answer to a sign-up better-auth has handled (it signs no one in, and answers a duplicate
 * e-mail as it answers a new one). The site's first account, which just became its admin, is signed
 * in at once: there is no one else to find out about then. Every other success answers signUpMailed.
 * A refusal (an invalid e-mail, a short password) passes unchanged: it does not depend on the address
 * having an account.
 */
export async function answerSignUp(
  auth: Auth,
  db: Kysely<Database>,
  signUp: Request,
  fields: CredentialFields,
  answer: Response,
  mailTransport: MailTransport,
): Promise<Response> {
  if (!answer.ok) return answer;
  const body = (await answer.json().catch(() => null)) as { user?: { id?: unknown } } | null;
  const userId = body?.user?.id;
  if (typeof userId === "string" && (await isFirstAdmin(db, userId))) {
    const url = new URL(signUp.url);
    url.pathname = url.pathname.replace(/\/sign-up\/email$/, "/sign-in/email");
    const headers = new Headers(signUp.headers);
    headers.set("content-type", "application/json");
    headers.delete("content-length");
    const signIn = await auth.handler(new Request(url, { method: "POST", headers, body: JSON.stringify({ email: fields.email, password: fields.password }) }));
    if (signIn.ok) return signIn;
  }
  return Response.json(signUpMailed(mailTransport), { status: 200, headers: { "Cache-Control": "no-store" } });
}
