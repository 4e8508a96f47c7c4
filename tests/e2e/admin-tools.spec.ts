import path from "node:path";
import Database from "better-sqlite3";
import { expect, test, type BrowserContext, type Page } from "./support/test.ts";
import { e2eDataDir } from "./support/data-dir.ts";
import { adminContext } from "./support/admin.ts";
import { gotoHydrated } from "./support/page.ts";

// Manage Tools: add, see it on the public site, edit, rank, duplicate slug, delete; and
// 'Fill Missing SEO Content'. Every tool made here has a name starting with "E2E " and is deleted,
// by the test itself or, if a test failed half-way, by afterAll.

const NAME = "E2E Test Converter";
const SLUG = "e2e-test-converter";
const EDITED = "E2E Test Converter Pro";
const EDITED_SLUG = "e2e-test-converter-pro";
const SEO_NAME = "E2E SEO Fill Converter";
const SEO_SLUG = "e2e-seo-fill-converter";

let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser, baseURL }) => {
  ({ context, page } = await adminContext(browser, baseURL!, "admin-tools-e2e@example.com"));
});

test.afterAll(async ({ baseURL }) => {
  // leftovers of a failed run go through the real delete action (which also refreshes cached pages)
  const db = new Database(path.join(e2eDataDir(), "site.db"), { readonly: true });
  const left = db.prepare("select id from tools where name like 'E2E %'").all() as { id: number }[];
  db.close();
  for (const { id } of left) {
    await context.request.post("/admin/tools", { form: { intent: "delete", id: String(id) }, headers: { origin: baseURL! } });
  }
  await context.close();
});

// answers to a save wait a little longer than the default 5 s: the dev server on a busy machine is slow
const SAVED = { timeout: 15_000 };

const row = (name: string) => page.getByTestId("tool-row").filter({ has: page.getByRole("link", { name, exact: true }) });

/** How many tools there are, from the list's header ("64 tools"). */
async function toolCount(): Promise<number> {
  const subtitle = page.getByText(/^\d+ tools?$/);
  await expect(subtitle).toBeVisible();
  return Number((await subtitle.textContent())!.split(" ")[0]);
}

async function addTool(fields: { name: string; category: string; description: string; learnMore?: string }) {
  await gotoHydrated(page, "/admin/tools");
  await page.getByRole("link", { name: "Add Tool" }).click();
  await expect(page).toHaveURL(/\/admin\/tools\/new$/);
  await expect(page.getByRole("heading", { level: 1, name: "Add Tool" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill(fields.name);
  await page.getByLabel("Description", { exact: true }).fill(fields.description);
  await page.getByLabel("Category", { exact: true }).selectOption(fields.category);
  if (fields.learnMore) {
    const editor = page.getByRole("textbox", { name: "Learn More" });
    await editor.click();
    await page.keyboard.type(fields.learnMore);
  }
  await page.getByRole("button", { name: "Add Tool" }).click();
  await expect(page).toHaveURL(/\/admin\/tools(\?.*)?$/);
  await expect(page.getByText("Tool added successfully")).toBeVisible(SAVED);
  await expect(row(fields.name)).toBeVisible();
}

async function deleteTool(name: string) {
  await gotoHydrated(page, "/admin/tools");
  await row(name).getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByText("Are you sure you want to delete this tool?")).toBeVisible();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Tool deleted successfully")).toBeVisible(SAVED);
  await expect(row(name)).toHaveCount(0);
}

test.describe.configure({ mode: "serial" });

test("the tool form checks required fields, follows the name with the slug and counts the meta description", async () => {
  await gotoHydrated(page, "/admin/tools/new");
  await page.getByRole("button", { name: "Add Tool" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expect(page.getByText("Category is required")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/tools\/new$/);

  await page.getByLabel("Name", { exact: true }).fill(NAME);
  await expect(page.getByLabel("Slug", { exact: true })).toHaveValue(SLUG);
  await page.getByLabel("Meta Description", { exact: true }).fill("Short text");
  await expect(page.getByTestId("meta-description-count")).toHaveText("10 characters");
  await expect(page.getByText("150-160 characters recommended")).toBeVisible();
});

test("a new tool shows in the list, on the dashboard and on the public site", async () => {
  await addTool({ name: NAME, category: "Image", description: "Converts end-to-end tests.", learnMore: "Learn more from the E2E test." });
  const mine = row(NAME);
  await expect(mine.getByText(SLUG, { exact: true })).toBeVisible();
  // a new tool comes last in the rank order
  await expect(mine.getByTestId("tool-rank")).toHaveText(String(await toolCount()));
  const view = mine.getByRole("link", { name: "View tool page" });
  await expect(view).toHaveAttribute("href", `/tool/${SLUG}`);
  await expect(view).toHaveAttribute("target", "_blank");
  await expect(view).toHaveAttribute("rel", /noopener/);

  await gotoHydrated(page, "/admin/dashboard");
  await expect(page.getByTestId("recent-activity").getByRole("link", { name: NAME })).toBeVisible();

  const publicPage = await context.newPage();
  await gotoHydrated(publicPage, "/tools");
  await expect(publicPage.getByText(NAME, { exact: true })).toBeVisible();
  const response = await publicPage.goto(`/tool/${SLUG}`);
  expect(response?.status()).toBe(200);
  await expect(publicPage.getByRole("heading", { level: 1, name: NAME })).toBeVisible();
  await expect(publicPage.getByText("Learn more from the E2E test.")).toBeVisible();
  await publicPage.close();
});

// issue 29: "Rank up" added 1 (ties), said nothing and changed nothing visible
test("rank is an explicit order: up and down swap with the neighbour and say where the tool went; the list sorts by ?sort=", async () => {
  const mine = row(NAME);
  await gotoHydrated(page, "/admin/tools");
  await expect(page.getByText(/Rank 1 comes first\. The rank orders the featured tools on the home page/)).toBeVisible();
  const total = await toolCount();
  await expect(mine.getByRole("button", { name: `Rank down: ${NAME}` })).toBeDisabled();
  await mine.getByRole("button", { name: `Rank up: ${NAME}` }).click();
  await expect(page.getByText(`“${NAME}” moved up to rank ${total - 1} of ${total}`)).toBeVisible();
  await expect(mine.getByTestId("tool-rank")).toHaveText(String(total - 1));
  await mine.getByRole("button", { name: `Rank up: ${NAME}` }).click();
  await expect(mine.getByTestId("tool-rank")).toHaveText(String(total - 2));
  // the server kept it, and the rank sort shows the tool in its place
  await gotoHydrated(page, "/admin/tools?sort=rank");
  await expect(page.getByLabel("Sort by", { exact: true })).toHaveValue("rank");
  await expect(mine.getByTestId("tool-rank")).toHaveText(String(total - 2));
  await expect(page.getByTestId("tool-row").nth(total - 3)).toHaveAttribute("data-slug", SLUG);
  await mine.getByRole("button", { name: `Rank down: ${NAME}` }).click();
  await expect(mine.getByTestId("tool-rank")).toHaveText(String(total - 1));
  await expect(page.getByTestId("tool-row").nth(total - 2)).toHaveAttribute("data-slug", SLUG);

  await page.getByLabel("Sort by", { exact: true }).selectOption("name");
  await expect(page).toHaveURL(/\?sort=name$/);
  await expect(page.getByTestId("tool-row").first()).toContainText("Audio Converter");
});

test("editing saves the fields, and the slug follows the new name", async () => {
  await gotoHydrated(page, "/admin/tools");
  await row(NAME).getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Tool" })).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(NAME);
  await expect(page.getByLabel("Category", { exact: true })).toHaveValue("Image");
  await page.getByLabel("Name", { exact: true }).fill(EDITED);
  await expect(page.getByLabel("Slug", { exact: true })).toHaveValue(EDITED_SLUG);
  await page.getByLabel("Description", { exact: true }).fill("Now with more end-to-end.");
  await page.getByRole("button", { name: "Update Tool" }).click();
  await expect(page.getByText("Tool updated successfully")).toBeVisible(SAVED);
  await expect(row(EDITED).getByText(EDITED_SLUG, { exact: true })).toBeVisible();

  const publicPage = await context.newPage();
  await publicPage.goto(`/tool/${EDITED_SLUG}`);
  await expect(publicPage.getByText("Now with more end-to-end.").first()).toBeVisible();
  await publicPage.close();
});

test("a slug another tool has is refused on the slug field; an unknown id is a 404", async () => {
  await gotoHydrated(page, "/admin/tools/new");
  await page.getByLabel("Name", { exact: true }).fill("Word Counter");
  await page.getByLabel("Category", { exact: true }).selectOption("Text");
  await page.getByRole("button", { name: "Add Tool" }).click();
  await expect(page.getByText("A tool with this slug already exists.").first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/tools\/new$/);

  expect((await page.goto("/admin/tools/99999999"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Tool not found" })).toBeVisible();
});

test("deleting asks for confirmation and takes the public page down", async ({ request }) => {
  await deleteTool(EDITED);
  expect((await request.get(`/tool/${EDITED_SLUG}`)).status()).toBe(404);
  expect((await request.get(`/tool/${SLUG}`)).status()).toBe(404);
});

test("Fill Missing SEO Content writes the template into an empty tool's page", async ({ request }) => {
  await addTool({ name: SEO_NAME, category: "Audio", description: "Turns e2e noise into music" });
  const before = await (await request.get(`/tool/${SEO_SLUG}`)).text();
  expect(before).not.toContain(`About the ${SEO_NAME}`);

  await page.getByRole("button", { name: "Fill Missing SEO Content" }).click();
  await expect(page.getByText(/^Filled SEO content for \d+ tools?$/)).toBeVisible(SAVED);

  await page.getByRole("button", { name: "Fill Missing SEO Content" }).click();
  await expect(page.getByText("Nothing to update")).toBeVisible(SAVED);
  await expect(page.getByText("All tools already have SEO content.")).toBeVisible();

  const publicPage = await context.newPage();
  await gotoHydrated(publicPage, `/tool/${SEO_SLUG}`);
  await expect(publicPage.getByRole("heading", { name: `About the ${SEO_NAME}` })).toBeVisible();
  await expect(publicPage.getByText("Turns e2e noise into music.", { exact: true })).toBeVisible();
  await expect(publicPage.getByText(/never leave your computer or phone/)).toBeVisible();
  await publicPage.close();

  await deleteTool(SEO_NAME);
  expect((await request.get(`/tool/${SEO_SLUG}`)).status()).toBe(404);
});
