import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { authRequest, createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { cookieFrom, whoIs } from "#tests/support/accounts.ts";
import type { MailMessage } from "../mail/mailer.server.ts";
import { handleAuthRequest } from "./guards.server.ts";
import { signUpMailed } from "./sign-up.server.ts";

// Issue 28, finding 8: sign-up and the reset request answer alike for an address with an account and
// one without, and the reset mail is sent after the answer (its transport's time is not in the answer).

const FIRST = { email: "discovery-admin@example.com", password: "discovery-pass-1" };
const EXISTING = { email: "discovery-user@example.com", password: "discovery-pass-2" };

describeEachDialect("no account discovery on %s", (dialect) => {
  let s: TestServices;
  let address = 0;
  // each call from its own address: these tests are not about the throttle
  const call = (request: Request) => handleAuthRequest(s.auth, s.database.db, request, { clientAddress: `198.51.100.${++address}` });
  const sent: MailMessage[] = [];
  /** The subjects of the mails sent to an address. */
  const to = (email: string) => sent.filter((m) => m.to === email.toLowerCase()).map((m) => m.subject);
  const reset = (email: string) => call(authRequest("/request-password-reset", { email, redirectTo: "/auth" }));

  beforeAll(async () => {
    s = await createTestServices(dialect);
    vi.spyOn(s.mailer, "send").mockImplementation(async (message) => void sent.push(message));
  });
  afterAll(async () => {
    await s.mail.drain();
    await s.cleanup();
  });

  it("signs the first account (the admin) in at once", async () => {
    const res = await call(authRequest("/sign-up/email", { ...FIRST, name: "admin" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { email: FIRST.email } });
    expect((await whoIs(s, cookieFrom(res.headers)))?.role).toBe("admin");
  });

  it("answers a sign-up with an existing e-mail exactly as one with a new e-mail, and mails each address", async () => {
    const first = await call(authRequest("/sign-up/email", { ...EXISTING, name: "user" }));
    const again = await call(authRequest("/sign-up/email", { email: EXISTING.email, password: "another-pass-3", name: "someone" }));
    const fresh = await call(authRequest("/sign-up/email", { email: "discovery-new@example.com", password: "another-pass-3", name: "someone" }));
    const upperCase = await call(authRequest("/sign-up/email", { email: FIRST.email.toUpperCase(), password: "another-pass-3", name: "someone" }));
    const answers = await Promise.all([first, again, fresh, upperCase].map(async (r) => ({ status: r.status, body: await r.text(), cookies: r.headers.getSetCookie() })));
    for (const answer of answers) expect(answer).toEqual({ status: 200, body: JSON.stringify(signUpMailed("outbox")), cookies: [] });

    await s.mail.drain();
    expect(to(EXISTING.email)).toEqual([expect.stringMatching(/^Your .* account$/), expect.stringMatching(/^Sign-up attempt on /)]);
    expect(to(FIRST.email)).toEqual([expect.stringMatching(/^Sign-up attempt on /)]);
    // the existing account is untouched: its own password still signs in, the other does not
    expect((await call(authRequest("/sign-in/email", EXISTING))).status).toBe(200);
    expect((await call(authRequest("/sign-in/email", { email: EXISTING.email, password: "another-pass-3" }))).status).toBe(401);
    // a refusal that does not depend on the address stays a refusal
    expect((await call(authRequest("/sign-up/email", { email: EXISTING.email, password: "short", name: "x" }))).status).toBe(400);
  });

  it("answers a reset request alike for an existing and an unknown e-mail, before the mail transport is done", async () => {
    sent.length = 0;
    const { promise: blocked, resolve: release } = Promise.withResolvers<void>();
    const send = vi.spyOn(s.mailer, "send").mockImplementation(async (message) => {
      await blocked;
      sent.push(message);
    });
    const timeout = new Promise<"still waiting">((resolve) => setTimeout(() => resolve("still waiting"), 3000));

    // the transport cannot finish until released: the answer must not wait for it
    const existing = await Promise.race([reset(EXISTING.email), timeout]);
    expect(existing, "the reset answer waited for the mail transport").not.toBe("still waiting");
    const unknown = await reset("nobody-here@example.com");
    expect(sent).toEqual([]);
    const [a, b] = [existing as Response, unknown];
    expect({ status: a.status, body: await a.text() }).toEqual({ status: b.status, body: await b.text() });
    expect(a.status).toBe(200);

    release();
    await s.mail.drain();
    expect(send).toHaveBeenCalledOnce();
    expect(sent.map((m) => m.to)).toEqual([EXISTING.email]);
    expect(sent[0]!.text).toMatch(/\/api\/auth\/reset-password\/\w+/);
  });
});
