import { afterAll, beforeAll, expect, it } from "vitest";
import { handleAuthRequest } from "#app/server/auth/guards.server.ts";
import { useServices } from "#app/server/services.server.ts";
import { authRequest, createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import * as settings from "../admin/settings.tsx";
import * as auth from "./auth.tsx";

// "Allow new accounts" (General Settings, issue 11): the switch saves at once, /auth hides the
// Sign Up tab and the server refuses sign-up with a clear message while it is off.

const ORIGIN = "http://localhost:3999";
const GENERAL = { site_name: "Site", site_url: "/", site_time_zone: "UTC", sidebar_bg_color: "#f8f9fa", sidebar_text_color: "#000000" };

const authPage = async () => (await auth.loader({ request: new Request(`${ORIGIN}/auth`), params: {}, context: {} } as never)) as { allowSignUp: boolean };

describeEachDialect("allow new accounts on %s", (dialect) => {
  let s: TestServices;
  let cookie = "";

  const saveGeneral = async (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [k, v] of Object.entries({ ...GENERAL, ...fields })) body.set(k, v);
    const result = await settings.action({ request: new Request(`${ORIGIN}/admin/settings`, { method: "POST", headers: { cookie, origin: ORIGIN }, body }), params: {}, context: {} } as never);
    expect(result).toMatchObject({ ok: true });
  };
  const signUp = (email: string) => handleAuthRequest(s.auth, s.database.db, authRequest("/sign-up/email", { email, password: "secret-pass-123", name: "x" }), { clientAddress: "192.0.2.1" });

  beforeAll(async () => {
    s = await createTestServices(dialect);
    useServices(s);
    const admin = await signUp("open-admin@example.com");
    cookie = admin.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  });
  afterAll(() => s.cleanup());

  it("is on by default: /auth offers Sign Up and the General Settings screen shows the switch on", async () => {
    expect(await authPage()).toMatchObject({ allowSignUp: true });
    const screen = (await settings.loader({ request: new Request(`${ORIGIN}/admin/settings`, { headers: { cookie } }), params: {}, context: {} } as never)) as {
      settings: { allow_new_accounts: boolean };
    };
    expect(screen.settings.allow_new_accounts).toBe(true);
  });

  it("switched off, the tab goes and sign-up is refused with 403 at once; switched on, it comes back", async () => {
    await saveGeneral({});
    expect(await authPage()).toMatchObject({ allowSignUp: false });
    const refused = await signUp("late@example.com");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ code: "SIGN_UP_DISABLED", message: "New accounts are not being accepted on this site." });
    expect(await s.database.db.selectFrom("user").select("id").where("email", "=", "late@example.com").execute()).toHaveLength(0);

    await saveGeneral({ allow_new_accounts: "on" });
    expect(await authPage()).toMatchObject({ allowSignUp: true });
    expect((await signUp("late@example.com")).status).toBe(200);
  });
});
