import { readFileSync } from "node:fs";
import { decodeDds } from "#codecs/dds/index.ts";
import { decodePng, encodePng } from "#codecs/png/index.ts";
import { expect, test, type Page } from "./support/test.ts";
import { gotoHydrated, saveScreenshots } from "./support/page.ts";

// "Open with" and "Share" (issue 30, decision 052). Chromium opens files with an installed app
// through window.launchQueue; a test cannot install the app, so an init script gives the page a
// launchQueue that hands its consumer FileSystemFileHandle-like objects whose getFile() returns a
// real File of a fixture, once per page load, as the browser does. The rest is the site's own code.

const HOPPER = new Uint8Array(readFileSync("tests/corpus/dds/hopper.dds"));
const PNG = encodePng({ width: 8, height: 8, data: new Uint8Array(8 * 8 * 4).fill(180) });

interface LaunchedFile {
  name: string;
  type: string;
  base64: string;
}
const launched = (name: string, bytes: Uint8Array, type = ""): LaunchedFile => ({ name, type, base64: Buffer.from(bytes).toString("base64") });

/** Every page load of `page` gets a launchQueue holding `files` (delivered to the first consumer only). */
async function launchWith(page: Page, files: LaunchedFile[]) {
  await page.addInitScript((given: LaunchedFile[]) => {
    let waiting = given;
    const handle = (file: LaunchedFile) => ({
      kind: "file",
      name: file.name,
      getFile: () => Promise.resolve(new File([Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))], file.name, { type: file.type })),
    });
    Object.defineProperty(window, "launchQueue", {
      value: {
        setConsumer(consumer: (params: { files: ReturnType<typeof handle>[] }) => void) {
          const delivered = waiting;
          waiting = [];
          if (delivered.length > 0) consumer({ files: delivered.map(handle) });
        },
      },
    });
  }, files);
}

/** Convert on the tool page and download the one result: its name and bytes. */
async function convertAndDownload(page: Page) {
  await page.getByRole("button", { name: "Convert", exact: true }).click();
  await expect(page.getByTestId("conversion-result")).toBeVisible({ timeout: 45_000 });
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download", exact: true }).click();
  const download = await downloadPromise;
  return { name: download.suggestedFilename(), bytes: new Uint8Array(readFileSync(await download.path())) };
}

test.describe("Open with", () => {
  test("a launched DDS goes straight to DDS to PNG, which shows it and converts it to a real PNG", async ({ page }) => {
    await launchWith(page, [launched("hopper.dds", HOPPER)]);
    await page.goto("/open");
    await expect(page).toHaveURL(/\/tool\/dds-to-png$/);
    await expect(page.getByTestId("selected-file")).toContainText("hopper.dds");
    await expect(page.getByTestId("dds-info")).toContainText("128 × 128");
    const { name, bytes } = await convertAndDownload(page);
    expect(name).toBe("hopper.png");
    const png = decodePng(bytes);
    const dds = decodeDds(HOPPER);
    expect([png.width, png.height]).toEqual([dds.width, dds.height]);
    expect(Buffer.from(png.data).equals(Buffer.from(dds.data))).toBe(true);
  });

  test("a file several tools open shows the picker, and the chosen tool gets the file", async ({ page }) => {
    await launchWith(page, [launched("icon.png", PNG, "image/png")]);
    await page.goto("/open");
    await expect(page.getByRole("heading", { name: "Which tool should open icon.png?" })).toBeVisible();
    const choices = page.getByTestId("open-choices").getByRole("button");
    await expect(choices).toHaveCount(3);
    await expect(choices.first()).toContainText("PNG to DDS");
    await saveScreenshots(page, "open-picker");
    await choices.filter({ hasText: "ICO" }).click();
    await expect(page).toHaveURL(/\/tool\/jpg-to-ico$/);
    await expect(page.getByTestId("selected-file")).toContainText("icon.png");
  });

  test("a file no tool opens is named, with what the site opens", async ({ page }) => {
    await launchWith(page, [launched("notes.xyz", new TextEncoder().encode("just some notes"))]);
    await page.goto("/open");
    await expect(page.getByTestId("open-unsupported")).toContainText("No tool on this site opens notes.xyz.");
    const formats = page.getByTestId("open-formats");
    await expect(formats).toHaveAttribute("open", "");
    await expect(formats).toContainText("DDS");
    await expect(formats).toContainText("EPUB");
    await expect(page.getByTestId("open-choices")).toHaveCount(0);
    await saveScreenshots(page, "open-unknown");
  });

  test("files dropped or chosen on /open by hand are routed the same way, a nameless one by its contents", async ({ page }) => {
    await gotoHydrated(page, "/open");
    await page.locator('[data-testid="file-drop-zone"] input[type="file"]').setInputFiles({ name: "texture", mimeType: "application/octet-stream", buffer: Buffer.from(HOPPER) });
    await expect(page).toHaveURL(/\/tool\/dds-to-png$/);
    await expect(page.getByTestId("selected-file")).toContainText("texture.dds");
  });

  test("a tool page opened by a launch takes the launched files itself", async ({ page }) => {
    await launchWith(page, [launched("hopper.dds", HOPPER), launched("copy.dds", HOPPER)]);
    await page.goto("/tool/dds-to-png");
    const rows = page.getByTestId("batch-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText("hopper.dds");
    await expect(rows.nth(1)).toContainText("copy.dds");
  });
});

test.describe("Share", () => {
  test("a POST to /share-target without a service worker answers 303 to /open, which says sharing needs the installed app", async ({ page }) => {
    const response = await page.request.post("/share-target", {
      multipart: { files: { name: "hopper.dds", mimeType: "application/octet-stream", buffer: Buffer.from(HOPPER) } },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
    expect(response.headers()["location"]).toBe("/open?shared=unavailable");
    await gotoHydrated(page, "/open?shared=unavailable");
    await expect(page.getByTestId("open-note")).toContainText("Sharing files with this site works in the installed app");
  });

  test("a share the service worker's handler kept opens from /open?shared=1 in the right tool, once", async ({ page }) => {
    // the handler and the Cache are the real ones; only the fetch event is the test page's (no installed app here)
    await gotoHydrated(page, "/__test/share-target");
    await page.getByTestId("share-input").setInputFiles({ name: "shared texture.dds", mimeType: "image/vnd.ms-dds", buffer: Buffer.from(HOPPER) });
    await expect(page).toHaveURL(/\/tool\/dds-to-png$/);
    await expect(page.getByTestId("selected-file")).toContainText("shared texture.dds");
    await expect(page.getByTestId("dds-info")).toContainText("128 × 128");
    await gotoHydrated(page, "/open?shared=1");
    await expect(page.getByTestId("open-note")).toContainText("The shared files are no longer here");
  });

  test("/open is not for search engines", async ({ page }) => {
    await gotoHydrated(page, "/open");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  });
});
