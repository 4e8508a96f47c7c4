import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { expect, test, type Page } from "./support/test.ts";
import { gotoHydrated, saveScreenshots } from "./support/page.ts";
import { scratchDir } from "./support/image-fixtures.ts";
import { convertButton, fileInput, shown } from "./support/media.ts";
import { forbidForeignRequests } from "./support/origins.ts";
import { HAVE_XMLLINT, PYTHON, XMLLINT } from "#tests/support/reference-tools.ts";

// The data converter of issue 15 in Chromium, on the production build: XML → JSON, CSV → XML,
// JSON → CSV, HTML → CSV, CSV → TXT and CSV → JSON with typed numbers and booleans; each download
// is read back by JSON.parse, Python's csv module or xmllint. Also: the preview of a chosen file, a
// malformed file's line and column, and a 375 px phone without sideways scrolling. No request leaves
// our origin.

const files = scratchDir("e2e-xml-converter-");
test.afterAll(() => files.remove());

forbidForeignRequests();

const MIME: Record<string, string> = { xml: "application/xml", json: "application/json", csv: "text/csv", html: "text/html", txt: "text/plain" };

async function choose(page: Page, name: string, content: string): Promise<void> {
  await fileInput(page).setInputFiles({ name, mimeType: MIME[name.split(".").pop()!]!, buffer: Buffer.from(content) });
}

/** Picks the output format, converts, checks the success message and the output preview, and returns the downloaded text. */
async function convertTo(page: Page, format: string, expectedName: string): Promise<string> {
  await page.getByTestId("data-target").selectOption({ label: format });
  await convertButton(page).click();
  await expect(shown(page, "Conversion successful", `Data converted to ${format}`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("data-output-preview")).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download", exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(expectedName);
  const path = files.at(expectedName);
  await download.saveAs(path);
  return readFileSync(path, "utf8");
}

const pythonCsv = (csv: string): string[][] =>
  JSON.parse(execFileSync(PYTHON, ["-c", "import csv, io, json, sys\nprint(json.dumps(list(csv.reader(io.StringIO(sys.stdin.read(), newline='')))))"], { input: csv, encoding: "utf8" })) as string[][];

const CATALOG = `<?xml version="1.0"?>
<catalog xmlns:dc="http://purl.org/dc/elements/1.1/">
  <book id="b1"><dc:title>XML &amp; JSON</dc:title><author>Ann</author><author>Bo</author></book>
  <book id="b2"><dc:title>Data</dc:title><author>Cy</author></book>
</catalog>`;

const PEOPLE = 'name;city;note\nAnn;Paris;"said ""hi"""\nBo;"Lyon; FR";\n';

test.describe("the data converter", () => {
  test("XML → JSON: the file's rows before converting, then the JSON download", async ({ page }) => {
    await gotoHydrated(page, "/tool/xml-converter");
    await choose(page, "catalog.xml", CATALOG);
    await expect(page.getByTestId("data-info")).toContainText("Read as");
    const preview = page.getByTestId("data-input-preview");
    await expect(preview).toContainText("dc:title");
    await expect(preview).toContainText("XML & JSON");
    const json = JSON.parse(await convertTo(page, "JSON", "catalog.json")) as { catalog: { book: { "@id": string; "dc:title": string; author: string | string[] }[] } };
    expect(json.catalog.book.map((b) => [b["@id"], b["dc:title"], b.author])).toEqual([["b1", "XML & JSON", ["Ann", "Bo"]], ["b2", "Data", "Cy"]]);
    await saveScreenshots(page, "xml-converter-xml-json");
  });

  test("CSV → XML and CSV → TXT: the sniffed delimiter is shown and used", async ({ page }) => {
    await gotoHydrated(page, "/tool/xml-converter");
    await choose(page, "people.csv", PEOPLE);
    await expect(page.getByTestId("data-info")).toContainText("semicolon");
    await expect(page.getByTestId("data-delimiter")).toContainText("Auto (found: Semicolon (;))");
    await expect(page.getByTestId("data-input-preview")).toContainText("Lyon; FR");
    const xml = await convertTo(page, "XML", "people.xml");
    if (HAVE_XMLLINT) {
      const path = files.at("people.xml");
      expect(execFileSync(XMLLINT, ["--xpath", "string(/root/item[2]/city)", path], { encoding: "utf8" }).trim()).toBe("Lyon; FR");
      expect(execFileSync(XMLLINT, ["--xpath", "string(/root/item[1]/note)", path], { encoding: "utf8" }).trim()).toBe('said "hi"');
    } else expect(xml).toContain("<city>Lyon; FR</city>");
    const txt = await convertTo(page, "TXT", "people.txt");
    expect(txt.split("\n").slice(0, 4)).toEqual(["name  city      note", "----  --------  ---------", 'Ann   Paris     said "hi"', "Bo    Lyon; FR"]);
    // without a header row the file is read again: three rows of data, numbered columns
    await page.getByLabel("The first row holds the column names").uncheck();
    await expect(page.getByTestId("data-info")).toContainText(/Rows\s*3/);
    // a delimiter chosen by hand: one column per line
    await page.getByTestId("data-delimiter").selectOption({ label: "Comma (,)" });
    await expect(page.getByTestId("data-info")).toContainText(/Columns\s*1/);
  });

  test("JSON → CSV and HTML → CSV, read by Python's csv module", async ({ page }) => {
    await gotoHydrated(page, "/tool/xml-converter");
    await choose(page, "orders.json", JSON.stringify({ orders: [{ id: 1, customer: { name: "Ann" }, items: ["pen", "ink"] }, { id: 2, customer: { name: "Bo, Jr." } }] }));
    await expect(page.getByTestId("data-input-preview")).toContainText("customer.name");
    const csv = await convertTo(page, "CSV", "orders.csv");
    expect(pythonCsv(csv)).toEqual([
      ["id", "customer.name", "items.0", "items.1"],
      ["1", "Ann", "pen", "ink"],
      ["2", "Bo, Jr.", "", ""],
    ]);
    await choose(page, "sales.html", "<!doctype html><table><thead><tr><th>Region</th><th>Total</th></tr></thead><tbody><tr><td>North</td><td>1&nbsp;200</td></tr><tr><td colspan=2>n/a</td></tr></tbody></table>");
    await expect(page.getByTestId("data-input-preview")).toContainText("North");
    expect(pythonCsv(await convertTo(page, "CSV", "sales.csv"))).toEqual([["Region", "Total"], ["North", "1\u00a0200"], ["n/a", ""]]);
  });

  test("a malformed file: the parser's reason, line and column, said once on the file's line", async ({ page }) => {
    await gotoHydrated(page, "/tool/xml-converter");
    await choose(page, "broken.json", '{\n  "a": 1,\n  "b" 2\n}');
    await expect(shown(page, "Cannot be converted", "Invalid JSON at line 3, column 7: Expected ':' after property name.")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/Invalid JSON at line 3/)).toHaveCount(1);
    await expect(convertButton(page)).toBeDisabled();
  });

  test("a large CSV (110 MB): real progress, Cancel stops it, and the next conversion runs", async ({ page }) => {
    test.setTimeout(120_000);
    const rows = Array.from({ length: 2_500_000 }, (_, i) => `${i},name ${i},user${i}@example.com,${(i * 7) % 1000}.25`);
    const big = files.at("big.csv");
    writeFileSync(big, `id,name,email,amount\n${rows.join("\n")}\n`);
    await gotoHydrated(page, "/tool/xml-converter");
    await fileInput(page).setInputFiles(big);
    // the preview reads the first megabyte only
    await expect(page.getByTestId("data-input-preview")).toContainText("the first 20 rows", { timeout: 30_000 });
    await page.getByTestId("data-target").selectOption({ label: "JSON" });
    await convertButton(page).click();
    const bar = page.getByRole("progressbar");
    await expect(async () => expect(Number(await bar.getAttribute("aria-valuenow"))).toBeGreaterThan(0)).toPass({ timeout: 30_000 });
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(bar).toBeHidden({ timeout: 2000 });
    await expect(page.getByTestId("data-output-preview")).toHaveCount(0);
    await choose(page, "small.csv", "a,b\n1,2\n");
    expect(JSON.parse(await convertTo(page, "JSON", "small.json"))).toEqual([{ a: 1, b: 2 }]);
  });

  test("CSV → JSON keeps numbers and booleans with the cell's digits, leading zeros as text; unticked, every value is text", async ({ page }) => {
    await gotoHydrated(page, "/tool/xml-converter");
    await choose(page, "stock.csv", "sku,zip,price,id,in_stock,name\n7,00123,19.90,12345678901234567890,TRUE,Mug\n");
    const keep = page.getByLabel("Keep numbers and booleans");
    await expect(keep).toBeChecked();
    await expect(page.getByText("Values with leading zeros, like 007 or ZIP codes, stay text.")).toBeVisible();
    const json = await convertTo(page, "JSON", "stock.json");
    const [typed] = JSON.parse(json) as Record<string, unknown>[];
    expect(typed).toMatchObject({ sku: 7, zip: "00123", price: 19.9, in_stock: true, name: "Mug" });
    expect(typeof typed!.id).toBe("number");
    // written as the cell has them, not through a double
    expect(json).toContain('"price": 19.90,');
    expect(json).toContain('"id": 12345678901234567890,');
    await keep.uncheck();
    await expect(page).toHaveURL(/keepTypes=0/);
    expect(JSON.parse(await convertTo(page, "JSON", "stock.json"))).toEqual([{ sku: "7", zip: "00123", price: "19.90", id: "12345678901234567890", in_stock: "TRUE", name: "Mug" }]);
    // only JSON output has types
    await page.getByTestId("data-target").selectOption({ label: "XML" });
    await expect(keep).toHaveCount(0);
  });

  test("on a 375 px phone nothing scrolls sideways, a wide preview included", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await gotoHydrated(page, "/tool/xml-converter");
    const wide = Array.from({ length: 30 }, (_, i) => `column_number_${i}`).join(",");
    await choose(page, "wide.csv", `${wide}\n${Array.from({ length: 30 }, (_, i) => `a long value ${i}`).join(",")}\n`);
    await expect(page.getByTestId("data-input-preview")).toContainText("column_number_0");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await convertTo(page, "HTML", "wide.html");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await saveScreenshots(page, "xml-converter-wide");
  });
});
