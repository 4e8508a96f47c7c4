import { AxeBuilder } from "@axe-core/playwright";
import { gotoHydrated } from "./page.ts";
import type { Page } from "./test.ts";

// The accessibility pass (issue 31): axe-core's WCAG 2.1 A and AA rules on the page as it is now,
// with only the serious and critical findings kept, one line each.

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** "rule: what is wrong (impact) at selector, selector" for every serious or critical violation. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // colours are measured as drawn: a toast or dialog still fading in would read as faint text
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity));
  // a toast stacked behind the newest is drawn faded on purpose (it expands on hover): not text to read
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).exclude('[data-sonner-toast][data-front="false"]').analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.impact}) at ${v.nodes.slice(0, 4).map((n) => n.target.join(" ")).join(", ")}`);
}

/** Every serious or critical violation of every path at every width, "path at width px: violation": all at once, so one run shows all there is to fix. */
export async function violationsOnPages(page: Page, paths: readonly string[], widths: readonly number[] = [1280, 375]): Promise<string[]> {
  const found: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of paths) {
      await gotoHydrated(page, path);
      for (const violation of await seriousViolations(page)) found.push(`${path} at ${width} px: ${violation}`);
    }
  }
  return found;
}

