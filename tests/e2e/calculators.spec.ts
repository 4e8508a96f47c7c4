import { expect, test } from "./support/test.ts";
import { gotoHydrated, saveScreenshots } from "./support/page.ts";
import { TIME_CASES, UNIT_CASES } from "../support/unit-cases.ts";

// Each numeric tool in the browser: a known value through the first field and the Convert button,
// and the reverse direction by typing into the second field.

for (const [slug, input, result, reverseInput, reverseResult] of UNIT_CASES) {
  test(`${slug} computes ${input} → ${result} and back`, async ({ page }) => {
    await gotoHydrated(page, `/tool/${slug}`);
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByText("Tools")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Tools" })).toHaveAttribute("href", "/tools");
    const [first, second] = [page.locator("main input").nth(0), page.locator("main input").nth(1)];
    const convert = page.getByRole("button", { name: "Convert" });
    await expect(convert).toBeDisabled();
    await first.fill(input);
    await expect(second).toHaveValue(result);
    await convert.click();
    await expect(page.getByTestId("conversion-result")).toContainText(`= ${result}`);
    await second.fill(reverseInput);
    await expect(first).toHaveValue(reverseResult);
  });
}

test("input rules: text that is no number clears the answer and says why at once; decimal commas and grouped thousands are read (issue 31, finding 2)", async ({ page }) => {
  await gotoHydrated(page, "/tool/cm-to-mm-converter");
  const [cm, mm] = [page.locator("main input").nth(0), page.locator("main input").nth(1)];
  const result = page.getByTestId("conversion-result");
  await cm.fill("4");
  await expect(mm).toHaveValue("40.0000");
  // the result line follows the typing, no Convert needed
  await expect(result).toHaveText("4 cm = 40.0000 mm");
  await cm.fill("4x");
  await expect(mm).toHaveValue("");
  await expect(result).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveText("Enter a number, such as 12.5.");
  await cm.fill("1,5");
  await expect(mm).toHaveValue("15.0000");
  await expect(page.getByRole("alert")).toHaveCount(0);
  await cm.fill("1 000");
  await expect(mm).toHaveValue("10000.0000");

  // the stale answer of the finding: 5 km, then "abc", showed 3.1069 miles until Convert
  await gotoHydrated(page, "/tool/km-to-miles-converter");
  const [km, miles] = [page.locator("main input").nth(0), page.locator("main input").nth(1)];
  await km.fill("5");
  await expect(miles).toHaveValue("3.1069");
  await km.fill("abc");
  await expect(miles).toHaveValue("");
  await expect(page.getByTestId("conversion-result")).toHaveCount(0);
  await expect(page.getByRole("alert")).toBeVisible();
  await saveScreenshots(page, "calculator-invalid");
  // a calculator's tips are about typing numbers, not about files
  const tips = page.getByRole("region", { name: "Quick Tips" });
  await expect(tips).toContainText("Write numbers your way");
  await expect(tips).not.toContainText("file");

  await gotoHydrated(page, "/tool/cm-to-inches-converter");
  const [cm2, inches] = [page.locator("main input").nth(0), page.locator("main input").nth(1)];
  await cm2.fill("-2.54");
  await expect(inches).toHaveValue("-1.0000"); // negatives allowed

  await gotoHydrated(page, "/tool/kilowatts-to-decibels-converter");
  await page.locator("main input").nth(0).fill("0");
  await expect(page.getByRole("alert")).toContainText("greater than 0 kW");
  await expect(page.locator("main input").nth(1)).toHaveValue("");

  await gotoHydrated(page, "/tool/bhp-to-ton-calculator");
  const bhp = page.locator("main input").nth(0);
  await expect(bhp).toHaveAttribute("min", "0");
  await expect(bhp).toHaveAttribute("step", "0.01");
});

test.describe("in a language that writes decimal commas", () => {
  test.use({ locale: "de-DE" });
  test("results are shown with a comma, and a typed comma is the decimal one", async ({ page }) => {
    await gotoHydrated(page, "/tool/km-to-miles-converter");
    const [km, miles] = [page.locator("main input").nth(0), page.locator("main input").nth(1)];
    await km.fill("1,5");
    await expect(miles).toHaveValue("0,9321");
    await km.fill("1.500");
    await expect(miles).toHaveValue("932,0565");
    await expect(page.getByTestId("conversion-result")).toHaveText("1.500 km = 932,0565 mi");
  });
});

for (const [slug, input, result, note] of TIME_CASES) {
  test(`${slug}: ${input} → ${result} (${note})`, async ({ page }) => {
    await gotoHydrated(page, `/tool/${slug}`);
    const convert = page.getByRole("button", { name: "Convert" });
    await expect(convert).toBeDisabled();
    await page.getByLabel(/HH:MM/).fill(input);
    await convert.click();
    const shown = page.getByTestId("conversion-result");
    await expect(shown).toContainText(result);
    await expect(shown).toContainText(note);
  });
}
