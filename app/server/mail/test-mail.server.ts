import type { MailTransport } from "#app/lib/auth-messages.ts";
import type { Mailer } from "./mailer.server.ts";

// "Send test mail" (General Settings, issue 29 finding 5): one mail to the signed-in admin through the
// real mailer, sent now (not queued) so the screen can say what happened to it.

/** What the admin dashboard and settings say while mail only reaches the outbox (no SMTP_URL). */
export const OUTBOX_ONLY_NOTICE =
  "Mail is not being sent: no mail server is set, so password-reset and sign-up mails are only written to the server's outbox folder (DATA_DIR/outbox). Set SMTP_URL (for example smtps://user:password@smtp.example.com:465) and MAIL_FROM in the server's environment, then restart it.";

export type TestMailResult = { ok: true; message: string } | { ok: false; message: string };

export function testMailMessage(siteName: string, to: string) {
  return {
    to,
    fromName: siteName,
    subject: `Test mail from ${siteName}`,
    text: `This is a test mail from the admin area of ${siteName}. If you can read it, the site can send mail.`,
  };
}

/** Send the test mail and word the outcome for the screen (the error's own text on failure, for the admin). */
export async function sendTestMail(mailer: Pick<Mailer, "send"> & { readonly transport: MailTransport }, siteName: string, to: string): Promise<TestMailResult> {
  try {
    await mailer.send(testMailMessage(siteName, to));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `The test mail to ${to} could not be sent: ${reason}` };
  }
  return mailer.transport === "smtp"
    ? { ok: true, message: `Test mail sent to ${to}. Check that inbox (and its spam folder).` }
    : { ok: true, message: `No mail server is set (SMTP_URL), so the test mail to ${to} was only written to the server's outbox folder, not sent.` };
}
