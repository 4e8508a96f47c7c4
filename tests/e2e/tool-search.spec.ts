import { expect, test } from "./support/test.ts";
import { gotoHydrated, saveScreenshots } from "./support/page.ts";

test("Ctrl+K opens the tool search from any public page; Enter opens the chosen tool", async ({ page }) => {
  await gotoHydrated(page, "/blog");
  await page.keyboard.press("Control+k");
  const search = page.getByRole("combobox", { name: "Search tools" });
  await expect(search).toBeFocused();
  await search.fill("kst");
  await expect(page.getByRole("option")).toHaveCount(2);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/tool\/(gmt-to-kst|kst-to-gmt)-converter$/);
  await expect(page.getByRole("heading", { level: 1, name: /KST/ })).toBeVisible();

  // the header button opens it too
  await page.getByRole("button", { name: "Search tools (Ctrl+K)" }).click();
  await expect(page.getByRole("combobox", { name: "Search tools" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("combobox", { name: "Search tools" })).toBeHidden();
});

test("the search opens empty each time, finds what people type and puts the named tool first (issue 31, finding 3)", async ({ page }) => {
  await gotoHydrated(page, "/");
  const search = page.getByRole("combobox", { name: "Search tools" });
  const options = page.getByRole("option");
  await page.keyboard.press("Control+k");
  // before typing: the most searched tools, each with its category
  await expect(options).toHaveCount(8);
  await search.fill("video");
  await expect(options.first()).toContainText("Video Converter");
  await expect(options.first()).toContainText("Video");
  await page.keyboard.press("Escape");

  // reopened: empty, so typing does not append to the last query
  await page.keyboard.press("Control+k");
  await expect(search).toHaveValue("");
  await search.pressSequentially("timezone");
  await expect(options).toHaveCount(7);
  await expect(options.filter({ hasText: "EST to GMT Converter" })).toHaveCount(1);
  await saveScreenshots(page, "palette-timezone");
  await page.keyboard.press("Escape");

  // /tools ranks the same way
  await gotoHydrated(page, "/tools?q=mp3");
  await expect(page.getByRole("main").getByRole("heading", { level: 2 }).first()).toHaveText("MP3 Converter");
});

test("recently used tools are remembered on the device and shown on /tools", async ({ page }) => {
  await gotoHydrated(page, "/tools");
  await expect(page.getByTestId("recent-tools")).toHaveCount(0);
  await gotoHydrated(page, "/tool/cm-to-mm-converter");
  await gotoHydrated(page, "/tool/word-counter");
  await gotoHydrated(page, "/tools");
  const recent = page.getByTestId("recent-tools").getByRole("link");
  await expect(recent).toHaveText([/Word Counter/, /CM to MM/]);
  await recent.first().click();
  await expect(page).toHaveURL(/\/tool\/word-counter$/);
});
