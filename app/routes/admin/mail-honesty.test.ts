import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { signUpAnswer } from "#app/lib/auth-messages.ts";
import type { MailMessage, Mailer } from "#app/server/mail/mailer.server.ts";
import { OUTBOX_ONLY_NOTICE } from "#app/server/mail/test-mail.server.ts";
import { useServices } from "#app/server/services.server.ts";
import { requestContext } from "#app/server/http/client-address.server.ts";
import { authRequest, createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { decodeMail } from "#tests/support/mail.ts";
import * as authApi from "../api/auth.ts";
import * as dashboard from "./dashboard.tsx";
import * as settings from "./settings.tsx";

// Issue 29, finding 5: nothing says a mail was sent while mail only reaches DATA_DIR/outbox (no
// SMTP_URL); the dashboard says so and what to set; "Send test mail" goes through the real mailer.

const ORIGIN = "http://localhost:3999";
let address = 0;
/** A sign-up through the /api/auth route, each from its own address (these tests are not about the throttle). */
const signUp = (email: string) =>
  authApi.action({ request: authRequest("/sign-up/email", { email, password: "honest-pass-1", name: "x" }), params: {}, context: requestContext(`192.0.2.${++address}`) } as never) as Promise<Response>;

describeEachDialect("mail honesty on %s", (dialect) => {
  let s: TestServices;
  let cookie = "";
  const dashboardData = async () => (await dashboard.loader({ request: new Request(`${ORIGIN}/admin/dashboard`, { headers: { cookie } }), params: {}, context: {} } as never)) as { mailNotice: string | null };
  const testMail = async () => {
    const body = new FormData();
    body.set("intent", settings.TEST_MAIL_INTENT);
    const result = await settings.action({ request: new Request(`${ORIGIN}/admin/settings`, { method: "POST", headers: { cookie, origin: ORIGIN }, body }), params: {}, context: {} } as never);
    return result as { ok: boolean; message: string };
  };
  /** the same services with an SMTP mailer that records what it sends */
  const withSmtp = (sent: MailMessage[]) => {
    const smtp: Mailer = { transport: "smtp", send: async (m) => void sent.push(m) };
    useServices({ ...s, mailer: smtp });
  };

  beforeAll(async () => {
    s = await createTestServices(dialect);
    useServices(s);
    const admin = await signUp("honest-admin@example.com");
    cookie = admin.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    expect(cookie).toContain("session_token");
  });
  afterAll(async () => {
    await s.mail.drain();
    await s.cleanup();
  });

  it("without SMTP_URL: the dashboard tells the admin what to set, and sign-up mentions no inbox", async () => {
    useServices(s);
    expect(s.mailer.transport).toBe("outbox");
    expect((await dashboardData()).mailNotice).toBe(OUTBOX_ONLY_NOTICE);
    expect(OUTBOX_ONLY_NOTICE).toContain("SMTP_URL");
    for (const email of ["honest-new@example.com", "honest-admin@example.com"]) {
      const body = (await (await signUp(email)).json()) as { message: string };
      expect(body.message).toBe(signUpAnswer("outbox"));
      expect(body.message).not.toMatch(/inbox|we have sent/i);
    }
  });

  it("without SMTP_URL: the test mail reaches the outbox and the answer says it was not sent", async () => {
    useServices(s);
    const result = await testMail();
    expect(result).toMatchObject({ ok: true, message: expect.stringMatching(/only written to the server's outbox folder, not sent/) });
    const dir = path.join(s.dataDir, "outbox");
    const files = fs.readdirSync(dir).filter((f) => f.endsWith("honest-admin@example.com.eml"));
    const mails = files.map((f) => decodeMail(fs.readFileSync(path.join(dir, f), "utf8")));
    const mail = mails.find((m) => m.includes("Subject: Test mail from DDS to PNG Converter"));
    // MAIL_FROM is a bare address by default: the sender is named after the site as it is called now
    expect(mail).toMatch(/^From: "?DDS to PNG Converter"? <no-reply@localhost>$/m);
  });

  it("with SMTP: no notice, sign-up names the inbox, and the test mail goes to the admin's own address", async () => {
    const sent: MailMessage[] = [];
    withSmtp(sent);
    try {
      expect((await dashboardData()).mailNotice).toBeNull();
      const body = (await (await signUp("honest-later@example.com")).json()) as { message: string };
      expect(body.message).toBe("Thanks! We have sent a message to this address. Check your inbox to continue.");
      expect(await testMail()).toMatchObject({ ok: true, message: "Test mail sent to honest-admin@example.com. Check that inbox (and its spam folder)." });
      expect(sent).toEqual([expect.objectContaining({ to: "honest-admin@example.com", subject: "Test mail from DDS to PNG Converter" })]);
    } finally {
      useServices(s);
    }
  });

  it("a failing mail server is reported on the settings screen", async () => {
    useServices({ ...s, mailer: { transport: "smtp", send: async () => Promise.reject(new Error("Invalid login: 535 auth failed")) } });
    try {
      // a refusal comes back as data(ActionResult, { status }): the screen shows its message
      expect(await testMail()).toMatchObject({
        data: { ok: false, message: "The test mail to honest-admin@example.com could not be sent: Invalid login: 535 auth failed" },
        init: { status: 502 },
      });
    } finally {
      useServices(s);
    }
  });
});
