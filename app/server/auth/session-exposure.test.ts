import { afterAll, beforeAll, expect, it } from "vitest";
import { authRequest, createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { cookieFrom } from "#tests/support/accounts.ts";
import { handleAuthRequest } from "./guards.server.ts";
import { withoutSecrets } from "./response-secrets.server.ts";

// Issue 28, sessions: the session token lives in an HttpOnly cookie; no /api/auth answer hands it to page script.

const ORIGIN = "http://localhost:3999";
const ADMIN = { email: "exposure-admin@example.com", password: "exposure-pass-1" };

/** Every string in the answer, so a token under any name or depth is found. */
const hasToken = (text: string, token: string) => token.length > 0 && text.includes(token);

describeEachDialect("session tokens in /api/auth answers on %s", (dialect) => {
  let s: TestServices;
  const call = (request: Request) => handleAuthRequest(s.auth, s.database.db, request, { clientAddress: "198.51.100.7" });
  const get = (endpoint: string, cookie: string) => call(new Request(`${ORIGIN}/api/auth${endpoint}`, { headers: { cookie, origin: ORIGIN } }));
  /** The session token as stored, for the cookie's session. */
  const storedTokens = async () => (await s.database.db.selectFrom("session").select("token").execute()).map((r) => r.token);

  beforeAll(async () => {
    s = await createTestServices(dialect);
  });
  afterAll(() => s.cleanup());

  it("sign-up and sign-in answer the user without the token, and still set the session cookie", async () => {
    const up = await call(authRequest("/sign-up/email", { ...ADMIN, name: "admin" }));
    expect(up.status).toBe(200);
    const upText = await up.text();
    expect(upText).not.toMatch(/"token"/);
    expect(cookieFrom(up.headers)).toMatch(/session_token=/);

    const res = await call(authRequest("/sign-in/email", ADMIN));
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toMatch(/"token"/);
    expect(JSON.parse(text)).toMatchObject({ user: { email: ADMIN.email } });
    for (const token of await storedTokens()) expect(hasToken(upText + text, token)).toBe(false);

    const cookie = cookieFrom(res.headers);
    expect(cookie).toMatch(/session_token=/);
    expect(res.headers.getSetCookie().join("\n")).toMatch(/HttpOnly/i);
    // the cookie works: the session is there
    const session = await get("/get-session", cookie);
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(ADMIN.email);
  });

  it("get-session and list-sessions answer the session's user and dates, not its token", async () => {
    const cookie = cookieFrom((await call(authRequest("/sign-in/email", ADMIN))).headers);
    const tokens = await storedTokens();
    expect(tokens.length).toBeGreaterThan(0);

    const session = await get("/get-session", cookie);
    expect(session.status).toBe(200);
    const sessionText = await session.text();
    expect(JSON.parse(sessionText)).toMatchObject({ user: { email: ADMIN.email }, session: { expiresAt: expect.any(String) } });
    expect(sessionText).not.toMatch(/"token"/);

    const list = await get("/list-sessions", cookie);
    expect(list.status).toBe(200);
    const listText = await list.text();
    expect((JSON.parse(listText) as unknown[]).length).toBeGreaterThan(0);
    expect(listText).not.toMatch(/"token"/);
    for (const token of tokens) expect(hasToken(sessionText + listText, token)).toBe(false);
  });
});

it("withoutSecrets drops every token property at any depth and keeps the rest", () => {
  expect(withoutSecrets({ token: "t", user: { id: "1" }, sessions: [{ token: "a", id: "s1" }, { nested: { token: "b", keep: 1 } }] })).toEqual({
    user: { id: "1" },
    sessions: [{ id: "s1" }, { nested: { keep: 1 } }],
  });
});
