import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentPostPageFingerprint, pageRecordContext, withPageRecord, type PageRecord } from "#app/server/blog/post-page-fingerprint.server.ts";
import { publishNow } from "#app/server/blog/publish-clock.server.ts";
import { getCategoryBySlug, setPostCategories } from "#app/server/queries/categories.server.ts";
import { createPost, updatePost, type PostFields } from "#app/server/queries/posts-admin.server.ts";
import { useServices } from "#app/server/services.server.ts";
import { steppingClock } from "#tests/support/clock.ts";
import { postFields } from "#tests/support/post-fields.ts";
import { createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { RouterContextProvider } from "react-router";
import * as blogPost from "#app/routes/site/blog-post.tsx";
import { ContentVersionClock } from "./content-version.ts";
import { pageScope, postPageSlug, siteDependencies, writeScope } from "./page-dependencies.ts";
import { PageCache, type RenderRecord } from "./page-cache.ts";

describe("page dependencies (decision 063)", () => {
  it("pages that read no post: the home page, tools, the site's pages, as documents and data requests, 200 only", () => {
    for (const key of ["/", "/_root.data?_routes=root", "/tools", "/tools?q=dds", "/tools.data", "/tool/dds-to-png", "/tool/dds-to-png.data", "/page/about", "/licenses", "/offline", "/robots.txt", "/manifest.webmanifest"]) {
      expect(pageScope(key, 200), key).toBe("site");
    }
    for (const key of ["/blog", "/blog.data", "/blog?page=2", "/blog/productivity-tips", "/blog/category/tools", "/rss.xml", "/sitemap.xml", "/search-index.json", "/tool/a/b", "/unknown"]) {
      expect(pageScope(key, 200), key).toBe("posts");
    }
    // a 404 anywhere shows the newest posts
    expect(pageScope("/tool/nope", 404)).toBe("posts");
    expect(pageScope("/", 404)).toBe("posts");
  });

  it("the post a key's page shows", () => {
    expect(postPageSlug("/blog/productivity-tips")).toBe("productivity-tips");
    expect(postPageSlug("/blog/productivity-tips.data?_routes=routes%2Fsite%2Fblog-post")).toBe("productivity-tips");
    expect(postPageSlug("/blog/caf%C3%A9")).toBe("café");
    for (const key of ["/blog", "/blog/category/tools", "/blog/a/b", "/", "/blog/%E0"]) expect(postPageSlug(key), key).toBeNull();
  });

  it("only the post editor's writes are a post's", () => {
    for (const path of ["/admin/blog/new", "/admin/blog/new.data", "/admin/blog/12", "/ADMIN/Blog/12/", "/admin/blog/12.data"]) expect(writeScope(path), path).toBe("posts");
    for (const path of ["/admin/blog", "/admin/blog.data", "/admin/categories", "/admin/settings", "/admin/media", "/admin/pages/3", "/admin/posts/new", "/admin/api/upload"]) {
      expect(writeScope(path), path).toBe("all");
    }
  });
});

const post = postFields;

describeEachDialect("post page fingerprints on %s", (dialect) => {
  let s: TestServices;
  let aId: number;
  // after the seeded posts: the newest related posts are these (the page shows only the newest few)
  const clock = steppingClock(publishNow());
  const fingerprint = () => currentPostPageFingerprint(s.database.db, "fp-a", publishNow());
  const create = async (slug: string, fields: Partial<PostFields> = {}) => {
    const created = await createPost(s.database.db, post(slug, fields), clock);
    if (!created.ok) throw new Error(`could not create ${slug}`);
    return created.id;
  };

  beforeAll(async () => {
    s = await createTestServices(dialect);
    useServices(s);
    aId = await create("fp-a", { keywords: "zebrafingerprint" });
    await create("fp-b", { keywords: "zebrafingerprint" });
  });
  afterAll(() => s.cleanup());

  it("the loader records exactly what the check reads again", async () => {
    const record: PageRecord = { fingerprint: null };
    const context = withPageRecord(new RouterContextProvider(), record);
    await blogPost.loader({ request: new Request("http://localhost:3999/blog/fp-a"), params: { slug: "fp-a" }, context } as never);
    expect(record.fingerprint).toBe(await fingerprint());
    expect(context.get(pageRecordContext)).toBe(record);
  });

  it("a new post that is not among the page's related posts leaves it; one that is, or an edit, changes it", async () => {
    const before = await fingerprint();
    await create("fp-unrelated", { keywords: "somethingelse" });
    await create("fp-draft-kin", { keywords: "zebrafingerprint", published: false });
    expect(await fingerprint()).toBe(before);

    await create("fp-kin", { keywords: "zebrafingerprint" });
    const withKin = await fingerprint();
    expect(withKin).not.toBe(before);

    // a post sharing a's category (no shared keyword) is related too
    const tools = (await getCategoryBySlug(s.database.db, "tools"))!;
    await setPostCategories(s.database.db, aId, [tools.id]);
    const inTools = await fingerprint();
    expect(inTools).not.toBe(withKin);
    const other = await create("fp-tools-news");
    expect(await fingerprint()).toBe(inTools);
    await setPostCategories(s.database.db, other, [tools.id]);
    expect(await fingerprint()).not.toBe(inTools);

    const edited = await fingerprint();
    await updatePost(s.database.db, aId, post("fp-a", { keywords: "zebrafingerprint", title: "A new title" }), clock);
    expect(await fingerprint()).not.toBe(edited);
  });

  it("a related post's new title changes the page", async () => {
    const before = await fingerprint();
    const b = await s.database.db.selectFrom("blog_posts").select("id").where("slug", "=", "fp-b").executeTakeFirstOrThrow();
    await updatePost(s.database.db, Number(b.id), post("fp-b", { keywords: "zebrafingerprint", title: "B renamed" }), clock);
    expect(await fingerprint()).not.toBe(before);
  });

  it("two instances: a post's write on one leaves the other's unrelated post page cached and current, and its blog list stale", async () => {
    const clocks = [new ContentVersionClock(() => s.database.db), new ContentVersionClock(() => s.database.db)];
    const caches = clocks.map(
      (instance) => new PageCache({ maxEntries: 10, currentVersion: () => instance.current(), dependencies: siteDependencies(() => s.database.db) }),
    );
    let renders = 0;
    const render = async (request: Request, nonce: string, record: RenderRecord) => {
      renders++;
      const path = new URL(request.url).pathname;
      const slug = postPageSlug(path);
      if (slug) record.fingerprint = await currentPostPageFingerprint(s.database.db, slug, publishNow());
      return new Response(`<p>${path} ${renders}</p>`, { headers: { "Content-Type": "text/html", "Cache-Control": "public" } });
    };
    const get = (cache: PageCache, path: string) => cache.respond(new Request(`http://localhost:3999${path}`), render).then((r) => r.text());
    const other = caches[1]!;
    const a = await get(other, "/blog/fp-a");
    const list = await get(other, "/blog");
    const home = await get(other, "/");
    const rendered = renders;

    await create("fp-second-instance", { keywords: "unrelatedword" });
    await clocks[0]!.bump("posts"); // the writing instance's bump, as server/app.ts does it

    expect(await get(other, "/blog/fp-a")).toBe(a);
    expect(await get(other, "/")).toBe(home);
    expect(await get(other, "/blog")).not.toBe(list);
    expect(renders).toBe(rendered + 1);

    // any other write: everything on every instance
    await clocks[0]!.bump();
    expect(await get(other, "/")).not.toBe(home);
    expect(await get(other, "/blog/fp-a")).not.toBe(a);
  });
});
