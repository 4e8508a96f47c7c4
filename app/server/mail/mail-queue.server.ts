import type { MailMessage, Mailer } from "./mailer.server.ts";

/**
 * Mail sent after the answer, not inside the request: how long a transport takes (an SMTP round
 * trip, a file write) must not tell a caller whether the address has an account (issue 28, finding 8).
 * In-process and best effort, as the mail was before: a failed send is logged, never retried; a mail
 * still queued when the process dies is lost (the person asks again).
 */
/** A mail, or how to write it once it is its turn (a mail that reads a setting, such as the site name). */
export type QueuedMail = MailMessage | (() => Promise<MailMessage>);

export interface MailQueue {
  /** Queue a mail; returns at once. The mail is written and sent on a later turn of the event loop. */
  send(mail: QueuedMail): void;
  /** Resolves when every queued mail (and any queued while waiting) has been sent or has failed. */
  drain(): Promise<void>;
}

export function createMailQueue(mailer: Mailer, logError: (message: string, error: unknown) => void = console.error): MailQueue {
  const pending = new Set<Promise<void>>();
  return {
    send(mail) {
      const sending = new Promise<void>((resolve) => setImmediate(resolve))
        .then(async () => {
          const message = typeof mail === "function" ? await mail() : mail;
          await mailer.send(message).catch((error: unknown) => logError(`[mail] "${message.subject}" to ${message.to} could not be sent:`, error));
        })
        .catch((error: unknown) => logError("[mail] a mail could not be written:", error))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async drain() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
