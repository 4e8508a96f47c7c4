import { readFileSync } from "node:fs";
import { seriousViolations, violationsOnPages } from "./support/axe.ts";
import { gotoHydrated } from "./support/page.ts";
import { expect, test, type Page } from "./support/test.ts";

// Issue 31: axe-core finds nothing serious or critical on any public page type, in light and dark
// mode, on a phone and a desktop, nor on a tool page in each of its states (idle, a refused file, a
// result) and with the tool search open. The admin screens are checked in admin-accessibility.spec.ts.

const PAGES = [
  "/",
  "/tools",
  "/tools?q=mp3",
  "/tool/dds-to-png",
  "/tool/km-to-miles-converter",
  "/tool/est-to-gmt-converter",
  "/tool/word-counter",
  "/tool/video-converter",
  "/tool/pdf-converter",
  "/blog",
  "/blog/productivity-tips",
  "/blog/category/tutorials",
  "/page/about",
  "/page/privacy-policy",
  "/licenses",
  "/open",
  "/auth",
  "/no/such/address",
  "/tool/not-a-tool",
];

async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  expect(await seriousViolations(page), where).toEqual([]);
}

for (const scheme of ["light", "dark"] as const) {
  for (const [device, width] of [["desktop", 1280], ["phone", 375]] as const) {
    test(`every public page type, ${scheme} mode, ${device}`, async ({ page }) => {
      // 19 pages: about a second of axe each, several when the machine is busy
      test.setTimeout(180_000);
      await page.emulateMedia({ colorScheme: scheme });
      expect(await violationsOnPages(page, PAGES, [width])).toEqual([]);
    });
  }
}

test("a file tool in its states: a refused file, a result; and the tool search open", async ({ page }) => {
  await gotoHydrated(page, "/tool/dds-to-png");
  const input = page.locator('[data-testid="file-drop-zone"] input[type="file"]');
  await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a texture") });
  await expect(page.getByTestId("file-refusal")).toBeVisible();
  await expectNoSeriousViolations(page, "refused file");

  await input.setInputFiles({ name: "hopper.dds", mimeType: "application/octet-stream", buffer: readFileSync("tests/corpus/dds/hopper.dds") });
  await page.getByRole("button", { name: "Convert", exact: true }).click();
  await expect(page.getByTestId("conversion-result")).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousViolations(page, "result");

  await page.keyboard.press("Control+k");
  await page.getByRole("combobox", { name: "Search tools" }).fill("png");
  await expectNoSeriousViolations(page, "tool search open");
});
