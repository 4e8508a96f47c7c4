import { encodeJpeg } from "#codecs/jpeg/encode.ts";
import { expect, test } from "./support/test.ts";
import { adminContext } from "./support/admin.ts";
import { gotoHydrated, saveScreenshots } from "./support/page.ts";
import { cleanUp } from "./support/site-db.ts";

// The media library (issue 29): an image uploaded in the editor with its alt text shows in the
// library, is inserted from there into another post with that alt text and its caption, the public
// post serves it with width/height, srcset and an AVIF <source>, and it cannot be deleted while used.

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A 1200 × 800 photo-like JPEG (smooth shapes and fine texture), so smaller copies are worth making. */
function photo(): Buffer {
  const width = 1200;
  const height = 800;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const wave = Math.sin(x / 37) * Math.cos(y / 23) * 60;
      data[i] = 120 + wave + ((x * 7 + y * 13) % 17);
      data[i + 1] = 90 + (y / height) * 120 - wave / 2;
      data[i + 2] = 160 + (x / width) * 80 + ((x ^ y) % 11);
      data[i + 3] = 255;
    }
  }
  return Buffer.from(encodeJpeg({ width, height, data }, { quality: 92 }));
}

test("an editor upload with alt text is reused from the library, served responsive, and kept while used", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { context, page } = await adminContext(browser, baseURL!, `media-${stamp}@example.com`);
  const alt = `A lighthouse at dusk ${stamp}`;
  const caption = `Lighthouse caption ${stamp}`;
  const fileName = `lighthouse-${stamp}.jpg`;
  const createPost = async (title: string, insert: () => Promise<void>) => {
    await gotoHydrated(page, "/admin/blog/new");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByRole("switch", { name: "Publish immediately" }).click();
    await page.locator('[data-rich-editor="content"]').getByTestId("rich-editor-content").click();
    await insert();
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page.getByText("Post created successfully")).toBeVisible();
  };
  const dialog = page.getByRole("dialog", { name: "Insert image" });
  try {
    // 1. uploaded in the editor, with the alt text the dialog asks for (empty by default, not the file name)
    await createPost(`Media A ${stamp}`, async () => {
      await page.locator('[data-rich-editor="content"]').getByRole("button", { name: "Insert image" }).click();
      await expect(dialog.getByLabel("Alt text", { exact: true })).toHaveValue("");
      await dialog.getByLabel("Image file").setInputFiles({ name: fileName, mimeType: "image/jpeg", buffer: photo() });
      await dialog.getByLabel("Alt text", { exact: true }).fill(alt);
      await saveScreenshots(page, "editor-image-dialog-upload");
      await dialog.getByRole("button", { name: "Upload and insert" }).click();
      await expect(dialog).toBeHidden({ timeout: 60_000 });
      await expect(page.locator('[data-rich-editor="content"] img')).toHaveAttribute("alt", alt);
    });

    // 2. in the library, found by its alt text; a caption is added there
    await gotoHydrated(page, `/admin/media?q=${encodeURIComponent(`lighthouse at dusk ${stamp}`)}`);
    const card = page.getByTestId("media-item").filter({ hasText: fileName });
    await expect(card).toHaveCount(1);
    await expect(card.getByText("1200 × 800")).toBeVisible();
    await expect(card.getByLabel("Alt text", { exact: true })).toHaveValue(alt);
    await card.getByLabel("Caption", { exact: true }).fill(caption);
    await card.getByRole("button", { name: `Save alt text and caption of ${fileName}` }).click();
    await expect(page.getByText("Image details saved")).toBeVisible();
    await saveScreenshots(page, "media-screen");

    // 3. inserted from the library into another post, with its stored alt text and caption
    await createPost(`Media B ${stamp}`, async () => {
      await page.locator('[data-rich-editor="content"]').getByRole("button", { name: "Insert image" }).click();
      await dialog.getByRole("tab", { name: "Choose from library" }).click();
      await dialog.getByLabel("Search the library").fill(stamp);
      await dialog.getByRole("button", { name: "Search", exact: true }).click();
      await dialog.getByRole("button", { name: `${fileName}: ${alt}` }).click();
      await expect(dialog.getByText(caption)).toBeVisible();
      await saveScreenshots(page, "editor-image-dialog");
      await dialog.getByRole("button", { name: "Insert image" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.locator('[data-rich-editor="content"] figure img')).toHaveAttribute("alt", alt);
      await expect(page.locator('[data-rich-editor="content"] figcaption')).toHaveText(caption);
    });

    // 4. the public post: alt text, caption, size, srcset and an AVIF source
    const response = await page.goto(`/blog/media-b-${stamp}`);
    expect(response?.status()).toBe(200);
    const img = page.locator(`img[alt="${alt}"]`);
    await expect(img).toHaveCount(1);
    await expect(img).toHaveAttribute("width", "1200");
    await expect(img).toHaveAttribute("height", "800");
    await expect(img).toHaveAttribute("srcset", /-480w\.jpg 480w, .*-960w\.jpg 960w, .*\.jpg 1200w$/);
    await expect(page.locator('picture source[type="image/avif"]')).toHaveAttribute("srcset", /-480w\.avif 480w/);
    await expect(page.locator("figure figcaption", { hasText: caption })).toBeVisible();
    // the browser really loads one of the offered copies
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    await saveScreenshots(page, "public-post-with-library-image");

    // 5. deleting it while used is refused, naming the post
    await gotoHydrated(page, `/admin/media?q=${stamp}`);
    await card.getByRole("button", { name: `Delete ${fileName}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByText(`This image is in use (post “Media A ${stamp}”, post “Media B ${stamp}”). Remove it there first.`)).toBeVisible();
    await expect(card).toHaveCount(1);

    // 6. once the posts are gone it is unused, and goes
    cleanUp("delete from blog_posts where slug in (?, ?)", `media-a-${stamp}`, `media-b-${stamp}`);
    await gotoHydrated(page, `/admin/media?q=${stamp}`);
    await card.getByRole("button", { name: `Delete ${fileName}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByText("Image deleted")).toBeVisible();
    await expect(card).toHaveCount(0);
  } finally {
    cleanUp("delete from blog_posts where slug in (?, ?)", `media-a-${stamp}`, `media-b-${stamp}`);
    // a run that stopped half-way leaves no row behind (its files stay under uploads/)
    cleanUp("delete from media where file_name = ?", fileName);
    await context.close();
  }
});
