import { afterAll, beforeAll, expect, it } from "vitest";
import { handleAuthRequest } from "#app/server/auth/guards.server.ts";
import { getSettingValue } from "#app/server/queries/settings-admin.server.ts";
import { useServices } from "#app/server/services.server.ts";
import { loadSiteShell } from "#app/server/site-shell.server.ts";
import { authRequest, createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import * as settings from "./settings.tsx";

// Issue 29, finding 7: the owner sets the public site's primary colour and its dark-mode variant in
// General Settings; the server checks WCAG AA before saving, and public pages carry the colours.

const ORIGIN = "http://localhost:3999";
const GENERAL = { site_name: "Site", site_url: "/", sidebar_bg_color: "#f8f9fa", sidebar_text_color: "#000000" };

type Answer = { ok: boolean; message: string; fieldErrors?: Record<string, string> };

/** the General Settings action's answer: its data, and the status (200 when it is plain data) */
async function save(cookie: string, fields: Record<string, string>): Promise<{ status: number; body: Answer }> {
  const body = new FormData();
  for (const [k, v] of Object.entries({ ...GENERAL, ...fields })) body.set(k, v);
  const request = new Request(`${ORIGIN}/admin/settings`, { method: "POST", headers: { cookie, origin: ORIGIN }, body });
  try {
    const result = (await settings.action({ request, params: {}, context: {} } as never)) as { type?: string; data?: Answer; init?: { status?: number } } & Answer;
    return result.type === "DataWithResponseInit" ? { status: result.init?.status ?? 200, body: result.data! } : { status: 200, body: result };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: { ok: false, message: await thrown.text() } };
    throw thrown;
  }
}

const publicThemeCss = async () => (await loadSiteShell(new Request(`${ORIGIN}/`))).site.themeCss;

describeEachDialect("public theme colours on %s", (dialect) => {
  let s: TestServices;
  let admin = "";
  let member = "";

  const signUp = async (email: string) => {
    const answer = await handleAuthRequest(s.auth, s.database.db, authRequest("/sign-up/email", { email, password: "secret-pass-123", name: "x" }), { clientAddress: "192.0.2.7" });
    return answer.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  };
  const screen = async () =>
    ((await settings.loader({ request: new Request(`${ORIGIN}/admin/settings`, { headers: { cookie: admin } }), params: {}, context: {} } as never)) as { settings: Record<string, unknown> }).settings;

  beforeAll(async () => {
    s = await createTestServices(dialect);
    useServices(s);
    admin = await signUp("theme-admin@example.com");
    member = await signUp("theme-member@example.com");
  });
  afterAll(async () => {
    await s.mail.drain();
    await s.cleanup();
  });

  it("starts with today's blue, and public pages carry no override", async () => {
    expect(await screen()).toMatchObject({ brand_color: "#2563eb", brand_dark_color: "#dbeafe" });
    expect(await publicThemeCss()).toBe("");
  });

  it("saves an accessible primary colour and dark-mode variant, which public pages then carry", async () => {
    const answer = await save(admin, { brand_color: "#15803D", brand_dark_color: "#86efac" });
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });
    expect(await screen()).toMatchObject({ brand_color: "#15803d", brand_dark_color: "#86efac" });
    const css = await publicThemeCss();
    expect(css).toContain("--color-brand-600:#15803d");
    expect(css).toContain("--color-brand-dark:#86efac");
  });

  it("refuses a low-contrast colour with a field message naming the ratio, and keeps the saved one", async () => {
    const answer = await save(admin, { brand_color: "#60a5fa", brand_dark_color: "#1d4ed8" });
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors).toEqual({
      brand_color: "Contrast 2.54:1 with white text; needs at least 4.5:1",
      brand_dark_color: "Contrast 2.66:1 on the dark background (#0f172b); needs at least 4.5:1",
    });
    expect(await getSettingValue(s.database.db, "brand_color")).toBe("#15803d");
    expect(await getSettingValue(s.database.db, "brand_dark_color")).toBe("#86efac");
  });

  it("refuses a malformed colour, and a save without the colour fields leaves them as they are", async () => {
    const bad = await save(admin, { brand_color: "#15803" });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors?.brand_color).toBe("Primary colour must be a colour like #1a2b3c");
    expect(await save(admin, {})).toMatchObject({ status: 200, body: { ok: true } });
    expect(await screen()).toMatchObject({ brand_color: "#15803d", brand_dark_color: "#86efac" });
  });

  it("back to the default colours, the override goes", async () => {
    expect(await save(admin, { brand_color: "#2563eb", brand_dark_color: "#dbeafe" })).toMatchObject({ status: 200 });
    expect(await publicThemeCss()).toBe("");
  });

  it("lets only an admin save colours", async () => {
    const answer = await save(member, { brand_color: "#b45309" });
    expect(answer.status).toBeGreaterThanOrEqual(300);
    expect(await getSettingValue(s.database.db, "brand_color")).toBe("#2563eb");
  });
});
