import { afterAll, beforeAll, expect, it } from "vitest";
import { handleAuthRequest } from "#app/server/auth/guards.server.ts";
import { useServices } from "#app/server/services.server.ts";
import { authRequest, createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import * as auth from "./auth.tsx";

// Issue 29, finding 10: /auth names the site (and links home), and a fresh install's Sign Up tab says
// the first account becomes the admin, only while that is true.

const authPage = async () =>
  (await auth.loader({ request: new Request("http://localhost:3999/auth"), params: {}, context: {} } as never)) as { siteName: string; firstAccountIsAdmin: boolean };

describeEachDialect("/auth on %s", (dialect) => {
  let s: TestServices;
  beforeAll(async () => {
    s = await createTestServices(dialect);
    useServices(s);
  });
  afterAll(() => s.cleanup());

  it("says the first account becomes the admin until it exists, and names the site as it is now", async () => {
    expect(await authPage()).toMatchObject({ siteName: "DDS to PNG Converter", firstAccountIsAdmin: true });
    const first = await handleAuthRequest(s.auth, s.database.db, authRequest("/sign-up/email", { email: "page-admin@example.com", password: "page-pass-12", name: "a" }), { clientAddress: "192.0.2.9" });
    expect(first.status).toBe(200);
    expect(await authPage()).toMatchObject({ firstAccountIsAdmin: false });
    await s.database.db.updateTable("site_settings").set({ setting_value: "Renamed Site" }).where("setting_key", "=", "site_name").execute();
    expect(await authPage()).toMatchObject({ siteName: "Renamed Site" });
  });
});
