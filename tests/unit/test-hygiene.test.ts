import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Decision 019 as a test: a test counts, it never reads the clock, sleeps a fixed time, or turns a
// failing import into a skip. Each rule names what it forbids; a hit fails with file:line.

const ROOT = join(import.meta.dirname, "../..");
const FOLDERS = ["app", "bench", "cli", "codecs", "scripts", "server", "tests"];
const TEST_FILE = /\.(test|spec)\.tsx?$/;

interface Rule {
  name: string;
  pattern: RegExp;
}

const RULES: readonly Rule[] = [
  { name: "reads the clock to time something (Date.now() minus a start)", pattern: /Date\.now\(\)\s*-/ },
  { name: "reads the clock (performance's now)", pattern: /performance\.now\(\)/ },
  { name: "waits a fixed time in the browser (waitForTimeout)", pattern: /\bwaitForTimeout\(/ },
  { name: "sleeps (a call of a sleep function)", pattern: /\bsleep\(/ },
  // setTimeout(resolve, 0) yields to the event loop once; any other delay is a sleep
  { name: "sleeps (a setTimeout promise with a delay)", pattern: /setTimeout\(\s*\w+\s*,\s*(?!0\s*\))[^\s)]/ },
  { name: "sleeps (node:timers/promises)", pattern: /["']node:timers\/promises["']|["']timers\/promises["']/ },
  { name: "turns a failing dynamic import into a fallback (import(...).catch)", pattern: /\bimport\([^)]*\)\s*\.catch\(/ },
];

/** Every test and spec file of the repository, relative to its root. */
function testFiles(root = ROOT): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (TEST_FILE.test(entry.name)) found.push(relative(root, path));
    }
  };
  for (const folder of FOLDERS) walk(join(root, folder));
  return found.toSorted();
}

/** `file:line  rule` for every line of `text` that breaks a rule. */
function hygieneHits(file: string, text: string): string[] {
  const hits: string[] = [];
  text.split("\n").forEach((line, i) => {
    for (const rule of RULES) if (rule.pattern.test(line)) hits.push(`${file}:${i + 1}  ${rule.name}`);
  });
  return hits;
}

describe("test hygiene (decision 019)", () => {
  it("each rule catches its pattern and lets the honest forms through", () => {
    // \u0028 is "(" and \u002F is "/": this file's own text must pass the scan below
    const sample = [
      "expect(Date.now\u0028) - started).toBeLessThan(100);",
      "const t0 = performance.now\u0028);",
      "await page.waitForTimeout\u00281000);",
      "await sleep\u00285);",
      "await new Promise((r) => setTimeout\u0028r, 5));",
      'import { setTimeout } from "node:timers\u002Fpromises";',
      'const m = await import\u0028"./block.ts").catch(() => ({}));',
      "await new Promise((resolve) => setTimeout(resolve, 0));",
      "test.setTimeout(120_000);",
      "const stamp = Date.now();",
    ].join("\n");
    expect(hygieneHits("x.test.ts", sample).map((hit) => hit.split("  ")[0])).toEqual(["x.test.ts:1", "x.test.ts:2", "x.test.ts:3", "x.test.ts:4", "x.test.ts:5", "x.test.ts:6", "x.test.ts:7"]);
  });

  it("finds the test files of every folder, e2e specs included", () => {
    const files = testFiles();
    expect(files).toContain("tests/unit/test-hygiene.test.ts");
    expect(files).toContain("tests/e2e/file-tool-frame.spec.ts");
    expect(files.some((f) => f.startsWith("codecs/"))).toBe(true);
  });

  it("no test or spec file times, sleeps, or falls back on a failed import", () => {
    const hits = testFiles().flatMap((file) => hygieneHits(file, readFileSync(join(ROOT, file), "utf8")));
    expect(hits, `\n${hits.join("\n")}\n`).toEqual([]);
  });
});
