import { afterAll, beforeAll, expect, it } from "vitest";
import { handleAuthRequest } from "#app/server/auth/guards.server.ts";
import { requestContext } from "#app/server/http/client-address.server.ts";
import { useServices } from "#app/server/services.server.ts";
import { authRequest, createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import * as password from "./password.tsx";
import * as users from "./users.tsx";

// The two admin form actions that set a password go through the credential throttle (decision 012):
// 10 per client address per 15 minutes, then 429 with Retry-After and the message the form shows.

const ORIGIN = "http://localhost:3999";
type Answer = { status: number; retryAfter: string | null; body: unknown; setCookies: string[] };

function read(value: unknown): Answer {
  if (value instanceof Response) return { status: value.status, retryAfter: value.headers.get("retry-after"), body: null, setCookies: value.headers.getSetCookie() };
  const withInit = value as { type?: string; data?: unknown; init?: { status?: number; headers?: Record<string, string> } } | null;
  if (withInit?.type === "DataWithResponseInit") {
    const headers = new Headers(withInit.init?.headers);
    return { status: withInit.init?.status ?? 200, retryAfter: headers.get("retry-after"), body: withInit.data, setCookies: headers.getSetCookie() };
  }
  return { status: 200, retryAfter: null, body: value, setCookies: [] };
}

describeEachDialect("admin password actions behind the throttle on %s", (dialect) => {
  let s: TestServices;
  let cookie = "";
  let memberId = "";

  const post = async (action: typeof password.action | typeof users.action, path: string, fields: Record<string, string>, address: string) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    const request = new Request(`${ORIGIN}${path}`, { method: "POST", headers: { cookie, origin: ORIGIN }, body });
    try {
      return read(await action({ request, params: {}, context: requestContext(address) } as never));
    } catch (thrown) {
      return read(thrown);
    }
  };

  beforeAll(async () => {
    s = await createTestServices(dialect);
    useServices(s);
    const admin = await handleAuthRequest(s.auth, s.database.db, authRequest("/sign-up/email", { email: "pw-admin@example.com", password: "secret-pass-123", name: "a" }));
    cookie = admin.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    // a sign-up's answer names no account (issue 28, finding 8): the id is read from the database
    expect((await handleAuthRequest(s.auth, s.database.db, authRequest("/sign-up/email", { email: "pw-member@example.com", password: "secret-pass-123", name: "m" }))).status).toBe(200);
    memberId = (await s.database.db.selectFrom("user").select("id").where("email", "=", "pw-member@example.com").executeTakeFirstOrThrow()).id;
  });
  afterAll(() => s.cleanup());

  it("refuses the 11th password set from one address in 15 minutes, own change and reset alike", async () => {
    const address = "203.0.113.20";
    let current = "secret-pass-123";
    for (let i = 0; i < 5; i++) {
      const own = await post(password.action, "/admin/password", { currentPassword: current, password: `secret-${i}00`, confirm: `secret-${i}00` }, address);
      expect(own.status).toBe(200);
      // the own change ends every other session and signs this browser in again with a fresh cookie
      current = `secret-${i}00`;
      cookie = own.setCookies.map((c) => c.split(";")[0]).join("; ");
      const reset = await post(users.action, "/admin/users", { intent: "reset-password", userId: memberId, password: `member-${i}00` }, address);
      expect(reset.status).toBe(200);
    }
    const refused = await post(password.action, "/admin/password", { currentPassword: current, password: "secret-final", confirm: "secret-final" }, address);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ ok: false, message: expect.stringMatching(/Too many password changes from your network\. Try again in \d+ minutes?\./) });
    const refusedReset = await post(users.action, "/admin/users", { intent: "reset-password", userId: memberId, password: "member-final" }, address);
    expect(refusedReset.status).toBe(429);
    expect(refusedReset.body).toMatchObject({ ok: false, intent: "reset-password" });
    // the refused reset did not change the member's password
    const signIn = await handleAuthRequest(s.auth, s.database.db, authRequest("/sign-in/email", { email: "pw-member@example.com", password: "member-final" }), {
      clientAddress: "192.0.2.99",
    });
    expect(signIn.status).toBe(401);
    // another address is not affected
    expect((await post(password.action, "/admin/password", { currentPassword: current, password: "secret-other", confirm: "secret-other" }, "192.0.2.30")).status).toBe(200);
  });
});
