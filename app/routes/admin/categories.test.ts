import { afterAll, beforeAll, expect, it } from "vitest";
import { CATEGORY_TEXTS } from "#app/lib/admin/category-form.ts";
import * as blog from "#app/routes/site/blog.tsx";
import * as categoryRoute from "#app/routes/site/blog-category.tsx";
import * as blogPost from "#app/routes/site/blog-post.tsx";
import { loader as feedLoader } from "#app/routes/seo/feed.ts";
import { handleAuthRequest } from "#app/server/auth/guards.server.ts";
import { listCategoriesWithCounts, postCategoryIds } from "#app/server/queries/categories.server.ts";
import { listMenuTargets } from "#app/server/queries/menus-admin.server.ts";
import { loadRedirectMap, saveRedirect } from "#app/server/queries/redirects.server.ts";
import { generateSitemapXml } from "#app/server/seo/sitemap-source.server.ts";
import { useServices } from "#app/server/services.server.ts";
import { callRoute } from "#tests/support/route-call.ts";
import { authRequest, createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import * as categories from "./categories.tsx";
import * as postEdit from "./post-edit.tsx";

// The Categories screen and the post editor's categories (decision 048), through the routes'
// actions as the browser posts them, and what the public pages then show.

const ORIGIN = "http://localhost:3999";

const categoryPage = (slug: string) => callRoute(categoryRoute.loader, new Request(`${ORIGIN}/blog/category/${slug}`), { category: slug });
const feed = (slug: string) => callRoute(feedLoader, new Request(`${ORIGIN}/blog/category/${slug}/rss.xml`), { category: slug });
const listed = async (slug: string) => ((await categoryPage(slug)).body as { posts: { slug: string }[] }).posts.map((p) => p.slug);

describeEachDialect("blog categories managed by the owner on %s", (dialect) => {
  let s: TestServices;
  let cookie: string;
  const db = () => s.database.db;
  const post = (path: string, fields: Record<string, string | string[]>) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
    return new Request(`${ORIGIN}${path}`, { method: "POST", headers: { cookie, origin: ORIGIN }, body });
  };
  const categoryAction = (fields: Record<string, string>) => callRoute(categories.action, post("/admin/categories", fields));
  const savePost = (id: number | undefined, fields: Record<string, string | string[]>) =>
    callRoute(postEdit.action, post(id === undefined ? "/admin/blog/new" : `/admin/blog/${id}`, { title: "Soup of the day", slug: "soup", published: "on", ...fields }), id === undefined ? {} : { id: String(id) });
  const categoryBySlug = async (slug: string) => (await listCategoriesWithCounts(db())).find((c) => c.slug === slug);

  beforeAll(async () => {
    s = await createTestServices(dialect);
    useServices(s);
    const res = await handleAuthRequest(s.auth, s.database.db, authRequest("/sign-up/email", { email: "categories@example.com", password: "secret-pass-123", name: "a" }));
    cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  });
  afterAll(() => s.cleanup());

  it("adds a category (slug from its name), which the sidebar, page, feed and menu picker then offer", async () => {
    // an old rule on the new address would hide the page: it goes
    expect(await saveRedirect(db(), { from: "/blog/category/recipes", to: "/blog", status: 301 })).toEqual({ ok: true });
    expect(await categoryAction({ intent: "create", name: "Recipes", slug: "", description: "Things to cook." })).toMatchObject({ status: 200, body: { ok: true, message: CATEGORY_TEXTS.created } });
    expect(await categoryBySlug("recipes")).toMatchObject({ name: "Recipes", description: "Things to cook.", posts: 0 });
    expect((await loadRedirectMap(db())).has("/blog/category/recipes")).toBe(false);
    const page = await categoryPage("recipes");
    expect(page).toMatchObject({ status: 200, body: { category: { name: "Recipes", description: "Things to cook." }, total: 0 } });
    const sidebar = ((await callRoute(blog.loader, new Request(`${ORIGIN}/blog`))).body as { categories: { slug: string }[] }).categories;
    expect(sidebar.map((c) => c.slug)).toEqual(["productivity", "tools", "tutorials", "news", "recipes"]);
    expect((await feed("recipes")).status).toBe(200);
    const targets = (await listMenuTargets(db(), new Date().toISOString())).find((g) => g.label === "Blog categories")!.targets;
    expect(targets).toContainEqual({ label: "Recipes", url: "/blog/category/recipes" });
    // a live category answers at its address: no redirect may hide it
    expect(await saveRedirect(db(), { from: "/blog/category/recipes", to: "/blog", status: 301 })).toMatchObject({ ok: false, reason: "shadows" });
  });

  it("refuses bad input with field messages, never a 500", async () => {
    expect(await categoryAction({ intent: "create", name: "", slug: "" })).toMatchObject({ status: 400, body: { fieldErrors: { name: "Name is required" } } });
    expect(await categoryAction({ intent: "create", name: "Again", slug: "Recipes" })).toMatchObject({ status: 400, body: { fieldErrors: { slug: CATEGORY_TEXTS.duplicateSlug } } });
    expect(await categoryAction({ intent: "create", name: "!!!", slug: "" })).toMatchObject({ status: 400, body: { fieldErrors: { slug: CATEGORY_TEXTS.emptySlug } } });
    expect((await categoryAction({ intent: "update", id: "abc", name: "X", slug: "x" })).status).toBe(400);
    expect((await categoryAction({ intent: "update", id: "999999", name: "X", slug: "x" })).status).toBe(404);
    expect((await categoryAction({ intent: "delete", id: "999999" })).status).toBe(404);
    expect((await categoryAction({ intent: "rename-everything" })).status).toBe(400);
  });

  it("puts a post in the categories ticked in the editor, and only those", async () => {
    const recipes = (await categoryBySlug("recipes"))!;
    const news = (await categoryBySlug("news"))!;
    expect((await savePost(undefined, { keywords: "tools", categories: [String(recipes.id), String(news.id)], seoTitle: "Best soup ever", socialImage: "/uploads/soup.png" })).status).toBe(200);
    const soup = await db().selectFrom("blog_posts").select(["id", "seo_title", "social_image"]).where("slug", "=", "soup").executeTakeFirstOrThrow();
    expect(soup).toMatchObject({ seo_title: "Best soup ever", social_image: "/uploads/soup.png" });
    expect(await savePost(soup.id, { socialImage: "javascript:alert(1)" })).toMatchObject({ status: 400, body: { fieldErrors: { socialImage: expect.any(String) } } });
    expect(await postCategoryIds(db(), soup.id)).toEqual([news.id, recipes.id].toSorted((a, b) => a - b));
    expect(await listed("recipes")).toEqual(["soup"]);
    // keywords no longer decide: "tools" is a keyword, not a category it was put in
    expect(await listed("tools")).not.toContain("soup");
    // the editor shows what was saved
    const form = (await callRoute(postEdit.loader, new Request(`${ORIGIN}/admin/blog/${soup.id}`, { headers: { cookie } }), { id: String(soup.id) })).body as {
      initial: { categoryIds: number[] };
      categories: { name: string }[];
    };
    expect(form.initial.categoryIds).toEqual([news.id, recipes.id].toSorted((a, b) => a - b));
    expect(form.categories.map((c) => c.name)).toContain("Recipes");

    expect((await savePost(soup.id, { categories: String(recipes.id) })).status).toBe(200);
    expect(await listed("news")).not.toContain("soup");
    expect(await listed("recipes")).toEqual(["soup"]);
    expect(await savePost(soup.id, { categories: "abc" })).toMatchObject({ status: 400, body: { fieldErrors: { categories: expect.any(String) } } });
    expect(await listed("recipes")).toEqual(["soup"]);
    // related posts: another post in Recipes relates through the category alone
    expect((await savePost(undefined, { title: "Bread", slug: "bread", keywords: "flour", categories: String(recipes.id) })).status).toBe(200);
    const page = (await callRoute(blogPost.loader, new Request(`${ORIGIN}/blog/bread`), { slug: "bread" })).body as { related: { slug: string }[] };
    expect(page.related.map((r) => r.slug)).toEqual(["soup"]);
    expect(await generateSitemapXml(db(), ORIGIN)).toContain(`<loc>${ORIGIN}/blog/category/recipes</loc>`);
  });

  it("a new slug moves the page and feed, leaving 301s from the old addresses", async () => {
    const recipes = (await categoryBySlug("recipes"))!;
    expect(await categoryAction({ intent: "update", id: String(recipes.id), name: "Cooking", slug: "cooking", description: "" })).toMatchObject({ status: 200, body: { ok: true } });
    const rules = await loadRedirectMap(db());
    expect(rules.get("/blog/category/recipes")).toMatchObject({ to: "/blog/category/cooking", status: 301 });
    expect(rules.get("/blog/category/recipes/rss.xml")).toMatchObject({ to: "/blog/category/cooking/rss.xml", status: 301 });
    expect(await listed("cooking")).toEqual(["bread", "soup"]);
    expect((await categoryPage("recipes")).status).toBe(404);
    // a rename that keeps the slug records nothing
    expect((await categoryAction({ intent: "update", id: String(recipes.id), name: "Cooking & Baking", slug: "cooking", description: "" })).status).toBe(200);
    expect((await loadRedirectMap(db())).size).toBe(rules.size);
    expect(await categoryAction({ intent: "update", id: String(recipes.id), name: "X", slug: "news", description: "" })).toMatchObject({ status: 400, body: { fieldErrors: { slug: CATEGORY_TEXTS.duplicateSlug } } });
  });

  it("deleting a category keeps its posts; its page and feed answer 404", async () => {
    const cooking = (await categoryBySlug("cooking"))!;
    expect(await categoryAction({ intent: "delete", id: String(cooking.id) })).toMatchObject({ status: 200, body: { message: CATEGORY_TEXTS.deleted } });
    expect(await categoryBySlug("cooking")).toBeUndefined();
    expect(await categoryPage("cooking")).toMatchObject({ status: 404, body: { missing: "category" } });
    expect((await feed("cooking")).status).toBe(404);
    const posts = await db().selectFrom("blog_posts").select("slug").where("slug", "in", ["soup", "bread"]).execute();
    expect(posts).toHaveLength(2);
    const links = await db().selectFrom("blog_post_categories").select("post_id").where("category_id", "=", cooking.id).execute();
    expect(links).toEqual([]);
  });
});
