import { afterAll, beforeAll, expect, it } from "vitest";
import { SITE_LAYOUT_ROUTE_ID } from "#app/lib/seo/route-meta.ts";
import { handleAuthRequest } from "#app/server/auth/guards.server.ts";
import { createPage } from "#app/server/queries/pages-admin.server.ts";
import { createPost } from "#app/server/queries/posts-admin.server.ts";
import { useServices } from "#app/server/services.server.ts";
import { PUBLIC_PAGE_HEADERS } from "#app/server/site-shell.server.ts";
import { cookieFrom } from "#tests/support/accounts.ts";
import { authRequest, createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { PageCache } from "#server/page-cache.ts";
import * as blogPost from "./blog-post.tsx";
import * as staticPage from "./page.tsx";

// Issue 29, finding 6: a draft at its public address renders for a signed-in admin (a "Draft
// preview" banner, noindex, private and never stored); visitors and signed-in non-admins get the
// 404 of a slug that does not exist, and the page cache never hands an admin's preview to anyone.

const ORIGIN = "http://localhost:3999";

type Answer = { status: number; headers: Headers; body: unknown };

function read(value: unknown, fallback: number): Answer {
  const withInit = value as { type?: string; data?: unknown; init?: { status?: number; headers?: HeadersInit } } | null;
  if (withInit?.type === "DataWithResponseInit") return { status: withInit.init?.status ?? fallback, headers: new Headers(withInit.init?.headers), body: withInit.data };
  return { status: fallback, headers: new Headers(), body: value };
}

/** A loader's answer as React Router would read it: status, headers (of a data() result) and data. */
async function answer(loader: (args: never) => unknown, path: string, slug: string, cookie?: string): Promise<Answer> {
  const request = new Request(ORIGIN + path, { headers: cookie ? { cookie } : {} });
  try {
    return read(await loader({ request, params: { slug }, context: {} } as never), 200);
  } catch (thrown) {
    return read(thrown, 500);
  }
}

/** The route's headers as React Router picks them: its own function over the layout's public ones. */
const routeHeaders = (route: typeof blogPost | typeof staticPage, loaderHeaders: Headers) =>
  new Headers(route.headers({ loaderHeaders, parentHeaders: new Headers(PUBLIC_PAGE_HEADERS) } as never) as Headers);

/** /blog/secret-post rendered as the server would: the loader's status and the route's chosen headers. */
async function renderSecretPost(request: Request): Promise<Response> {
  const shown = await answer(blogPost.loader, "/blog/secret-post", "secret-post", request.headers.get("cookie") ?? undefined);
  const headers = shown.status === 200 ? routeHeaders(blogPost, shown.headers) : new Headers(PUBLIC_PAGE_HEADERS);
  headers.set("Content-Type", "text/html");
  return new Response(shown.status === 200 ? "<h1>Draft preview: Secret post</h1>" : "<h1>Not found</h1>", { status: shown.status, headers });
}

const robots = (route: typeof blogPost | typeof staticPage, loaderData: unknown) => {
  const shell = { id: SITE_LAYOUT_ROUTE_ID, loaderData: { origin: ORIGIN, site: { name: "Site", homeTitle: "Site", titleTemplate: "{page} | {site}", description: "", keywords: "", ogImage: "", twitterHandle: "" } } };
  const tags = route.meta({ loaderData, matches: [shell], location: { pathname: "/", search: "" }, params: {} } as never) as Record<string, string>[];
  return tags.find((t) => t.name === "robots")?.content;
};

describeEachDialect("draft preview at the public address on %s", (dialect) => {
  let s: TestServices;
  let admin = "";
  let member = "";

  beforeAll(async () => {
    s = await createTestServices(dialect);
    useServices(s);
    const password = "secret-pass-123";
    for (const email of ["preview-admin@example.com", "preview-member@example.com"]) {
      expect((await handleAuthRequest(s.auth, s.database.db, authRequest("/sign-up/email", { email, password, name: "x" }))).status).toBe(200);
    }
    const signIn = async (email: string) => cookieFrom((await handleAuthRequest(s.auth, s.database.db, authRequest("/sign-in/email", { email, password }))).headers);
    admin = await signIn("preview-admin@example.com");
    member = await signIn("preview-member@example.com");
    const base = { excerpt: "Not yet", content: "<p>Coming soon</p>", thumbnail: "", keywords: "news" };
    await createPost(s.database.db, { ...base, title: "Secret post", slug: "secret-post", published: false });
    await createPost(s.database.db, { ...base, title: "Live post", slug: "live-post", published: true });
    await createPage(s.database.db, { title: "Secret page", slug: "secret-page", excerpt: "", content: "<p>Page soon</p>", published: false });
  });
  afterAll(() => s.cleanup());

  it("shows a draft post to an admin: banner data, noindex, private no-store", async () => {
    const shown = await answer(blogPost.loader, "/blog/secret-post", "secret-post", admin);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ post: { title: "Secret post" }, preview: { editPath: expect.stringMatching(/^\/admin\/blog\/\d+$/) } });
    const headers = routeHeaders(blogPost, shown.headers);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(headers.get("X-Robots-Tag")).toBe("noindex");
    expect(robots(blogPost, shown.body)).toBe("noindex");
  });

  it("answers visitors and signed-in non-admins with the 404 of a missing post", async () => {
    expect((await answer(blogPost.loader, "/blog/secret-post", "secret-post")).status).toBe(404);
    expect((await answer(blogPost.loader, "/blog/secret-post", "secret-post", member)).status).toBe(404);
    expect((await answer(blogPost.loader, "/blog/secret-post", "secret-post", "better-auth.session_token=made-up")).status).toBe(404);
    expect((await answer(blogPost.loader, "/blog/no-such-post", "no-such-post", admin)).status).toBe(404);
  });

  it("leaves a published post as it was for an admin: no banner, the public caching, indexable", async () => {
    const shown = await answer(blogPost.loader, "/blog/live-post", "live-post", admin);
    expect(shown.body).toMatchObject({ preview: null });
    expect(routeHeaders(blogPost, shown.headers).get("Cache-Control")).toBe(PUBLIC_PAGE_HEADERS["Cache-Control"]);
    expect(robots(blogPost, shown.body)).toBeUndefined();
  });

  it("previews a draft page for an admin only", async () => {
    const shown = await answer(staticPage.loader, "/page/secret-page", "secret-page", admin);
    expect(shown).toMatchObject({ status: 200, body: { page: { title: "Secret page" }, preview: { editPath: expect.stringMatching(/^\/admin\/pages\/\d+$/) } } });
    expect(routeHeaders(staticPage, shown.headers).get("Cache-Control")).toBe("private, no-store");
    expect(robots(staticPage, shown.body)).toBe("noindex");
    expect((await answer(staticPage.loader, "/page/secret-page", "secret-page")).status).toBe(404);
    expect((await answer(staticPage.loader, "/page/secret-page", "secret-page", member)).status).toBe(404);
  });

  it("never serves an admin's preview from the page cache to a visitor", async () => {
    const cache = new PageCache({ maxEntries: 10, currentVersion: async () => ({ version: 1, nextPublishAt: null }) });
    const get = (cookie?: string) => cache.respond(new Request(`${ORIGIN}/blog/secret-post`, { headers: cookie ? { cookie } : {} }), renderSecretPost);
    const seen = await get(admin);
    expect(seen.status).toBe(200);
    expect(cache.size).toBe(0);
    const visitor = await get();
    expect(visitor.status).toBe(404);
    expect(await visitor.text()).not.toContain("Secret post");
    // the visitor's 404 is what the cache keeps, and an admin still gets the preview
    expect((await get(admin)).status).toBe(200);
    expect((await get()).status).toBe(404);
  });
});
