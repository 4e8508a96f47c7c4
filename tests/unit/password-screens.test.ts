import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as passwordAction } from "#app/routes/admin/password.tsx";
import { action as usersAction } from "#app/routes/admin/users.tsx";
import { useServices } from "#app/server/services.server.ts";
import { cookieFrom, sessionCount, signIn, signUp, userId, whoIs } from "../support/accounts.ts";
import { createTestServices, describeEachDialect, type TestServices } from "../support/test-db.ts";

const ORIGIN = "http://localhost:3999";

// route actions called as React Router calls them (only the request matters to these two)
const runPassword = (request: Request) => passwordAction({ request, params: {}, context: {} } as unknown as Parameters<typeof passwordAction>[0]);
const runUsers = (request: Request) => usersAction({ request, params: {}, context: {} } as unknown as Parameters<typeof usersAction>[0]);
type Answer = { status: number; body: { ok: boolean; message: string; fieldErrors?: Record<string, string> }; headers: Headers };

/** Post a form to an admin action as the browser with `cookie` would, and read its answer. */
async function post(action: (request: Request) => Promise<unknown>, routePath: string, cookie: string, fields: Record<string, string>): Promise<Answer> {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  const request = new Request(`${ORIGIN}${routePath}`, { method: "POST", headers: { origin: ORIGIN, cookie }, body });
  const value = (await action(request)) as
    | { data: Answer["body"]; init?: { status?: number; headers?: HeadersInit } }
    | Answer["body"];
  if ("data" in value) return { status: value.init?.status ?? 200, body: value.data, headers: new Headers(value.init?.headers) };
  return { status: 200, body: value, headers: new Headers() };
}

describeEachDialect("password screens end other sessions, on %s", (dialect) => {
  let s: TestServices;
  let adminCookie = "";
  const admin = "screens-admin@example.com";

  beforeAll(async () => {
    s = await createTestServices(dialect);
    useServices(s);
    adminCookie = await signUp(s, admin, "first-pass-1");
  });
  afterAll(() => s.cleanup());

  describe("/admin/password", () => {
    it("asks for the current password", async () => {
      const res = await post(runPassword, "/admin/password", adminCookie, { password: "second-pass-2", confirm: "second-pass-2" });
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors?.currentPassword).toBe("Please enter your current password");
    });

    it("refuses a wrong current password and changes nothing", async () => {
      const other = await signIn(s, admin, "first-pass-1");
      const res = await post(runPassword, "/admin/password", adminCookie, { currentPassword: "not-my-password", password: "second-pass-2", confirm: "second-pass-2" });
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors?.currentPassword).toBe("Current password is incorrect");
      expect((await whoIs(s, other))?.role).toBe("admin");
      expect((await whoIs(s, adminCookie))?.role).toBe("admin");
      await signIn(s, admin, "first-pass-1");
    });

    it("with the right current password: the new password works, this browser stays signed in, every other session ends", async () => {
      const others = [await signIn(s, admin, "first-pass-1"), await signIn(s, admin, "first-pass-1")];
      const lastSignIn = () => s.database.db.selectFrom("user_sign_ins").select("last_sign_in_at").where("user_id", "=", s.database.db.selectFrom("user").select("id").where("email", "=", admin)).executeTakeFirstOrThrow();
      const signedInBefore = await lastSignIn();
      const res = await post(runPassword, "/admin/password", adminCookie, { currentPassword: "first-pass-1", password: "second-pass-2", confirm: "second-pass-2" });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ok: true, message: "Password changed successfully" });
      for (const cookie of others) expect(await whoIs(s, cookie)).toBeNull();
      // this browser continues on the fresh session the answer sets
      const renewed = cookieFrom(res.headers);
      expect((await whoIs(s, renewed))?.role).toBe("admin");
      expect(await sessionCount(s, admin)).toBe(1);
      // the renewed session is not a sign-in: the Users screen's "Last Sign In" stays
      expect(await lastSignIn()).toEqual(signedInBefore);
      adminCookie = renewed;
      await signIn(s, admin, "second-pass-2");
    });
  });

  describe("/admin/users", () => {
    it("an admin's reset of another user's password ends all of that user's sessions", async () => {
      const member = "screens-member@example.com";
      const sessions = [await signUp(s, member, "member-pass-1"), await signIn(s, member, "member-pass-1")];
      const res = await post(runUsers, "/admin/users", adminCookie, { intent: "reset-password", userId: await userId(s, member), password: "reset-by-admin-1" });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe("Password updated successfully");
      expect(await sessionCount(s, member)).toBe(0);
      for (const cookie of sessions) expect(await whoIs(s, cookie)).toBeNull();
      expect((await whoIs(s, adminCookie))?.role).toBe("admin");
      await signIn(s, member, "reset-by-admin-1");
    });

    it("role changes keep the rules: no self-demotion, unknown user 404", async () => {
      const self = await post(runUsers, "/admin/users", adminCookie, { intent: "set-role", userId: await userId(s, admin), role: "user" });
      expect(self.status).toBe(409);
      expect(self.body.message).toBe("You cannot remove your own admin role.");
      const missing = await post(runUsers, "/admin/users", adminCookie, { intent: "set-role", userId: "nobody", role: "admin" });
      expect(missing.status).toBe(404);
      const member = await userId(s, "screens-member@example.com");
      const up = await post(runUsers, "/admin/users", adminCookie, { intent: "set-role", userId: member, role: "admin" });
      expect(up.body).toMatchObject({ ok: true, message: "User is now an admin" });
      const down = await post(runUsers, "/admin/users", adminCookie, { intent: "set-role", userId: member, role: "user" });
      expect(down.body).toMatchObject({ ok: true, message: "Admin rights removed" });
    });

    it("delete-user deletes another account and ends its sessions; refuses yourself; guards anonymous and non-admin callers", async () => {
      const leaver = "screens-leaver@example.com";
      const sessions = [await signUp(s, leaver, "leaver-pass-1"), await signIn(s, leaver, "leaver-pass-1")];
      const id = await userId(s, leaver);
      // a non-admin gets Access Denied (403), an anonymous caller the sign-in page; nothing is deleted
      await expect(post(runUsers, "/admin/users", sessions[0]!, { intent: "delete-user", userId: id })).rejects.toMatchObject({ init: { status: 403 } });
      await expect(post(runUsers, "/admin/users", "", { intent: "delete-user", userId: id })).rejects.toMatchObject({ status: 302 });
      expect(await sessionCount(s, leaver)).toBe(2);

      const self = await post(runUsers, "/admin/users", adminCookie, { intent: "delete-user", userId: await userId(s, admin) });
      expect(self.status).toBe(409);
      expect(self.body).toMatchObject({ ok: false, message: "You cannot delete your own account." });
      expect((await whoIs(s, adminCookie))?.role).toBe("admin");
      const missing = await post(runUsers, "/admin/users", adminCookie, { intent: "delete-user", userId: "" });
      expect(missing.status).toBe(400);

      const done = await post(runUsers, "/admin/users", adminCookie, { intent: "delete-user", userId: id });
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ ok: true, message: "User deleted" });
      expect(await sessionCount(s, leaver)).toBe(0);
      for (const cookie of sessions) expect(await whoIs(s, cookie)).toBeNull();
      expect(await s.database.db.selectFrom("user").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
      const again = await post(runUsers, "/admin/users", adminCookie, { intent: "delete-user", userId: id });
      expect(again.status).toBe(404);
    });
  });
});
