import fs from "node:fs";
import path from "node:path";
import { DEFAULT_ADS_CONFIG } from "#app/lib/ads-config.ts";
import { e2eDataDir } from "./support/data-dir.ts";
import { adminContext } from "./support/admin.ts";
import { gotoHydrated } from "./support/page.ts";
import { setSetting } from "./support/site-db.ts";
import { expect, test, type APIResponse, type Page } from "./support/test.ts";

// Issue 11, finding 4: every kind of response carries the security headers; documents carry a
// nonce-based policy whose nonce is fresh per response (cached pages included); /auth and /admin
// refuse every frame, public pages refuse other sites' frames.

const BASE_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "cross-origin-opener-policy": "same-origin",
};

function expectBaseHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  for (const [name, value] of Object.entries(BASE_HEADERS)) expect(headers[name], `${what}: ${name}`).toBe(value);
  expect(headers["permissions-policy"], what).toMatch(/camera=\(\).*microphone=\(\)/);
  expect(headers["content-security-policy"], what).toMatch(/default-src '(self|none)'/);
  // PUBLIC_URL is http here
  expect(headers["strict-transport-security"], what).toBeUndefined();
}

/** A document's policy and its nonce, checked against the nonces on the page's scripts. */
async function expectDocumentPolicy(response: APIResponse, what: string, frameAncestors: "'self'" | "'none'"): Promise<string> {
  expectBaseHeaders(response, what);
  const policy = response.headers()["content-security-policy"] ?? "";
  expect(policy, what).toContain("object-src 'none'");
  expect(policy, what).toContain("base-uri 'self'");
  expect(policy, what).toContain(`frame-ancestors ${frameAncestors}`);
  expect(response.headers()["x-frame-options"], what).toBe(frameAncestors === "'none'" ? "DENY" : "SAMEORIGIN");
  const nonce = /'nonce-([\w-]+)'/.exec(policy)?.[1];
  expect(nonce, what).toBeTruthy();
  const html = await response.text();
  const onScripts = new Set([...html.matchAll(/<script\b[^>]*\snonce="([^"]*)"/g)].map((m) => m[1]));
  expect([...onScripts], what).toEqual([nonce]);
  // every executable inline script carries it (JSON-LD is data, not script)
  const bare = [...html.matchAll(/<script\b([^>]*)>/g)].filter((m) => !/\snonce=/.test(m[1]!) && !/type="application\/ld\+json"/.test(m[1]!));
  expect(bare.map((m) => m[0]), what).toEqual([]);
  return nonce!;
}

test("every kind of response carries the security headers", async ({ request, browser, baseURL }) => {
  for (const [page, area] of [
    ["/", "'self'"],
    ["/tools", "'self'"],
    ["/tool/dds-to-png", "'self'"],
    ["/tool/word-counter", "'self'"],
    ["/blog", "'self'"],
    ["/no-such-page", "'self'"],
    ["/auth", "'none'"],
  ] as const) {
    const response = await request.get(page);
    expect(response.status(), page).toBe(page === "/no-such-page" ? 404 : 200);
    const policy = response.headers()["content-security-policy"] ?? "";
    await expectDocumentPolicy(response, page, area);
    // no tool needs WebAssembly on its page yet
    expect(policy, page).not.toContain("wasm-unsafe-eval");
  }

  // a blog post (the first one the blog links to)
  const blog = await (await request.get("/blog")).text();
  const post = /href="(\/blog\/(?!category\/)[^"]+)"/.exec(blog)?.[1];
  expect(post).toBeTruthy();
  await expectDocumentPolicy(await request.get(post!), post!, "'self'");

  // the back office, signed in
  const { context } = await adminContext(browser, baseURL!, "headers-admin@example.com");
  await expectDocumentPolicy(await context.request.get("/admin/dashboard"), "/admin/dashboard", "'none'");
  const redirect = await request.get("/admin/dashboard", { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  expectBaseHeaders(redirect, "/admin redirect");
  expect(redirect.headers()["x-frame-options"]).toBe("DENY");
  await context.close();

  // the sitemap: sandboxed, whatever it says
  const sitemap = await request.get("/sitemap.xml");
  expectBaseHeaders(sitemap, "/sitemap.xml");
  expect(sitemap.headers()["content-security-policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");

  // robots.txt, search index, API, health
  for (const p of ["/robots.txt", "/search-index.json", "/api/auth/get-session", "/healthz"]) {
    const response = await request.get(p);
    expect(response.ok(), p).toBe(true);
    expectBaseHeaders(response, p);
    expect(response.headers()["content-security-policy"], p).not.toContain("'unsafe-inline' 'nonce");
  }

  // an upload (local storage): its own sandbox policy plus the base headers
  const uploads = path.join(e2eDataDir(), "uploads", "headers-test");
  fs.mkdirSync(uploads, { recursive: true });
  fs.writeFileSync(path.join(uploads, "pixel.png"), Buffer.from("89504e470d0a1a0a", "hex"));
  const upload = await request.get("/uploads/headers-test/pixel.png");
  expect(upload.status()).toBe(200);
  expectBaseHeaders(upload, "upload");
  expect(upload.headers()["content-security-policy"]).toContain("sandbox");

  // static files: the favicon gets the base headers; a hashed script (worker scripts take their
  // policy from here) the worker policy and nosniff, without the document-only headers
  const favicon = await request.get("/favicon.ico");
  expect(favicon.status()).toBe(200);
  expectBaseHeaders(favicon, "/favicon.ico");
  expect(favicon.headers()["x-frame-options"]).toBe("SAMEORIGIN");
  const home = await (await request.get("/")).text();
  const asset = /(\/assets\/[\w.-]+\.js)/.exec(home)?.[1];
  expect(asset).toBeTruthy();
  const script = await request.get(asset!);
  expect(script.status()).toBe(200);
  expect(script.headers()["x-content-type-options"]).toBe("nosniff");
  expect(script.headers()["content-security-policy"]).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(script.headers()["content-security-policy"]).not.toContain("'unsafe-inline' 'nonce");
  expect(script.headers()["permissions-policy"]).toBeUndefined();
});

test("a cached page gets a fresh nonce on every response", async ({ request }) => {
  const nonces = new Set<string>();
  for (let i = 0; i < 4; i++) {
    for (const encoding of ["gzip, deflate, br", "identity"]) {
      const response = await request.get("/blog", { headers: { "accept-encoding": encoding } });
      nonces.add(await expectDocumentPolicy(response, `/blog ${encoding}`, "'self'"));
    }
  }
  expect(nonces.size).toBe(8);

  // a revalidation keeps the browser's stored policy (whose nonce matches its stored page)
  const etag = (await request.get("/blog")).headers()["etag"];
  const revalidated = await request.get("/blog", { headers: { "if-none-match": etag! } });
  expect(revalidated.status()).toBe(304);
  expect(revalidated.headers()["content-security-policy"]).toBeUndefined();
});

test("a page visited again (revalidated with a 304) still hydrates under its policy", async ({ page }) => {
  for (let i = 0; i < 3; i++) await gotoHydrated(page, "/tool/png-to-dds-converter");
  await page.reload();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
});

/** Opens a page on `hostOrigin` (answered by the test, not the server) holding an iframe of `src`. */
async function frameFrom(page: Page, hostOrigin: string, src: string) {
  await page.route(`${hostOrigin}/__frame-host`, (route) =>
    route.fulfill({ contentType: "text/html", body: `<!doctype html><title>host</title><iframe id="f" src="${src}" width="800" height="600"></iframe>` }),
  );
  await page.goto(`${hostOrigin}/__frame-host`);
  await page.locator("#f").waitFor();
  return page.frameLocator("#f");
}

test.describe("frames", () => {
  // the refusals this test provokes are logged by Chromium as policy violations, on purpose
  test.use({ cspAllowed: [/frame-ancestors/] });

  test("another site cannot frame /auth, /admin or public pages; the site itself can frame public pages", async ({ page, baseURL }) => {
    const site = new URL(baseURL!);
    const otherSite = `http://127.0.0.1:${site.port}`;
    for (const target of ["/auth", "/admin/dashboard", "/tools"]) {
      const frame = await frameFrom(page, otherSite, `${baseURL}${target}`);
      await expect(page.locator("#f")).toBeVisible();
      // give the frame time to load whatever it may load, then look inside
      await page.waitForLoadState("load");
      await expect(frame.locator("body")).not.toContainText(/Sign In|Tools/, { timeout: 2000 });
      expect(page.frames().find((f) => f.url().startsWith(`${baseURL}${target}`))).toBeUndefined();
    }

    // same origin: a public page loads in the frame, /auth still does not
    const same = await frameFrom(page, baseURL!, "/tools");
    await expect(same.locator("main h1").first()).toBeVisible();
    const signIn = await frameFrom(page, baseURL!, "/auth");
    await page.waitForLoadState("load");
    await expect(signIn.locator("body")).not.toContainText("Sign In", { timeout: 2000 });
  });
});

test("the admin's custom JS and ad code run under the nonce, also after a client-side navigation", async ({ page, request }) => {
  setSetting("custom_js", "document.documentElement.dataset.customJs = 'ran';");
  setSetting(
    "ads_config",
    JSON.stringify({
      headerBanner: { enabled: true, code: '<div id="ad-box"></div><script>document.getElementById("ad-box").textContent = "ad ran " + (window.adRuns = (window.adRuns || 0) + 1);</script>' },
      leftSidebar: { enabled: false, code: "" },
      rightSidebar: { enabled: false, code: "" },
      sidebarAd: { enabled: false, code: "" },
      inlineAd: { enabled: false, code: "" },
      googleAdsense: { enabled: true, publisherId: "ca-pub-1234567890" },
    }),
  );
  setSetting("google_analytics", "G-TEST1234");
  try {
    await expect.poll(async () => (await (await request.get("/")).text()).includes("ad-box")).toBe(true);
    const policy = (await request.get("/")).headers()["content-security-policy"] ?? "";
    expect(policy).toContain("https://pagead2.googlesyndication.com");
    expect(policy).toContain("https://www.googletagmanager.com");
    // Google's hosts are unreachable here; the test is that nothing is refused by the policy
    await page.route(/googlesyndication|googletagmanager/, (route) => route.fulfill({ contentType: "text/javascript", body: "" }));

    await gotoHydrated(page, "/");
    await expect(page.locator("html")).toHaveAttribute("data-custom-js", "ran");
    // parsed with the page, run once (not again on hydration)
    await expect(page.locator("#ad-box")).toHaveText("ad ran 1");

    // client-side navigation away and back: React inserts the ad code, which runs once more
    await page.getByRole("link", { name: "Blog", exact: true }).first().click();
    await page.waitForURL("**/blog");
    await page.getByRole("link", { name: "Home", exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.locator("#ad-box")).toHaveText("ad ran 2");
  } finally {
    setSetting("custom_js", "");
    setSetting("google_analytics", "");
    setSetting("ads_config", JSON.stringify(DEFAULT_ADS_CONFIG));
  }
});

test("the shared fixture fails a test whose page logs a policy violation", async ({ page, baseURL }) => {
  test.fail(true, "expected: the fixture reports the refused inline script");
  await page.route(`${baseURL}/__csp-probe`, (route) =>
    route.fulfill({
      contentType: "text/html",
      headers: { "Content-Security-Policy": "script-src 'none'" },
      body: "<!doctype html><title>probe</title><script>document.title = 'ran'</script>",
    }),
  );
  await page.goto(`${baseURL}/__csp-probe`);
  await expect(page).toHaveTitle("probe");
});
