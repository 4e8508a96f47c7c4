import { afterEach, beforeEach, expect, it } from "vitest";
import { encodePng } from "#codecs/png/index.ts";
import { steppingClock } from "#tests/support/clock.ts";
import { createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { removeMedia } from "../admin/media-library.server.ts";
import { renderContentHtml } from "../media/responsive-html.server.ts";
import { uploadImage } from "../storage/uploads.server.ts";
import { findMediaUses, getMedia, listMedia, updateMediaText } from "./media.server.ts";
import { createPage } from "./pages-admin.server.ts";
import { createPost, deleteStoredThumbnail } from "./posts-admin.server.ts";
import { saveSettings } from "./settings-admin.server.ts";

/** A w × h PNG of a gradient, stored uncompressed (so its resized copies are lighter than it). */
function png(width: number, height: number): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data.set([(x * 255) / width, (y * 255) / height, ((x + y) * 97) % 256, 255], i);
    }
  }
  return new Uint8Array(encodePng({ width, height, data }, { level: 0 }));
}

// A stand-in AVIF encoder: the real one is checked in variants.server.test.ts; here a tiny result
// is always "smaller", so every width gets its AVIF and the tests stay fast on both databases.
const tinyAvif = async () => new Uint8Array([0, 0, 0, 12]);

const post = (slug: string, content: string, thumbnail = "") => ({ title: `Post ${slug}`, slug, excerpt: "", content, thumbnail, keywords: "", published: true });

describeEachDialect("media library (%s)", (dialect) => {
  let s: TestServices;
  const clock = steppingClock("2026-11-28T08:00:00.000Z");
  beforeEach(async () => {
    s = await createTestServices(dialect);
  });
  afterEach(async () => {
    await s.cleanup();
  });
  const upload = (name: string, bytes: Uint8Array<ArrayBuffer>, text?: { alt: string; caption: string }) =>
    uploadImage(s.storage, {
      prefix: "site-assets/editor-images/",
      file: new File([bytes], name, { type: "image/png" }),
      library: { db: s.database.db, uploadedBy: "admin-1", now: clock, encodeAvif: tinyAvif, text },
    });

  it("without a stand-in encoder the variants come from the worker thread, and the row keeps the upload's byte count", async () => {
    const bytes = png(600, 400);
    const uploaded = await uploadImage(s.storage, {
      prefix: "site-assets/editor-images/",
      file: new File([bytes], "worker.png", { type: "image/png" }),
      library: { db: s.database.db, uploadedBy: "admin-1", now: clock },
    });
    const item = (await getMedia(s.database.db, uploaded.mediaId!))!;
    expect(item.bytes).toBe(bytes.length); // read before the bytes moved to the worker
    expect(item.variants.map((v) => `${v.mime} ${v.width}x${v.height}`)).toContain("image/png 480x320");
    for (const v of item.variants) expect(await s.storage.disk.exists(v.key)).toBe(true);
  });

  it("an upload records a row with the image's size, its alt text and the variants it stored", async () => {
    const uploaded = await upload("Sunset Photo.png", png(1000, 600), { alt: "The sun over the sea", caption: "" });
    const item = (await getMedia(s.database.db, uploaded.mediaId!))!;
    expect(item).toMatchObject({ key: uploaded.key, fileName: "Sunset Photo.png", mime: "image/png", width: 1000, height: 600, alt: "The sun over the sea", caption: "" });
    expect(item.variants.map((v) => `${v.mime} ${v.width}x${v.height}`).toSorted()).toEqual([
      "image/avif 1000x600",
      "image/avif 480x288",
      "image/avif 960x576",
      "image/png 480x288",
      "image/png 960x576",
    ]);
    for (const v of item.variants) expect(await s.storage.disk.exists(v.key)).toBe(true);
    // without the library option (a few storage tests), nothing is recorded
    await uploadImage(s.storage, { prefix: "site-assets/", file: new File([png(10, 10)], "x.png") });
    expect((await listMedia(s.database.db)).total).toBe(1);
  });

  it("saves alt text and caption; searches file name, alt and caption, any case, wildcards as text", async () => {
    const a = await upload("red-fox.png", png(20, 20));
    await upload("blue-sky.png", png(20, 20), { alt: "Clouds", caption: "" });
    await upload("100_percent.png", png(20, 20));
    expect(await updateMediaText(s.database.db, a.mediaId!, { alt: "A fox in snow", caption: "Taken in Lapland" })).toBe(true);
    expect(await updateMediaText(s.database.db, 999_999, { alt: "x", caption: "" })).toBe(false);
    expect(await getMedia(s.database.db, a.mediaId!)).toMatchObject({ alt: "A fox in snow", caption: "Taken in Lapland" });

    const names = async (query: string) => (await listMedia(s.database.db, { query })).rows.map((r) => r.fileName);
    expect(await names("FOX")).toEqual(["red-fox.png"]);
    expect(await names("lapland")).toEqual(["red-fox.png"]);
    expect(await names("clouds")).toEqual(["blue-sky.png"]);
    expect(await names("_")).toEqual(["100_percent.png"]);
    expect(await names("%")).toEqual([]);
    // newest first, paged
    expect(await names("")).toEqual(["100_percent.png", "blue-sky.png", "red-fox.png"]);
    const second = await listMedia(s.database.db, { page: 2, pageSize: 2 });
    expect([second.page, second.pageCount, second.total, second.rows.map((r) => r.fileName)]).toEqual([2, 2, 3, ["red-fox.png"]]);
  });

  it("deletes an unused image with its variants; refuses one in use, naming where", async () => {
    const db = s.database.db;
    const unused = await upload("unused.png", png(600, 400));
    const unusedItem = (await getMedia(db, unused.mediaId!))!;
    expect(unusedItem.variants.length).toBeGreaterThan(0);
    expect(await removeMedia(s, unused.mediaId!)).toEqual({ ok: true });
    expect(await getMedia(db, unused.mediaId!)).toBeUndefined();
    for (const key of [unused.key, ...unusedItem.variants.map((v) => v.key)]) expect(await s.storage.disk.exists(key)).toBe(false);
    expect(await removeMedia(s, unused.mediaId!)).toMatchObject({ ok: false, status: 404 });

    const inPost = await upload("in-post.png", png(30, 30));
    await createPost(db, post("uses-it", `<p>x</p><img src="${inPost.url}" alt="">`));
    const refused = await removeMedia(s, inPost.mediaId!);
    expect(refused).toEqual({ ok: false, status: 409, message: "This image is in use (post “Post uses-it”). Remove it there first." });
    expect(await s.storage.disk.exists(inPost.key)).toBe(true);

    const everywhere = await upload("logo.png", png(30, 30));
    await createPost(db, post("thumb", "", `http://cdn.example/${everywhere.key}`));
    await createPage(db, { title: "About", slug: "about-us", excerpt: "", content: `<img src="${everywhere.url}">`, published: true });
    await saveSettings(db, { site_logo: everywhere.url });
    expect(await findMediaUses(db, everywhere.key)).toEqual([
      { kind: "post", label: "Post thumb" },
      { kind: "page", label: "About" },
      { kind: "setting", label: "site_logo" },
    ]);
    expect((await removeMedia(s, everywhere.mediaId!)).ok).toBe(false);
  });

  it("a library image used as a thumbnail stays when the post lets it go", async () => {
    const thumb = await uploadImage(s.storage, {
      prefix: "blog-thumbnails/",
      file: new File([png(30, 30)], "thumb.png"),
      library: { db: s.database.db, uploadedBy: null, encodeAvif: tinyAvif },
    });
    await deleteStoredThumbnail(s.storage, thumb.url, s.database.db);
    expect(await s.storage.disk.exists(thumb.key)).toBe(true);
  });

  it("a public page renders a library image with its size, srcset, AVIF source and stored alt text", async () => {
    const uploaded = await upload("my-photo_2.png", png(1000, 600));
    await updateMediaText(s.database.db, uploaded.mediaId!, { alt: "A proper description", caption: "" });
    // an old post: the editor then wrote the file name as alt text
    const html = await renderContentHtml(s.database.db, `<p><img src="${uploaded.url}" alt="my photo 2"></p><p><img src="/elsewhere.png" alt="kept"></p>`);
    const base = uploaded.url.replace(/\.png$/, "");
    expect(html).toBe(
      `<p><picture><source type="image/avif" srcset="${base}-480w.avif 480w, ${base}-960w.avif 960w, ${base}-1000w.avif 1000w" sizes="(min-width: 768px) 736px, calc(100vw - 2rem)" />` +
        `<img src="${uploaded.url}" alt="A proper description" loading="lazy" width="1000" height="600" srcset="${base}-480w.png 480w, ${base}-960w.png 960w, ${uploaded.url} 1000w" sizes="(min-width: 768px) 736px, calc(100vw - 2rem)" /></picture></p>` +
        `<p><img src="/elsewhere.png" alt="kept" loading="lazy" /></p>`,
    );
  });
});
