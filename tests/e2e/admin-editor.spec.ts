import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "./support/test.ts";
import { e2eDataDir } from "./support/data-dir.ts";
import { adminContext } from "./support/admin.ts";
import { cleanUp } from "./support/site-db.ts";
import { gotoHydrated } from "./support/page.ts";

// The rich text editor, exercised on the tool form (/admin/tools/new, "About This Tool" posted as
// `content`). The form is never submitted: nothing is saved; the uploaded image is removed at the end.

// A real 1x1 PNG.
const PNG_1X1 = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const EDITOR_IMAGE = /^\/uploads\/site-assets\/editor-images\/[0-9a-f]{12}-editor-e2e-dot\.png$/;

/** Every script URL the page asks for, from now on. */
function scriptRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") urls.push(r.url());
  });
  return urls;
}

test("the editor formats text, inserts a table, uploads an image and posts the HTML", async ({ browser, baseURL }) => {
  const { context, page } = await adminContext(browser, baseURL!, "editor-e2e@example.com");
  const uploaded: string[] = [];
  try {
    const scripts = scriptRequests(page);
    await gotoHydrated(page, "/admin/tools/new");
    const editor = page.locator('[data-rich-editor="content"]');
    const content = editor.getByTestId("rich-editor-content");
    const posted = editor.locator('input[type="hidden"][name="content"]');
    await expect(content).toBeVisible();
    await expect(content).toHaveAttribute("contenteditable", "true");
    expect(Number.parseFloat(await content.evaluate((el) => getComputedStyle(el).minHeight))).toBeGreaterThanOrEqual(400);
    // the Tiptap module is loaded on demand, on admin screens
    expect(scripts.some((url) => /tiptap/i.test(url))).toBe(true);

    // text, then bold with the toolbar's pressed state
    const bold = editor.getByRole("button", { name: "Bold" });
    await content.click();
    await page.keyboard.type("Plain text and ");
    await expect(bold).toHaveAttribute("aria-pressed", "false");
    await bold.click();
    await expect(bold).toHaveAttribute("aria-pressed", "true");
    // the toolbar hands focus back to the editor a frame later: typing before that loses the first key
    await expect(content).toBeFocused();
    await page.keyboard.type("strong words");
    await bold.click();
    await expect(bold).toHaveAttribute("aria-pressed", "false");
    await expect(content.locator("strong")).toHaveText("strong words");

    // a 2 × 3 table with a header row through the dialog; invalid sizes are explained first
    await editor.getByRole("button", { name: "Insert table" }).click();
    const dialog = page.getByRole("dialog", { name: "Insert table" });
    await expect(dialog).toBeVisible();
    const rows = dialog.getByLabel("Rows");
    const cols = dialog.getByLabel("Columns");
    await expect(rows).toHaveValue("2");
    await expect(cols).toHaveValue("3");
    await expect(dialog.getByRole("switch", { name: "Header row" })).toHaveAttribute("aria-checked", "true");
    await rows.fill("0");
    await cols.fill("");
    await dialog.getByRole("button", { name: "Insert", exact: true }).click();
    await expect(dialog.getByText("Rows must be at least 1.")).toBeVisible();
    await expect(dialog.getByText("Enter the number of columns.")).toBeVisible();
    await expect(content.locator("table")).toHaveCount(0);
    await rows.fill("2");
    await cols.fill("3");
    await dialog.getByRole("button", { name: "Insert", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(content.locator("table th")).toHaveCount(3);
    await expect(content.locator("table tr")).toHaveCount(2);
    await expect(content.locator("table td")).toHaveCount(3);

    // an image through the toolbar's dialog, with the alt text it asks for
    await page.keyboard.press("Control+End");
    await editor.getByRole("button", { name: "Insert image" }).click();
    const imageDialog = page.getByRole("dialog", { name: "Insert image" });
    await imageDialog.getByLabel("Image file").setInputFiles({ name: "editor-e2e-dot.png", mimeType: "image/png", buffer: PNG_1X1 });
    await imageDialog.getByLabel("Alt text").fill("A single dot");
    await imageDialog.getByRole("button", { name: "Upload and insert" }).click();
    await expect(imageDialog).toBeHidden();
    const image = content.locator('img[src^="/uploads/site-assets/editor-images/"]');
    await expect(image).toHaveCount(1);
    await expect(image).toHaveAttribute("alt", "A single dot");
    const src = (await image.getAttribute("src"))!;
    uploaded.push(src);
    expect(src).toMatch(EDITOR_IMAGE);
    const served = await page.request.get(src);
    expect(served.status()).toBe(200);
    expect(Buffer.from(await served.body())).toEqual(PNG_1X1);

    // a refused upload: the spec's message, in the dialog, and nothing inserted
    await editor.getByRole("button", { name: "Insert image" }).click();
    await imageDialog.getByLabel("Image file").setInputFiles({ name: "evil.svg", mimeType: "image/svg+xml", buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>') });
    await imageDialog.getByRole("button", { name: "Upload and insert" }).click();
    await expect(imageDialog.getByRole("alert")).toHaveText("Upload failed: Unsupported file type. Upload a PNG, JPEG, GIF, WebP, AVIF or ICO image.");
    await imageDialog.getByRole("button", { name: "Cancel" }).click();
    await expect(imageDialog).toBeHidden();
    await expect(content.locator("img")).toHaveCount(1);

    // a link: unsafe schemes are refused, relative links pass
    await content.click();
    await page.keyboard.press("Control+Home");
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Docs");
    await page.keyboard.press("Shift+Home");
    await editor.getByRole("button", { name: "Link" }).click();
    const url = page.getByLabel("Link URL");
    await url.fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Set link" }).click();
    await expect(page.getByText('Links of type "javascript:" are not allowed.')).toBeVisible();
    await url.fill("/tool/dds-to-png");
    await url.press("Enter");
    await expect(url).toBeHidden();
    await expect(content.locator('a[href="/tool/dds-to-png"]')).toHaveText("Docs");
    await expect(editor.getByRole("button", { name: "Link" })).toHaveAttribute("aria-pressed", "true");

    // the hidden input carries the HTML the form posts; nothing was submitted
    await expect(posted).toHaveValue(/<strong>strong words<\/strong>/);
    await expect(posted).toHaveValue(/<table/);
    await expect(posted).toHaveValue(/<th/);
    await expect(posted).toHaveValue(/<img src="\/uploads\/site-assets\/editor-images\/[^"]+"/);
    // (the bold mark carries over from the end of "strong words", as in any editor)
    await expect(posted).toHaveValue(/<a href="\/tool\/dds-to-png">(?:<strong>)?Docs(?:<\/strong>)?<\/a>/);
    expect(new URL(page.url()).pathname).toBe("/admin/tools/new");

    // undo takes the last change back
    await editor.getByRole("button", { name: "Undo" }).click();
    await expect(content.locator('a[href="/tool/dds-to-png"]')).toHaveCount(0);
    await expect(editor.getByRole("button", { name: "Redo" })).toBeEnabled();
  } finally {
    for (const src of uploaded) {
      fs.rmSync(path.join(e2eDataDir(), src), { force: true });
      cleanUp("delete from media where storage_key = ?", src.replace(/^\/uploads\//, ""));
    }
    await context.close();
  }
});

test("the server renders a same-size placeholder and public pages never load Tiptap", async ({ browser, baseURL, page }) => {
  const { context } = await adminContext(browser, baseURL!, "editor-e2e@example.com");
  try {
    const html = await (await context.request.get("/admin/tools/new")).text();
    expect(html).toContain("data-editor-placeholder");
    expect(html).not.toContain("contenteditable");
  } finally {
    await context.close();
  }
  const scripts = scriptRequests(page);
  for (const p of ["/", "/tools", "/tool/word-counter", "/blog"]) await gotoHydrated(page, p);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => /tiptap|prosemirror/i.test(url))).toEqual([]);
});

test("the upload API answers JSON: 401 without a session (for GET too), 405 for an admin's GET", async ({ request, baseURL, browser }) => {
  const anonymous = await request.post("/admin/api/upload", {
    headers: { origin: baseURL! },
    multipart: { prefix: "site-assets/editor-images/", file: { name: "dot.png", mimeType: "image/png", buffer: PNG_1X1 } },
    maxRedirects: 0,
  });
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.json()).toEqual({ message: "Please sign in as an admin." });
  const get = await request.get("/admin/api/upload", { maxRedirects: 0 });
  expect(get.status()).toBe(401);
  const { context, page } = await adminContext(browser, baseURL!, "upload-get-admin@example.com");
  const adminGet = await page.request.get("/admin/api/upload", { maxRedirects: 0 });
  expect(adminGet.status()).toBe(405);
  await context.close();
});
