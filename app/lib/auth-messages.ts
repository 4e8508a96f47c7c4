// What /auth and the auth API tell people, in one place (issue 29, findings 5 and 10). Each text is
// the same for every address, so none tells whether an address has an account (issue 28, finding 8),
// and none says a mail went out when the site has no mail server (mail then only reaches DATA_DIR/outbox).

/** How the site sends mail: "smtp" when SMTP_URL is set, "outbox" (files on the server) otherwise. */
export type MailTransport = "smtp" | "outbox";

/** The forgot-password form's answer, whatever the address and the transport. */
export const RESET_LINK_REQUESTED = "If an account exists for that address, we've sent a link.";

/** The answer to a sign-up that does not sign in (every sign-up but the site's first). */
export function signUpAnswer(transport: MailTransport): string {
  return transport === "smtp"
    ? "Thanks! We have sent a message to this address. Check your inbox to continue."
    : "Thanks! This site cannot send e-mail yet, so no message will reach this address. Ask the site's admin to continue.";
}

/** Shown on the Sign Up tab while the site has no admin (a fresh install). */
export const FIRST_ADMIN_NOTE = "The first account becomes the site's admin.";

/** Shown on the Sign Up tab once the site has an admin: what a new account can and cannot do. */
export const LATER_ACCOUNT_NOTE = "This sign-in is for the site's admin. A new account has no access to the admin area until the admin grants it.";
