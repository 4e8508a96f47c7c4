import { describe, expect, it } from "vitest";
import type { MailMessage } from "./mailer.server.ts";
import { sendTestMail } from "./test-mail.server.ts";

const recorder = (transport: "smtp" | "outbox", fail?: Error) => {
  const sent: MailMessage[] = [];
  return {
    sent,
    mailer: {
      transport,
      async send(message: MailMessage) {
        if (fail) throw fail;
        sent.push(message);
      },
    },
  };
};

describe("sendTestMail", () => {
  it("sends to the admin through the mailer and says so for SMTP", async () => {
    const { sent, mailer } = recorder("smtp");
    expect(await sendTestMail(mailer, "Acme", "boss@example.com")).toEqual({ ok: true, message: "Test mail sent to boss@example.com. Check that inbox (and its spam folder)." });
    expect(sent).toEqual([expect.objectContaining({ to: "boss@example.com", subject: "Test mail from Acme" })]);
  });

  it("does not claim a sent mail when it only reached the outbox", async () => {
    const { mailer } = recorder("outbox");
    const result = await sendTestMail(mailer, "Acme", "boss@example.com");
    expect(result.ok).toBe(true);
    expect(result.message).toMatch(/only written to the server's outbox folder, not sent/);
  });

  it("reports the mailer's failure", async () => {
    const { mailer } = recorder("smtp", new Error("connect ECONNREFUSED 127.0.0.1:25"));
    expect(await sendTestMail(mailer, "Acme", "boss@example.com")).toEqual({ ok: false, message: "The test mail to boss@example.com could not be sent: connect ECONNREFUSED 127.0.0.1:25" });
  });
});
