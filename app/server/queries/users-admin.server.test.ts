import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { authRequest, createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { handleAuthRequest } from "../auth/guards.server.ts";
import { changeRole, countAdmins, deleteRefusal, deleteUser, getUserRole, listUsersWithRoles, roleChangeRefusal } from "./users-admin.server.ts";

describe("roleChangeRefusal", () => {
  const base = { actorId: "a", targetId: "b", targetRole: "admin" as const, newRole: "user" as const, adminCount: 2 };
  it("refuses removing your own admin role", () => {
    expect(roleChangeRefusal({ ...base, targetId: "a" })).toBe("You cannot remove your own admin role.");
  });
  it("refuses removing the last admin", () => {
    expect(roleChangeRefusal({ ...base, adminCount: 1 })).toBe("You cannot remove the last admin.");
  });
  it("allows other changes and no-ops", () => {
    expect(roleChangeRefusal(base)).toBeNull();
    expect(roleChangeRefusal({ ...base, targetRole: "user", newRole: "admin", adminCount: 1 })).toBeNull();
    expect(roleChangeRefusal({ ...base, targetId: "a", targetRole: "admin", newRole: "admin" })).toBeNull();
  });
});

describe("deleteRefusal", () => {
  const base = { actorId: "a", targetId: "b", targetRole: "admin" as const, adminCount: 2 };
  it("refuses deleting yourself, even with other admins", () => {
    expect(deleteRefusal({ ...base, targetId: "a" })).toBe("You cannot delete your own account.");
  });
  it("refuses deleting the last admin", () => {
    expect(deleteRefusal({ ...base, adminCount: 1 })).toBe("You cannot delete the last admin.");
  });
  it("allows deleting another admin while one stays, and any member", () => {
    expect(deleteRefusal(base)).toBeNull();
    expect(deleteRefusal({ ...base, targetRole: "user", adminCount: 1 })).toBeNull();
  });
});

describeEachDialect("users admin queries on %s", (dialect) => {
  let s: TestServices;
  const send = (p: string, body: unknown) => handleAuthRequest(s.auth, s.database.db, authRequest(p, body));
  beforeAll(async () => {
    s = await createTestServices(dialect);
  });
  afterAll(() => s.cleanup());
  afterEach(() => vi.useRealTimers());

  it("lists users newest first with roles, and records sign-ins", async () => {
    expect((await send("/sign-up/email", { email: "first@example.com", password: "secret-pass-123", name: "first" })).status).toBe(200);
    expect((await send("/sign-up/email", { email: "second@example.com", password: "secret-pass-123", name: "second" })).status).toBe(200);
    const users = (await listUsersWithRoles(s.database.db)).rows;
    expect(users.map((u) => [u.email, u.role])).toEqual([
      ["second@example.com", "user"],
      ["first@example.com", "admin"],
    ]);
    // only the first account's sign-up signs in (issue 28, finding 8); the second has not signed in yet
    expect(users[1]!.lastSignInAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(users[0]!.lastSignInAt).toBeNull();
    expect(new Date(users[1]!.createdAt).getTime()).toBeLessThanOrEqual(new Date(users[0]!.createdAt).getTime());
    expect((await send("/sign-in/email", { email: "second@example.com", password: "secret-pass-123" })).status).toBe(200);
    const before = (await listUsersWithRoles(s.database.db)).rows[0]!.lastSignInAt!;
    expect(before).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // better-auth stamps the session with its own clock: set the next sign-in a minute later, not sleep
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(before).getTime() + 60_000 });
    expect((await send("/sign-in/email", { email: "second@example.com", password: "secret-pass-123" })).status).toBe(200);
    vi.useRealTimers();
    const after = (await listUsersWithRoles(s.database.db)).rows[0]!.lastSignInAt!;
    expect(after > before).toBe(true);
    expect(await countAdmins(s.database.db)).toBe(1);
    expect(await getUserRole(s.database.db, users[0]!.id)).toBe("user");
    expect(await getUserRole(s.database.db, "nobody")).toBeNull();
  });

  it("changeRole applies the rules in one transaction: two admins demoting each other at once leave one admin", async () => {
    for (const email of ["third@example.com", "fourth@example.com"]) {
      expect((await send("/sign-up/email", { email, password: "secret-pass-123", name: email })).status).toBe(200);
    }
    // newest first
    const [fourth, third, , first] = (await listUsersWithRoles(s.database.db)).rows.map((u) => u.id);
    const change = (actorId: string, targetId: string, newRole: "admin" | "user") => changeRole(s.database.db, s.database.dialect, { actorId, targetId, newRole });
    expect(await change(third!, fourth!, "admin")).toEqual({ ok: false, status: 403, message: "Only an admin can change roles." });
    expect(await change(first!, "nobody", "admin")).toEqual({ ok: false, status: 404, message: "User not found" });
    expect(await change(first!, first!, "user")).toEqual({ ok: false, status: 409, message: "You cannot remove your own admin role." });
    for (const round of [1, 2, 3]) {
      expect(await change(first!, third!, "admin"), `round ${round}`).toEqual({ ok: true });
      const outcomes = await Promise.all([change(first!, third!, "user"), change(third!, first!, "user")]);
      expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
      expect(await countAdmins(s.database.db)).toBe(1);
      // put the first admin back for the next round
      const [admin] = (await listUsersWithRoles(s.database.db)).rows.filter((u) => u.role === "admin");
      if (admin!.id !== first) {
        expect(await change(admin!.id, first!, "admin")).toEqual({ ok: true });
        expect(await change(first!, admin!.id, "user")).toEqual({ ok: true });
      }
    }
  });

  it("deleteUser removes the account with its sessions, password and reset links in one go, under the rules", async () => {
    const email = "leaving@example.com";
    expect((await send("/sign-up/email", { email, password: "secret-pass-123", name: "leaving" })).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await send("/sign-in/email", { email, password: "secret-pass-123" })).status).toBe(200);
    expect((await send("/request-password-reset", { email, redirectTo: "/auth" })).status).toBe(200);
    await s.mail.drain();
    const db = s.database.db;
    const id = (await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
    const admin = (await db.selectFrom("user").select("id").where("role", "=", "admin").executeTakeFirstOrThrow()).id;
    const count = async (table: "session" | "account", column: "userId") => (await db.selectFrom(table).select("id").where(column, "=", id).execute()).length;
    expect(await count("session", "userId")).toBe(2);
    expect(await count("account", "userId")).toBe(1);
    expect(await db.selectFrom("verification").select("id").where("value", "=", id).execute()).toHaveLength(1);

    const remove = (actorId: string, targetId: string) => deleteUser(db, s.database.dialect, { actorId, targetId });
    expect(await remove(id, admin)).toEqual({ ok: false, status: 403, message: "Only an admin can delete users." });
    expect(await remove(admin, admin)).toEqual({ ok: false, status: 409, message: "You cannot delete your own account." });
    expect(await remove(admin, "nobody")).toEqual({ ok: false, status: 404, message: "User not found" });
    expect(await getUserRole(db, admin)).toBe("admin");

    expect(await remove(admin, id)).toEqual({ ok: true });
    expect(await getUserRole(db, id)).toBeNull();
    expect(await count("session", "userId")).toBe(0);
    expect(await count("account", "userId")).toBe(0);
    expect(await db.selectFrom("verification").select("id").where("value", "=", id).execute()).toHaveLength(0);
    expect(await db.selectFrom("user_sign_ins").select("user_id").where("user_id", "=", id).execute()).toHaveLength(0);
    expect((await send("/sign-in/email", { email, password: "secret-pass-123" })).status).toBe(401);
    expect(await remove(admin, id)).toEqual({ ok: false, status: 404, message: "User not found" });
  });

  it("admins deleting each other all at once never leave the site without an admin", async () => {
    const t = await createTestServices(dialect);
    try {
      const sendT = (p: string, body: unknown) => handleAuthRequest(t.auth, t.database.db, authRequest(p, body));
      const emails = Array.from({ length: 6 }, (_, i) => `ring-${i}@example.com`);
      for (const email of emails) expect((await sendT("/sign-up/email", { email, password: "secret-pass-123", name: email })).status).toBe(200);
      await t.database.db.updateTable("user").set({ role: "admin" }).execute();
      const ids = await Promise.all(emails.map(async (e) => (await t.database.db.selectFrom("user").select("id").where("email", "=", e).executeTakeFirstOrThrow()).id));
      const outcomes = await Promise.all(ids.map((actorId, i) => deleteUser(t.database.db, t.database.dialect, { actorId, targetId: ids[(i + 1) % ids.length]! })));
      const left = await countAdmins(t.database.db);
      expect(left).toBeGreaterThanOrEqual(1);
      expect(outcomes.filter((o) => o.ok)).toHaveLength(ids.length - left);
    } finally {
      await t.cleanup();
    }
  });
});
