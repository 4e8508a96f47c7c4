import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authCall, roleOf, sessionCount, signIn, signUp, userId, whoIs } from "#tests/support/accounts.ts";
import { decodeMail } from "#tests/support/mail.ts";
import { createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { ADMIN_ENDPOINT_NOT_AVAILABLE, ADMIN_ENDPOINTS_OVER_HTTP } from "./account-rules.server.ts";

const PASSWORD = "rules-pass-1";

// a sample call for each endpoint of the admin plugin, as an attacker would send it
const samples = (member: string): Record<string, { method: "GET" | "POST"; body: unknown }> => ({
  "/admin/get-user": { method: "GET", body: { id: member } },
  "/admin/create-user": { method: "POST", body: { email: "created@example.com", password: PASSWORD, name: "created", role: "admin" } },
  "/admin/update-user": { method: "POST", body: { userId: member, data: { role: "admin" } } },
  "/admin/list-users": { method: "GET", body: {} },
  "/admin/list-user-sessions": { method: "POST", body: { userId: member } },
  "/admin/unban-user": { method: "POST", body: { userId: member } },
  "/admin/ban-user": { method: "POST", body: { userId: member } },
  "/admin/impersonate-user": { method: "POST", body: { userId: member } },
  "/admin/stop-impersonating": { method: "POST", body: {} },
  "/admin/revoke-user-session": { method: "POST", body: { sessionToken: "x" } },
  "/admin/revoke-user-sessions": { method: "POST", body: { userId: member } },
  "/admin/has-permission": { method: "POST", body: { permissions: { user: ["set-role"] } } },
});

describeEachDialect("account rules on every path, on %s", (dialect) => {
  let s: TestServices;
  let adminCookie = "";
  let adminId = "";

  beforeAll(async () => {
    s = await createTestServices(dialect);
    // the first account is the admin
    adminCookie = await signUp(s, "rules-admin@example.com", PASSWORD);
    adminId = await userId(s, "rules-admin@example.com");
    expect(await roleOf(s, "rules-admin@example.com")).toBe("admin");
  });
  afterAll(() => s.cleanup());

  describe("POST /api/auth/admin/set-role", () => {
    it("refuses the only admin demoting themselves: the site keeps its admin", async () => {
      const res = await authCall(s, "POST", "/admin/set-role", { userId: adminId, role: "user" }, adminCookie);
      expect(res.status).toBe(409);
      expect((await res.json()).message).toBe("You cannot remove your own admin role.");
      expect(await roleOf(s, "rules-admin@example.com")).toBe("admin");
      expect((await whoIs(s, adminCookie))?.role).toBe("admin");
    });

    it("takes only the roles admin and user", async () => {
      await signUp(s, "rules-odd@example.com", PASSWORD);
      const id = await userId(s, "rules-odd@example.com");
      for (const role of ["superadmin", "Admin", ["admin", "user"], ["user"]]) {
        const res = await authCall(s, "POST", "/admin/set-role", { userId: id, role }, adminCookie);
        expect(res.status, JSON.stringify(role)).toBe(400);
        expect((await res.json()).message).toBe("Unknown role");
      }
      expect(await roleOf(s, "rules-odd@example.com")).toBe("user");
    });

    it("lets an admin promote and demote another account, answering like better-auth does", async () => {
      await signUp(s, "rules-promoted@example.com", PASSWORD);
      const id = await userId(s, "rules-promoted@example.com");
      const up = await authCall(s, "POST", "/admin/set-role", { userId: id, role: "admin" }, adminCookie);
      expect(up.status).toBe(200);
      expect((await up.json()).user).toMatchObject({ id, email: "rules-promoted@example.com", role: "admin" });
      expect(await roleOf(s, "rules-promoted@example.com")).toBe("admin");
      const down = await authCall(s, "POST", "/admin/set-role", { userId: id, role: "user" }, adminCookie);
      expect(down.status).toBe(200);
      expect(await roleOf(s, "rules-promoted@example.com")).toBe("user");
      const missing = await authCall(s, "POST", "/admin/set-role", { userId: "no-such-user", role: "admin" }, adminCookie);
      expect(missing.status).toBe(404);
    });

    it("refuses non-admins (403) and anonymous callers (401), changing nothing", async () => {
      const memberCookie = await signUp(s, "rules-climber@example.com", PASSWORD);
      const id = await userId(s, "rules-climber@example.com");
      expect((await authCall(s, "POST", "/admin/set-role", { userId: id, role: "admin" }, memberCookie)).status).toBe(403);
      expect((await authCall(s, "POST", "/admin/set-role", { userId: adminId, role: "user" }, memberCookie)).status).toBe(403);
      expect((await authCall(s, "POST", "/admin/set-role", { userId: id, role: "admin" })).status).toBe(401);
      expect(await roleOf(s, "rules-climber@example.com")).toBe("user");
      expect(await roleOf(s, "rules-admin@example.com")).toBe("admin");
      // nor can an account give itself a role through its own profile endpoint
      await authCall(s, "POST", "/update-user", { role: "admin" }, memberCookie);
      expect(await roleOf(s, "rules-climber@example.com")).toBe("user");
    });

    it("admins demoting each other all at once never leave the site without an admin", async () => {
      // a site of its own, so the count of admins is known: eight admins, each demotes the next
      const t = await createTestServices(dialect);
      try {
        const emails = Array.from({ length: 8 }, (_, i) => `duel-${i}@example.com`);
        const cookies: string[] = [];
        for (const email of emails) cookies.push(await signUp(t, email, PASSWORD));
        const ids = await Promise.all(emails.map((e) => userId(t, e)));
        for (const id of ids.slice(1)) expect((await authCall(t, "POST", "/admin/set-role", { userId: id, role: "admin" }, cookies[0])).status).toBe(200);
        const results = await Promise.all(
          ids.map((_, i) => authCall(t, "POST", "/admin/set-role", { userId: ids[(i + 1) % ids.length], role: "user" }, cookies[i])),
        );
        const admins = await t.database.db.selectFrom("user").select("email").where("role", "=", "admin").execute();
        expect(admins.length).toBeGreaterThanOrEqual(1);
        expect(results.filter((r) => r.status === 200)).toHaveLength(ids.length - admins.length);
        for (const refused of results.filter((r) => r.status !== 200)) expect([403, 409]).toContain(refused.status);
      } finally {
        await t.cleanup();
      }
    });

    it("holds for our own server-side calls too (auth.api.setRole)", async () => {
      const headers = new Headers({ cookie: adminCookie });
      await expect(s.auth.api.setRole({ body: { userId: adminId, role: "user" }, headers })).rejects.toMatchObject({ statusCode: 409 });
      expect(await roleOf(s, "rules-admin@example.com")).toBe("admin");
      await signUp(s, "rules-server@example.com", PASSWORD);
      const id = await userId(s, "rules-server@example.com");
      const done = await s.auth.api.setRole({ body: { userId: id, role: "admin" }, headers });
      expect(done.user.role).toBe("admin");
      await s.auth.api.setRole({ body: { userId: id, role: "user" }, headers });
      expect(await roleOf(s, "rules-server@example.com")).toBe("user");
    });
  });

  describe("POST /api/auth/admin/remove-user", () => {
    it("deletes another account with its sessions and password, answering like better-auth does", async () => {
      const email = "rules-leaver@example.com";
      const sessions = [await signUp(s, email, PASSWORD), await signIn(s, email, PASSWORD)];
      const id = await userId(s, email);
      const res = await authCall(s, "POST", "/admin/remove-user", { userId: id }, adminCookie);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true });
      for (const cookie of sessions) expect(await whoIs(s, cookie)).toBeNull();
      expect(await s.database.db.selectFrom("user").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
      expect(await s.database.db.selectFrom("session").select("id").where("userId", "=", id).execute()).toHaveLength(0);
      expect(await s.database.db.selectFrom("account").select("id").where("userId", "=", id).execute()).toHaveLength(0);
      expect((await authCall(s, "POST", "/sign-in/email", { email, password: PASSWORD })).status).toBe(401);
      expect((await authCall(s, "POST", "/admin/remove-user", { userId: id }, adminCookie)).status).toBe(404);
    });

    it("refuses the admin deleting themselves (the last admin): the site keeps its admin", async () => {
      const res = await authCall(s, "POST", "/admin/remove-user", { userId: adminId }, adminCookie);
      expect(res.status).toBe(409);
      expect((await res.json()).message).toBe("You cannot delete your own account.");
      expect((await whoIs(s, adminCookie))?.role).toBe("admin");
      const bad = await authCall(s, "POST", "/admin/remove-user", { userId: "" }, adminCookie);
      expect(bad.status).toBe(400);
    });

    it("refuses non-admins (403) and anonymous callers (401), deleting nothing", async () => {
      const memberCookie = await signUp(s, "rules-deleter@example.com", PASSWORD);
      const victim = await signUp(s, "rules-victim@example.com", PASSWORD);
      const victimId = await userId(s, "rules-victim@example.com");
      expect((await authCall(s, "POST", "/admin/remove-user", { userId: victimId }, memberCookie)).status).toBe(403);
      expect((await authCall(s, "POST", "/admin/remove-user", { userId: adminId }, memberCookie)).status).toBe(403);
      expect((await authCall(s, "POST", "/admin/remove-user", { userId: victimId })).status).toBe(401);
      expect((await whoIs(s, victim))?.id).toBe(victimId);
      expect((await whoIs(s, adminCookie))?.id).toBe(adminId);
    });

    it("holds for our own server-side calls too (auth.api.removeUser)", async () => {
      const headers = new Headers({ cookie: adminCookie });
      await expect(s.auth.api.removeUser({ body: { userId: adminId }, headers })).rejects.toMatchObject({ statusCode: 409 });
      expect(await roleOf(s, "rules-admin@example.com")).toBe("admin");
      const cookie = await signUp(s, "rules-removed@example.com", PASSWORD);
      const id = await userId(s, "rules-removed@example.com");
      expect(await s.auth.api.removeUser({ body: { userId: id }, headers })).toEqual({ success: true });
      expect(await whoIs(s, cookie)).toBeNull();
    });
  });

  describe("password changes end the account's other sessions", () => {
    it("an admin setting another account's password (POST /api/auth/admin/set-user-password) ends all its sessions", async () => {
      const first = await signUp(s, "rules-target@example.com", PASSWORD);
      const second = await signIn(s, "rules-target@example.com", PASSWORD);
      expect(await sessionCount(s, "rules-target@example.com")).toBe(2);
      const id = await userId(s, "rules-target@example.com");
      const res = await authCall(s, "POST", "/admin/set-user-password", { userId: id, newPassword: "set-by-admin-1" }, adminCookie);
      expect(res.status).toBe(200);
      expect(await sessionCount(s, "rules-target@example.com")).toBe(0);
      expect(await whoIs(s, first)).toBeNull();
      expect(await whoIs(s, second)).toBeNull();
      expect((await whoIs(s, adminCookie))?.id).toBe(adminId);
      await signIn(s, "rules-target@example.com", "set-by-admin-1");
    });

    it("an admin setting their own password keeps the session they did it from and ends the others", async () => {
      const other = await signIn(s, "rules-admin@example.com", PASSWORD);
      const res = await authCall(s, "POST", "/admin/set-user-password", { userId: adminId, newPassword: PASSWORD }, adminCookie);
      expect(res.status).toBe(200);
      expect(await whoIs(s, other)).toBeNull();
      expect((await whoIs(s, adminCookie))?.id).toBe(adminId);
      expect(await sessionCount(s, "rules-admin@example.com")).toBe(1);
    });

    it("a refused set-user-password ends nothing", async () => {
      const cookie = await signUp(s, "rules-kept@example.com", PASSWORD);
      const id = await userId(s, "rules-kept@example.com");
      const short = await authCall(s, "POST", "/admin/set-user-password", { userId: id, newPassword: "123" }, adminCookie);
      expect(short.status).toBe(400);
      const byMember = await authCall(s, "POST", "/admin/set-user-password", { userId: id, newPassword: "member-sets-1" }, cookie);
      expect(byMember.status).toBe(403);
      const anonymous = await authCall(s, "POST", "/admin/set-user-password", { userId: id, newPassword: "anyone-sets-1" });
      expect(anonymous.status).toBe(401);
      expect((await whoIs(s, cookie))?.id).toBe(id);
    });

    it("POST /api/auth/change-password ends the other sessions even when asked not to, and keeps the caller signed in", async () => {
      const mine = await signUp(s, "rules-changer@example.com", PASSWORD);
      const other = await signIn(s, "rules-changer@example.com", PASSWORD);
      const res = await authCall(s, "POST", "/change-password", { currentPassword: PASSWORD, newPassword: "changed-pass-9", revokeOtherSessions: false }, mine);
      expect(res.status).toBe(200);
      expect(await whoIs(s, other)).toBeNull();
      const renewed = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
      expect((await whoIs(s, renewed))?.id).toBe(await userId(s, "rules-changer@example.com"));
      expect(await sessionCount(s, "rules-changer@example.com")).toBe(1);
    });

    it("a reset through the e-mailed link ends every session of the account", async () => {
      const email = "rules-forgot@example.com";
      const sessions = [await signUp(s, email, PASSWORD), await signIn(s, email, PASSWORD)];
      const outbox = path.join(s.dataDir, "outbox");
      await s.mail.drain(); // mail goes out after the answer
      const before = fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0;
      expect((await authCall(s, "POST", "/request-password-reset", { email, redirectTo: "/auth" })).status).toBe(200);
      await s.mail.drain(); // mail goes out after the answer
      const files = fs.readdirSync(outbox).toSorted();
      expect(files.length).toBe(before + 1);
      const mail = decodeMail(fs.readFileSync(path.join(outbox, files.at(-1)!), "utf8"));
      const token = /\/api\/auth\/reset-password\/([A-Za-z0-9]+)/.exec(mail)?.[1];
      expect(token).toBeTruthy();
      expect((await authCall(s, "POST", "/reset-password", { newPassword: "from-the-link-1", token })).status).toBe(200);
      expect(await sessionCount(s, email)).toBe(0);
      for (const cookie of sessions) expect(await whoIs(s, cookie)).toBeNull();
      await signIn(s, email, "from-the-link-1");
    });
  });

  describe("admin endpoints with no screen on this site", () => {

    it("every admin endpoint better-auth offers is either guarded above or listed here", () => {
      const offered = Object.values(s.auth.api as Record<string, { path?: string }>)
        .map((endpoint) => endpoint.path)
        .filter((p): p is string => typeof p === "string" && p.startsWith("/admin/"));
      expect(offered.toSorted()).toEqual([...ADMIN_ENDPOINTS_OVER_HTTP, ...Object.keys(samples("x"))].toSorted());
    });

    it("answer 404 over HTTP to admins, members and anonymous callers, and change nothing", async () => {
      const email = "rules-member@example.com";
      const memberCookie = await signUp(s, email, PASSWORD);
      const member = await userId(s, email);
      for (const [endpoint, { method, body }] of Object.entries(samples(member))) {
        for (const cookie of [adminCookie, memberCookie, undefined]) {
          const res = await authCall(s, method, endpoint, body, cookie);
          expect(res.status, `${endpoint} as ${cookie === adminCookie ? "admin" : cookie ? "member" : "anonymous"}`).toBe(404);
          expect((await res.json()).message).toBe(ADMIN_ENDPOINT_NOT_AVAILABLE);
        }
      }
      const row = await s.database.db.selectFrom("user").select(["role", "banned"]).where("id", "=", member).executeTakeFirstOrThrow();
      expect(row.role).toBe("user");
      expect(Boolean(row.banned)).toBe(false);
      expect((await whoIs(s, memberCookie))?.id).toBe(member);
      expect((await whoIs(s, adminCookie))?.id).toBe(adminId);
      expect(await s.database.db.selectFrom("user").select("id").where("email", "=", "created@example.com").executeTakeFirst()).toBeUndefined();
    });

    it("stay callable by our own server code", async () => {
      const listed = await s.auth.api.listUsers({ query: {}, headers: new Headers({ cookie: adminCookie }) });
      expect(listed.users.map((u) => u.email)).toContain("rules-admin@example.com");
    });
  });
});
