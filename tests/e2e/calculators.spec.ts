import { expect, test } from "./support/test.ts";
import { gotoHydrated } from "./support/page.ts";
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

test("input rules: ignored, cleared and refused values", async ({ page }) => {
  await gotoHydrated(page, "/tool/cm-to-mm-converter");
  const [cm, mm] = [page.locator("main input").nth(0), page.locator("main input").nth(1)];
  await cm.fill("4");
  await expect(mm).toHaveValue("40.0000");
  await cm.fill("4x");
  await expect(mm).toHaveValue("40.0000"); // non-numeric ignored

  await gotoHydrated(page, "/tool/cm-to-inches-converter");
  const [cm2, inches] = [page.locator("main input").nth(0), page.locator("main input").nth(1)];
  await cm2.fill("-2.54");
  await expect(inches).toHaveValue("-1.0000"); // negatives allowed
  await cm2.fill("abc");
  await expect(inches).toHaveValue(""); // non-numeric clears

  await gotoHydrated(page, "/tool/kilowatts-to-decibels-converter");
  await page.locator("main input").nth(0).fill("0");
  await expect(page.getByRole("alert")).toContainText("greater than 0 kW");
  await expect(page.locator("main input").nth(1)).toHaveValue("");

  await gotoHydrated(page, "/tool/bhp-to-ton-calculator");
  const bhp = page.locator("main input").nth(0);
  await expect(bhp).toHaveAttribute("min", "0");
  await expect(bhp).toHaveAttribute("step", "0.01");
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
