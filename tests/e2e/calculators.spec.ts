import { expect, test } from "./support/test.ts";
import { gotoHydrated } from "./support/page.ts";
import { UNIT_CASES } from "../support/unit-cases.ts";

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

const TIME: [slug: string, input: string, result: string, note: string][] = [
  ["est-to-gmt-converter", "23:30", "04:30 GMT", "next day"],
  ["gmt-to-eest-converter", "10:00", "13:00 EEST", "same day"],
  ["gmt-to-est-converter", "02:15", "21:15 EST", "previous day"],
  ["gmt-to-kst-converter", "15:00", "00:00 KST", "next day"],
  ["kst-to-gmt-converter", "08:00", "23:00 GMT", "previous day"],
  ["pdt-to-gmt-converter", "09:45", "16:45 GMT", "same day"],
  ["pdt-to-bst-converter", "18:00", "02:00 BST", "next day"],
];

for (const [slug, input, result, note] of TIME) {
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
