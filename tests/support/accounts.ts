import { expect } from "vitest";
import { authRequest, type TestServices } from "./test-db.ts";

// Accounts and sessions for DB tests, straight through better-auth's HTTP handler (not the
// throttling guard in front of it: these tests are about what happens after a sign-in).

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** A new account, signed in (sign-up itself signs no one in: issue 28, finding 8). */
export async function signUp(s: TestServices, email: string, password: string): Promise<string> {
  const res = await s.auth.handler(authRequest("/sign-up/email", { email, password, name: email.split("@")[0] }));
  expect(res.status, `sign-up of ${email}`).toBe(200);
  return signIn(s, email, password);
}

/** A new session of the account (as another browser would open it). */
export async function signIn(s: TestServices, email: string, password: string): Promise<string> {
  const res = await s.auth.handler(authRequest("/sign-in/email", { email, password }));
  expect(res.status, `sign-in of ${email}`).toBe(200);
  return cookieFrom(res.headers);
}

/** The id and role of the account this cookie is signed in as, or null when the session has ended. */
export async function whoIs(s: TestServices, cookie: string): Promise<{ id: string; role: string | null | undefined } | null> {
  const session = await s.auth.api.getSession({ headers: new Headers({ cookie }) });
  return session ? { id: session.user.id, role: session.user.role } : null;
}

export async function sessionCount(s: TestServices, email: string): Promise<number> {
  const row = await s.database.db
    .selectFrom("session")
    .innerJoin("user", "user.id", "session.userId")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("user.email", "=", email)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function userId(s: TestServices, email: string): Promise<string> {
  const row = await s.database.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return row.id;
}

export async function roleOf(s: TestServices, email: string): Promise<string | null> {
  const row = await s.database.db.selectFrom("user").select("role").where("email", "=", email).executeTakeFirstOrThrow();
  return row.role;
}

/** A call to better-auth over HTTP as the browser signed in with `cookie` would make it. */
export function authCall(s: TestServices, method: "GET" | "POST", endpoint: string, body: unknown, cookie?: string): Promise<Response> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (method === "POST") return s.auth.handler(authRequest(endpoint, body, headers));
  const url = new URL(`http://localhost:3999/api/auth${endpoint}`);
  for (const [k, v] of Object.entries((body ?? {}) as Record<string, string>)) url.searchParams.set(k, v);
  return s.auth.handler(new Request(url, { headers: { origin: "http://localhost:3999", ...headers } }));
}
