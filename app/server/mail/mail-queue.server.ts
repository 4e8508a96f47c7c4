import type { MailMessage, Mailer } from "./mailer.server.ts";

/**
 * Mail sent after the answer, not inside the request: how long a transport takes (an SMTP round
 * trip, a file write) must not tell a caller whether the address has an account (issue 28, finding 8).
 * In-process and best effort, as the mail was before: a failed send is logged, never retried; a mail
 * still queued when the process dies is lost (the person asks again).
 */
export interface MailQueue {
  /** Queue a mail; returns at once. The mailer is called on a later turn of the event loop. */
  send(message: MailMessage): void;
  /** Resolves when every queued mail (and any queued while waiting) has been sent or has failed. */
  drain(): Promise<void>;
}

export function createMailQueue(mailer: Mailer, logError: (message: string, error: unknown) => void = console.error): MailQueue {
  const pending = new Set<Promise<void>>();
  return {
    send(message) {
      const sending = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => mailer.send(message))
        .catch((error: unknown) => logError(`[mail] "${message.subject}" to ${message.to} could not be sent:`, error))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async drain() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
