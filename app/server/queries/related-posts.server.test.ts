import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { steppingClock } from "#tests/support/clock.ts";
import { createCategory, setPostCategories } from "./categories.server.ts";
import { createPost, type PostFields } from "./posts-admin.server.ts";
import { keywordWords, listRelatedPosts } from "./posts.server.ts";

const NOW = () => new Date().toISOString();

const post = (slug: string, keywords: string, published = true): PostFields => ({
  title: `Title ${slug}`,
  slug,
  excerpt: "An excerpt",
  content: "<p>Body</p>",
  thumbnail: "",
  keywords,
  published,
});

it("reads keyword words as related posts do", () => {
  expect(keywordWords("Zebra Codec, tools;NEWS\tzebra")).toEqual(["zebra", "codec", "tools", "news"]);
  expect(keywordWords(" , ;")).toEqual([]);
});

/** a post that is not in the database */
const none = (keywords: string) => ({ id: 0, slug: "x", keywords });

describeEachDialect("related posts on %s", (dialect) => {
  let s: TestServices;
  beforeAll(async () => {
    s = await createTestServices(dialect);
    // one clock: each post is created a second after the one before, so "newest" is the later line
    const clock = steppingClock("2026-01-01T00:00:00.000Z");
    for (const [slug, keywords, published] of [
      ["rel-current", "zebracodec, quaggaformat"],
      ["rel-oldest", "ZebraCodec"],
      ["rel-unrelated", "okapi"],
      ["rel-draft", "zebracodec", false],
      ["rel-middle", "something; quaggaformat"],
      ["rel-newest", "Tools zebracodec"],
      ["rel-wildcard", "zebra%codec zebra_codec"],
    ] as const) {
      const result = await createPost(s.database.db, post(slug, keywords, published ?? true), clock);
      if (!result.ok) throw new Error(`could not create ${slug}`);
    }
  });
  afterAll(() => s.cleanup());
  /** the post as the post page passes it */
  const postOf = async (slug: string) => s.database.db.selectFrom("blog_posts").select(["id", "slug", "keywords"]).where("slug", "=", slug).executeTakeFirstOrThrow();

  it("lists posts sharing a keyword or category word, newest first, never the post itself nor a draft", async () => {
    const related = await listRelatedPosts(s.database.db, await postOf("rel-current"), NOW());
    expect(related.map((p) => p.slug)).toEqual(["rel-newest", "rel-middle", "rel-oldest"]);
    expect(related[0]).toEqual({ slug: "rel-newest", title: "Title rel-newest" });
  });

  it("keeps the limit and treats LIKE wildcards in keywords as plain characters", async () => {
    expect((await listRelatedPosts(s.database.db, await postOf("rel-current"), NOW(), 2)).map((p) => p.slug)).toEqual([
      "rel-newest",
      "rel-middle",
    ]);
    expect((await listRelatedPosts(s.database.db, none("zebra%codec"), NOW())).map((p) => p.slug)).toEqual(["rel-wildcard"]);
    expect((await listRelatedPosts(s.database.db, none("zebr_codec"), NOW())).map((p) => p.slug)).toEqual([]);
  });

  it("is empty when nothing relates (the page then shows the fixed links)", async () => {
    const unrelated = await postOf("rel-unrelated");
    expect(await listRelatedPosts(s.database.db, unrelated, NOW())).toEqual([]);
    expect(await listRelatedPosts(s.database.db, { ...unrelated, keywords: "" }, NOW())).toEqual([]);
  });

  it("relates posts that share a category, even with no keyword in common", async () => {
    const { db } = s.database;
    const created = await createCategory(db, { name: "Hoofed", slug: "hoofed", description: "" });
    if (!created.ok) throw new Error("no category");
    const [unrelated, middle] = [await postOf("rel-unrelated"), await postOf("rel-middle")];
    await setPostCategories(db, unrelated.id, [created.id]);
    await setPostCategories(db, middle.id, [created.id]);
    expect((await listRelatedPosts(db, unrelated, NOW())).map((p) => p.slug)).toEqual(["rel-middle"]);
    await setPostCategories(db, middle.id, []);
    expect(await listRelatedPosts(db, unrelated, NOW())).toEqual([]);
  });
});
