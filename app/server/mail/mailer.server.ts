import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { ensurePrivateDir, PRIVATE_FILE_MODE } from "../private-files.server.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The sender's display name (the site name) when MAIL_FROM is a bare address. */
  fromName?: string;
}

export interface Mailer {
  /** "smtp" when SMTP_URL is set, otherwise "outbox" (files in DATA_DIR/outbox) */
  readonly transport: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
}

/** SMTP when a URL is given; otherwise every mail is logged and written to `outboxDir` as .eml. */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      transport: "smtp",
      async send({ fromName, ...message }) {
        await transporter.sendMail({ from: sender(options.from, fromName), ...message });
      },
    };
  }
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    transport: "outbox",
    async send({ fromName, ...message }) {
      const info = await transporter.sendMail({ from: sender(options.from, fromName), ...message });
      ensurePrivateDir(options.outboxDir);
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, "_");
      const file = path.join(options.outboxDir, outboxFileName(new Date(), safeTo));
      // a reset mail holds a live sign-in link: the server user's alone; "wx": never replace another mail
      await fs.writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE, flag: "wx" });
      console.log(`[mail] "${message.subject}" to ${message.to} written to ${file}`);
    },
  };
}

/** MAIL_FROM as set when it names a sender ("Name <address>"); a bare address gets the site's current name,
 * so a renamed site's mail is from its new name. */
export function sender(mailFrom: string, fromName: string | undefined): string | { name: string; address: string } {
  return fromName && !mailFrom.includes("<") ? { name: fromName, address: mailFrom } : mailFrom;
}

let outboxSequence = 0;
/** Names sort in sending order; the sequence and random part keep two mails to one address in the same
 * millisecond (a queued sign-up mail beside a test mail; two instances on one DATA_DIR) from sharing a file. */
export function outboxFileName(at: Date, safeTo: string): string {
  outboxSequence = (outboxSequence + 1) % 1_000_000;
  const stamp = at.toISOString().replace(/[:.]/g, "-");
  return `${stamp}-${String(outboxSequence).padStart(6, "0")}-${randomBytes(3).toString("hex")}-${safeTo}.eml`;
}
