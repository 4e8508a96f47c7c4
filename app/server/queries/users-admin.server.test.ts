import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRequest, createTestServices, testDialects, type TestServices } from "../../../tests/support/test-db";
import { handleAuthRequest } from "../auth/guards.server";
import { countAdmins, getUserRole, listUsersWithRoles, roleChangeRefusal } from "./users-admin.server";

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

describe.each(testDialects)("users admin queries on %s", (dialect) => {
  let s: TestServices;
  const send = (p: string, body: unknown) => handleAuthRequest(s.auth, s.database.db, authRequest(p, body));
  beforeAll(async () => {
    s = await createTestServices(dialect);
  });
  afterAll(() => s.cleanup());

  it("lists users newest first with roles, and records sign-ins", async () => {
    expect((await send("/sign-up/email", { email: "first@example.com", password: "secret123", name: "first" })).status).toBe(200);
    expect((await send("/sign-up/email", { email: "second@example.com", password: "secret123", name: "second" })).status).toBe(200);
    const users = (await listUsersWithRoles(s.database.db)).rows;
    expect(users.map((u) => [u.email, u.role])).toEqual([
      ["second@example.com", "user"],
      ["first@example.com", "admin"],
    ]);
    // sign-up signs in (a session is created)
    expect(users[0]!.lastSignInAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(new Date(users[1]!.createdAt).getTime()).toBeLessThanOrEqual(new Date(users[0]!.createdAt).getTime());
    const before = users[0]!.lastSignInAt!;
    await new Promise((r) => setTimeout(r, 5));
    expect((await send("/sign-in/email", { email: "second@example.com", password: "secret123" })).status).toBe(200);
    const after = (await listUsersWithRoles(s.database.db)).rows[0]!.lastSignInAt!;
    expect(after > before).toBe(true);
    expect(await countAdmins(s.database.db)).toBe(1);
    expect(await getUserRole(s.database.db, users[0]!.id)).toBe("user");
    expect(await getUserRole(s.database.db, "nobody")).toBeNull();
  });
});
