import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { authRequest, createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { decodeMail } from "#tests/support/mail.ts";
import { handleAuthRequest } from "./guards.server.ts";

const outboxFiles = (s: TestServices) => {
  const dir = path.join(s.dataDir, "outbox");
  return fs.existsSync(dir) ? fs.readdirSync(dir).toSorted() : [];
};

describeEachDialect("auth on %s", (dialect) => {
  let s: TestServices;
  const send = (p: string, body: unknown, headers?: Record<string, string>, clientAddress?: string) =>
    handleAuthRequest(s.auth, s.database.db, authRequest(p, body, headers), { clientAddress, sleep: async () => undefined });

  beforeAll(async () => {
    s = await createTestServices(dialect);
  });
  afterAll(() => s.cleanup());

  it("makes exactly one admin out of 20 concurrent first sign-ups", async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send("/sign-up/email", { email: `racer${i}@example.com`, password: "secret-pass-123", name: `racer${i}` }, {}, `10.1.0.${i}`)),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    const users = await s.database.db.selectFrom("user").select(["email", "role"]).execute();
    expect(users).toHaveLength(20);
    expect(users.filter((u) => u.role === "admin")).toHaveLength(1);
    expect(users.filter((u) => u.role === "user")).toHaveLength(19);
  });

  it("never makes a later sign-up an admin", async () => {
    const res = await send("/sign-up/email", { email: "late@example.com", password: "secret-pass-123", name: "late" });
    expect(res.status).toBe(200);
    const user = await s.database.db.selectFrom("user").select("role").where("email", "=", "late@example.com").executeTakeFirstOrThrow();
    expect(user.role).toBe("user");
  });

  it("enforces the password minimum of 8 and the e-mail format on the server", async () => {
    const short = await send("/sign-up/email", { email: "short@example.com", password: "1234567", name: "short" });
    expect(short.status).toBe(400);
    const badEmail = await send("/sign-up/email", { email: "not-an-email", password: "secret-pass-123", name: "x" });
    expect(badEmail.status).toBe(400);
    const stored = await s.database.db.selectFrom("user").select("id").where("email", "in", ["short@example.com", "not-an-email"]).execute();
    expect(stored).toHaveLength(0);
  });

  it("allows one password-reset request per 60 s per e-mail, and the refused one sends no mail", async () => {
    await s.mail.drain(); // mail goes out after the answer
    const before = outboxFiles(s).length;
    const first = await send("/request-password-reset", { email: "late@example.com", redirectTo: "/auth" });
    expect(first.status).toBe(200);
    await s.mail.drain(); // mail goes out after the answer
    expect(outboxFiles(s).length).toBe(before + 1);
    const mail = decodeMail(fs.readFileSync(path.join(s.dataDir, "outbox", outboxFiles(s).at(-1)!), "utf8"));
    expect(mail).toContain("To: late@example.com");
    expect(mail).toMatch(/http:\/\/localhost:3999\/api\/auth\/reset-password\/[A-Za-z0-9]+\?callbackURL=%2Fauth/);

    const second = await send("/request-password-reset", { email: "LATE@example.com ", redirectTo: "/auth" });
    expect(second.status).toBe(429);
    expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await second.json()).message).toContain("You can only request a new link every 60 seconds.");
    await s.mail.drain(); // mail goes out after the answer
    expect(outboxFiles(s).length).toBe(before + 1);

    const other = await send("/request-password-reset", { email: "racer1@example.com", redirectTo: "/auth" });
    expect(other.status).toBe(200);
  });

  it("mails carry the site name as it is now (issue 29, finding 5): a renamed site's reset mail names the new one", async () => {
    await s.database.db.updateTable("site_settings").set({ setting_value: "Renamed Tools" }).where("setting_key", "=", "site_name").execute();
    await s.mail.drain();
    const before = outboxFiles(s).length;
    expect((await send("/request-password-reset", { email: "racer2@example.com", redirectTo: "/auth" })).status).toBe(200);
    await s.mail.drain();
    expect(outboxFiles(s).length).toBe(before + 1);
    const mail = decodeMail(fs.readFileSync(path.join(s.dataDir, "outbox", outboxFiles(s).at(-1)!), "utf8"));
    expect(mail).toContain("Subject: Reset your Renamed Tools password");
    expect(mail).not.toContain("your DDS to PNG Converter account");
  });

  // The failure limits themselves (per address, per account, every encoding) are in throttle.test.ts.
  it("a good sign-in does not count as a failure", async () => {
    const email = "racer4@example.com";
    for (let i = 0; i < 4; i++) expect((await send("/sign-in/email", { email, password: "nope-nope" })).status).toBe(401);
    expect((await send("/sign-in/email", { email, password: "secret-pass-123" })).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await send("/sign-in/email", { email, password: "nope-nope" })).status).toBe(401);
    expect((await send("/sign-in/email", { email, password: "secret-pass-123" })).status).toBe(200);
  });
});
