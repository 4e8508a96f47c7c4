import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { decodeMail } from "#tests/support/mail.ts";
import { createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { saveSettings } from "../queries/settings-admin.server.ts";
import type { Auth } from "./auth.server.ts";
import { handleAuthRequest } from "./guards.server.ts";
import { accountKey } from "./throttle.server.ts";

// Issue 11, findings 1-3: one throttle in front of every credential endpoint (decision 012).
// The numbers: 10 failed checks per address per 15 min, then 429; slowed after 5 per address and
// after 3 per account; 10 sign-ups and 5 reset mails per address per hour.
// Issue 28 (decision 040): at most 20 failed checks per account per 15 min from anywhere (known
// devices excepted); an IPv6 /56 counts as one address past 4× the limit, a /48 past 10×.

const ORIGIN = "http://localhost:3999";
const PASSWORD = "right-pass-1";

type Encoding = "json" | "form" | "multipart";

function credentialRequest(endpoint: string, fields: Record<string, string>, encoding: Encoding = "json", headers: Record<string, string> = {}): Request {
  const url = `${ORIGIN}/api/auth${endpoint}`;
  const base = { origin: ORIGIN, ...headers };
  if (encoding === "json") return new Request(url, { method: "POST", headers: { ...base, "content-type": "application/json" }, body: JSON.stringify(fields) });
  if (encoding === "form") return new Request(url, { method: "POST", headers: { ...base, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return new Request(url, { method: "POST", headers: base, body: form });
}

const outboxCount = (s: TestServices) => {
  const dir = path.join(s.dataDir, "outbox");
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};

describeEachDialect("credential throttle on %s", (dialect) => {
  let s: TestServices;
  /** every request that reached better-auth, by endpoint: what was evaluated */
  const evaluated = new Map<string, number>();
  /** every slow-down the throttle asked for, in ms (counted, never waited) */
  const delays: number[] = [];
  let counting: Auth;

  const send = (address: string, endpoint: string, fields: Record<string, string>, encoding: Encoding = "json", headers: Record<string, string> = {}) =>
    handleAuthRequest(counting, s.database.db, credentialRequest(endpoint, fields, encoding, headers), {
      clientAddress: address,
      sleep: async (ms) => {
        delays.push(ms);
      },
    });
  const signIn = (address: string, email: string, password: string, encoding: Encoding = "json") => send(address, "/sign-in/email", { email, password }, encoding);
  const post = (p: string, body: string, type: string) =>
    handleAuthRequest(counting, s.database.db, new Request(`${ORIGIN}/api/auth${p}`, { method: "POST", headers: { origin: ORIGIN, "content-type": type }, body }), {
      clientAddress: "203.0.113.8",
    });
  /** a wrong guess for an account that does not exist, so only address limits apply */
  const guess = (address: string, i: number) => signIn(address, `nobody-${i}@example.com`, "wrong-guess");
  const reached = (endpoint: string) => evaluated.get(endpoint) ?? 0;

  beforeAll(async () => {
    s = await createTestServices(dialect);
    counting = {
      ...s.auth,
      handler: (request: Request) => {
        const endpoint = new URL(request.url).pathname.replace(/^\/api\/auth/, "");
        evaluated.set(endpoint, (evaluated.get(endpoint) ?? 0) + 1);
        return s.auth.handler(request);
      },
    };
    for (const email of ["admin@example.com", "victim@example.com", "spray-1@example.com", "spray-2@example.com", "mixed@example.com", "user@example.com", "form@example.com", "ceiling@example.com"]) {
      const res = await send(`10.0.0.${email.length}`, "/sign-up/email", { email, password: PASSWORD, name: email.split("@")[0]! });
      expect(res.status).toBe(200);
    }
  });
  afterAll(() => s.cleanup());

  it("counts JSON, form-encoded and multipart sign-ins against the same per-address limit", async () => {
    const attacker = "203.0.113.1";
    const before = reached("/sign-in/email");
    const encodings: Encoding[] = ["json", "json", "json", "json", "form", "form", "form", "multipart", "multipart", "multipart"];
    for (const [i, encoding] of encodings.entries()) expect((await signIn(attacker, "mixed@example.com", `wrong-${i}`, encoding)).status).toBe(401);
    for (const encoding of ["json", "form", "multipart"] as const) {
      const refused = await signIn(attacker, "mixed@example.com", PASSWORD, encoding);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      const body = (await refused.json()) as { code: string; message: string };
      expect(body.code).toBe("TOO_MANY_REQUESTS");
      expect(body.message).toMatch(/Too many failed attempts from your network\. Try again in \d+ minutes?\./);
    }
    // the 10 wrong guesses were evaluated; the 3 refused ones never reached better-auth
    expect(reached("/sign-in/email") - before).toBe(10);
  });

  it("finding 1: form-encoded guesses count like JSON ones, so the limit holds whatever the encoding", async () => {
    const attacker = "203.0.113.10";
    for (let i = 0; i < 10; i++) expect((await signIn(attacker, "form@example.com", `form-guess-${i}`, "form")).status).toBe(401);
    expect((await signIn(attacker, "form@example.com", PASSWORD, "json")).status).toBe(429);
    expect((await signIn(attacker, "form@example.com", PASSWORD, "form")).status).toBe(429);
  });

  it("a form-encoded sign-in is evaluated exactly as counted (the right password still works)", async () => {
    const res = await signIn("203.0.113.2", "user@example.com", PASSWORD, "form");
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join(";")).toMatch(/session_token=/);
    const multipart = await signIn("203.0.113.2", "user@example.com", PASSWORD, "multipart");
    expect(multipart.status).toBe(200);
  });

  it("evaluates at most the limit out of 50 parallel wrong attempts", async () => {
    const before = reached("/sign-in/email");
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => signIn("203.0.113.3", "victim@example.com", `guess-${i}`)));
    const statuses = responses.map((r) => r.status);
    expect(reached("/sign-in/email") - before).toBeLessThanOrEqual(10);
    expect(statuses.filter((st) => st === 401)).toHaveLength(reached("/sign-in/email") - before);
    expect(statuses.filter((st) => st === 429)).toHaveLength(50 - (reached("/sign-in/email") - before));
  }, 120_000);

  it("refuses the attacker's address while the real admin signs in from another address, only slowed", async () => {
    const attacker = "198.51.100.66";
    for (let i = 0; i < 10; i++) expect((await signIn(attacker, "admin@example.com", `nope-${i}`)).status).toBe(401);
    expect((await signIn(attacker, "admin@example.com", PASSWORD)).status).toBe(429);
    delays.length = 0;
    const admin = await signIn("192.0.2.10", "admin@example.com", PASSWORD);
    expect(admin.status).toBe(200);
    // the account under attack answers slowly (capped at 5 s), it is not locked
    expect(delays).toEqual([5_000]);
  });

  it("slows an account attacked from many addresses progressively, up to 5 s, below its ceiling", async () => {
    delays.length = 0;
    for (let i = 0; i < 8; i++) expect((await signIn(`100.64.0.${i}`, "spray-1@example.com", `spray-${i}`)).status).toBe(401);
    expect(delays).toEqual([500, 1_000, 2_000, 4_000, 5_000]);
    expect((await signIn("100.64.1.1", "spray-1@example.com", PASSWORD)).status).toBe(200);
  });

  it("issue 28 finding 2: 60 parallel wrong guesses for one account from 60 IPv6 /64s evaluate at most the ceiling", async () => {
    // a browser that signed in before the attack is a known device
    const owner = await signIn("192.0.2.40", "ceiling@example.com", PASSWORD);
    expect(owner.status).toBe(200);

    const before = reached("/sign-in/email");
    // 60 /64s in 60 different /48s, so only the account ceiling can stop them
    const responses = await Promise.all(Array.from({ length: 60 }, (_, i) => signIn(`2001:db8:${(i + 1).toString(16)}:1::/64`, "ceiling@example.com", `guess-${i}`)));
    const evaluatedNow = reached("/sign-in/email") - before;
    expect(evaluatedNow).toBeLessThanOrEqual(20);
    expect(responses.filter((r) => r.status === 401)).toHaveLength(evaluatedNow);
    const refused = responses.filter((r) => r.status === 429);
    expect(refused).toHaveLength(60 - evaluatedNow);
    const message = ((await refused[0]!.json()) as { message: string }).message;
    expect(message).toMatch(/^Too many failed sign-in attempts for this account\. Try again in \d+ minutes?, or use "Forgot password\?" to get a link that sets a new password\.$/);

    const knownCookie = owner.headers
      .getSetCookie()
      .filter((c) => c.startsWith("known_device="))
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(knownCookie).toMatch(/^known_device=\d+\.[\w-]+\.[\w-]+$/);
    // the right password from an unknown device is refused too, without being evaluated
    const stranger = await signIn("192.0.2.41", "ceiling@example.com", PASSWORD);
    expect(stranger.status).toBe(429);
    expect(reached("/sign-in/email") - before).toBe(evaluatedNow);
    // the known device still gets in, unslowed; a forged or other-account cookie does not
    delays.length = 0;
    expect((await send("192.0.2.40", "/sign-in/email", { email: "ceiling@example.com", password: PASSWORD }, "json", { cookie: knownCookie })).status).toBe(200);
    expect(delays).toEqual([]);
    const forged = knownCookie.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await send("192.0.2.42", "/sign-in/email", { email: "ceiling@example.com", password: PASSWORD }, "json", { cookie: forged })).status).toBe(429);

    // a reset link opens the account again, and marks the browser that used it as known
    expect((await send("192.0.2.43", "/request-password-reset", { email: "ceiling@example.com", redirectTo: "/auth" })).status).toBe(200);
    await s.mail.drain(); // mail goes out after the answer
    const mail = fs
      .readdirSync(path.join(s.dataDir, "outbox"))
      .map((f) => decodeMail(fs.readFileSync(path.join(s.dataDir, "outbox", f), "utf8")))
      // the reset mail, not the new-account mail sent to the same address
      .find((text) => text.includes("ceiling@example.com") && text.includes("/api/auth/reset-password/"));
    const token = /\/api\/auth\/reset-password\/([A-Za-z0-9]+)/.exec(mail ?? "")?.[1];
    expect(token).toBeTruthy();
    const reset = await send("192.0.2.43", "/reset-password", { newPassword: "a-new-pass-2026", token: token! });
    expect(reset.status).toBe(200);
    expect(reset.headers.getSetCookie().some((c) => c.startsWith("known_device="))).toBe(true);
    expect((await signIn("192.0.2.44", "ceiling@example.com", "a-new-pass-2026")).status).toBe(200);
  }, 120_000);

  it("issue 28 finding 2: /64s from one /48 count as one network past 4× the limit per /56 and 10× per /48", async () => {
    const before = reached("/sign-in/email");
    // 45 /64s inside 2001:db8:ab:100::/56, one guess each: the /56 stops at 40
    const inOne56 = await Promise.all(Array.from({ length: 45 }, (_, i) => guess(`2001:db8:ab:1${i.toString(16).padStart(2, "0")}::/64`, i)));
    expect(inOne56.filter((r) => r.status === 401)).toHaveLength(40);
    expect(inOne56.filter((r) => r.status === 429)).toHaveLength(5);
    expect(((await inOne56.find((r) => r.status === 429)!.json()) as { message: string }).message).toMatch(/^Too many failed attempts from your network\./);
    // 80 more /64s, spread over the /48's other /56s (8 each): the /48 stops at 100 in all
    const elsewhere = await Promise.all(Array.from({ length: 80 }, (_, i) => guess(`2001:db8:ab:${(0x200 + (i % 10) * 0x100 + Math.floor(i / 10)).toString(16)}::/64`, 100 + i)));
    expect(elsewhere.filter((r) => r.status === 401)).toHaveLength(60);
    expect(reached("/sign-in/email") - before).toBe(100);
    // another /48 is a different network
    expect((await guess("2001:db8:ac:1::/64", 999)).status).toBe(401);
  }, 120_000);

  it("issue 28 finding 3: a 60 KB e-mail answers without a 5xx, stores no more than a short key, and counts only against the address", async () => {
    // random text, so PostgreSQL cannot compress it below its btree limit
    const huge = `${crypto.randomBytes(30_000).toString("hex")}@example.com`;
    for (const endpoint of ["/sign-in/email", "/request-password-reset"] as const) {
      const res = await send("203.0.113.90", endpoint, endpoint === "/sign-in/email" ? { email: huge, password: "whatever-1" } : { email: huge, redirectTo: "/auth" });
      // a reset request answers 200 whatever the address (no account discovery)
      expect(res.status, endpoint).toBe(endpoint === "/sign-in/email" ? 401 : 200);
    }
    const rows = await s.database.db.selectFrom("rate_limits").select("key").execute();
    expect(Math.max(...rows.map((r) => r.key.length))).toBeLessThanOrEqual(128);
    expect(rows.some((r) => r.key.includes(huge.slice(0, 32)))).toBe(false);
    expect(accountKey(huge)).toBeNull();
    expect(accountKey("no-at-sign")).toBeNull();
    expect(accountKey(" Admin@Example.com ")).toBe("admin@example.com");
  });

  it("a success gives its reservation back, so signing in to one's own account does not reset failures", async () => {
    const address = "203.0.113.4";
    for (let i = 0; i < 9; i++) {
      expect((await signIn(address, "spray-2@example.com", `wrong-${i}`)).status).toBe(401);
      expect((await signIn(address, "user@example.com", PASSWORD)).status).toBe(200);
    }
    expect((await signIn(address, "spray-2@example.com", "wrong-last")).status).toBe(401);
    expect((await signIn(address, "user@example.com", PASSWORD)).status).toBe(429);
  });

  it("limits sign-ups per address to 10 an hour", async () => {
    const address = "203.0.113.5";
    for (let i = 0; i < 10; i++) {
      expect((await send(address, "/sign-up/email", { email: `bulk-${i}@example.com`, password: PASSWORD, name: "bulk" }, i % 2 ? "form" : "json")).status).toBe(200);
    }
    const refused = await send(address, "/sign-up/email", { email: "bulk-10@example.com", password: PASSWORD, name: "bulk" }, "multipart");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toMatch(/Too many new accounts from your network/);
    const stored = await s.database.db.selectFrom("user").select("id").where("email", "=", "bulk-10@example.com").execute();
    expect(stored).toHaveLength(0);
    expect((await send("203.0.113.55", "/sign-up/email", { email: "bulk-10@example.com", password: PASSWORD, name: "bulk" })).status).toBe(200);
  });

  it("limits reset mails per address to 5 an hour, and keeps one per e-mail every 60 s", async () => {
    const address = "203.0.113.6";
    await s.mail.drain(); // mail goes out after the answer
    const before = outboxCount(s);
    const emails = ["admin@example.com", "victim@example.com", "spray-1@example.com", "spray-2@example.com", "mixed@example.com"];
    for (const [i, email] of emails.entries()) {
      expect((await send(address, "/request-password-reset", { email, redirectTo: "/auth" }, i % 2 ? "form" : "json")).status).toBe(200);
    }
    await s.mail.drain(); // mail goes out after the answer
    expect(outboxCount(s)).toBe(before + 5);
    const refused = await send(address, "/request-password-reset", { email: "user@example.com", redirectTo: "/auth" }, "multipart");
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/Too many password reset requests from your network/);
    await s.mail.drain(); // mail goes out after the answer
    expect(outboxCount(s)).toBe(before + 5);

    const again = await send("203.0.113.66", "/request-password-reset", { email: "ADMIN@example.com ", redirectTo: "/auth" }, "form");
    expect(again.status).toBe(429);
    expect(((await again.json()) as { message: string }).message).toContain("You can only request a new link every 60 seconds.");
    await s.mail.drain(); // mail goes out after the answer
    expect(outboxCount(s)).toBe(before + 5);
  });

  it("counts wrong reset tokens and wrong current passwords against the address", async () => {
    const address = "203.0.113.7";
    for (let i = 0; i < 5; i++) expect((await send(address, "/reset-password", { newPassword: "another-1", token: `bad-token-${i}` }, "form")).status).toBe(400);
    const session = await signIn("192.0.2.20", "user@example.com", PASSWORD);
    const cookie = session.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    for (let i = 0; i < 5; i++) {
      const res = await send(address, "/change-password", { currentPassword: `wrong-${i}`, newPassword: "another-1" }, "multipart", { cookie });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(429);
    }
    expect((await send(address, "/change-password", { currentPassword: PASSWORD, newPassword: "another-1" }, "json", { cookie })).status).toBe(429);
    expect((await signIn(address, "user@example.com", PASSWORD)).status).toBe(429);
  });

  it("refuses bodies it cannot read, and spellings of credential paths, before better-auth sees them", async () => {
    const before = reached("/sign-in/email");
    expect((await post("/sign-in/email", "email=admin@example.com&password=x", "text/plain")).status).toBe(415);
    expect((await post("/sign-in/email", '{"email":', "application/json")).status).toBe(400);
    expect((await post("/sign-in/email", "[1,2]", "application/json")).status).toBe(400);
    expect((await post("/sign-in/email", JSON.stringify({ email: "admin@example.com", password: "x".repeat(70_000) }), "application/json")).status).toBe(413);
    for (const variant of ["/sign-in/email/", "/sign-in//email", "/Sign-In/Email", "/sign-in%2Femail"]) {
      const res = await post(variant, JSON.stringify({ email: "admin@example.com", password: "x" }), "application/json");
      expect(res.status, variant).toBe(404);
    }
    expect(reached("/sign-in/email") - before).toBe(0);
  });

  it("issue 28 finding 4: a credential body nested 5,000 levels answers 400, not a stack overflow, before the throttle counts it", async () => {
    const before = reached("/sign-in/email");
    for (const [open, close] of [['{"a":', "}"], ["[", "]"]] as const) {
      const body = `{"email":"admin@example.com","password":${open.repeat(5_000)}1${close.repeat(5_000)}}`;
      const res = await post("/sign-in/email", body, "application/json");
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe("The request body is nested too deeply.");
    }
    expect(reached("/sign-in/email") - before).toBe(0);
  });

  it("refuses sign-up on the server when 'Allow new accounts' is off, at once", async () => {
    await saveSettings(s.database.db, { allow_new_accounts: "false" });
    const res = await send("203.0.113.9", "/sign-up/email", { email: "closed@example.com", password: PASSWORD, name: "closed" }, "form");
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe("New accounts are not being accepted on this site.");
    expect(await s.database.db.selectFrom("user").select("id").where("email", "=", "closed@example.com").execute()).toHaveLength(0);
    // signing in still works
    expect((await signIn("203.0.113.9", "user@example.com", PASSWORD)).status).toBe(200);
    await saveSettings(s.database.db, { allow_new_accounts: "true" });
    expect((await send("203.0.113.9", "/sign-up/email", { email: "closed@example.com", password: PASSWORD, name: "closed" })).status).toBe(200);
  });
});
