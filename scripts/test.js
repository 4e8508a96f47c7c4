// `npm test`: unit and DB tests (Vitest), then the production build and browser tests (Playwright),
// ending with one line that adds both up. The build is the e2e build: E2E_TEST_TOOLS=1 registers the
// test-harness routes (app/routes.ts); `npm start` rebuilds without them.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const VITEST_JSON = "test-reports/vitest.json";
const PLAYWRIGHT_JSON = "test-reports/playwright.json";
fs.mkdirSync("test-reports", { recursive: true });
for (const f of [VITEST_JSON, PLAYWRIGHT_JSON]) fs.rmSync(f, { force: true });

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;

let status = run("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${VITEST_JSON}`]);
if (status === 0) status = run("npm", ["run", "build"], { E2E_TEST_TOOLS: "1" });
if (status === 0) status = run("npx", ["playwright", "test"]);

const totals = { passed: 0, failed: 0, skipped: 0 };
/** Skipped unit tests by reason: the "(skipped: ...)" a suite's name gives, else the file. */
const skippedBy = new Map();
if (fs.existsSync(VITEST_JSON)) {
  const v = JSON.parse(fs.readFileSync(VITEST_JSON, "utf8"));
  totals.passed += v.numPassedTests;
  totals.failed += v.numFailedTests;
  totals.skipped += v.numPendingTests + v.numTodoTests;
  for (const file of v.testResults) {
    for (const test of file.assertionResults) {
      if (test.status !== "skipped" && test.status !== "pending" && test.status !== "todo") continue;
      const reason = /\(skipped: ([^)]+)\)/.exec(test.fullName)?.[1] ?? `in ${file.name.replace(`${process.cwd()}/`, "")}`;
      skippedBy.set(reason, (skippedBy.get(reason) ?? 0) + 1);
    }
  }
}
/** Skipped browser tests by reason: the reason test.skip() gave, else the spec file. */
const skippedBrowserBy = new Map();
/** Browser tests that failed, then passed on CI's retry (playwright.config.ts): named, never hidden. */
const flakyBrowser = [];
if (fs.existsSync(PLAYWRIGHT_JSON)) {
  const report = JSON.parse(fs.readFileSync(PLAYWRIGHT_JSON, "utf8"));
  const p = report.stats;
  totals.passed += p.expected + p.flaky;
  totals.failed += p.unexpected;
  totals.skipped += p.skipped;
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "flaky") flakyBrowser.push(`${spec.file}:${spec.line} ${spec.title} (${test.projectName})`);
        if (test.status !== "skipped") continue;
        const reason = test.annotations?.find((a) => a.type === "skip")?.description || `in ${spec.file}`;
        skippedBrowserBy.set(reason, (skippedBrowserBy.get(reason) ?? 0) + 1);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
}
// a runner that died wrote no report: say so, so the totals below are not read as a clean run
if (!fs.existsSync(VITEST_JSON)) console.log(`\nVitest wrote no report (${VITEST_JSON}): it stopped before the end; its own output above says why.`);
else if (status === 0 && !fs.existsSync(PLAYWRIGHT_JSON)) console.log(`\nPlaywright wrote no report (${PLAYWRIGHT_JSON}): it stopped before the end.`);
if (skippedBy.size > 0) {
  console.log("\nSkipped unit tests (a missing reference tool or database; .ci/run installs them all):");
  for (const [reason, count] of [...skippedBy].toSorted((a, b) => b[1] - a[1])) console.log(`  ${count} ${reason}`);
}
if (skippedBrowserBy.size > 0) {
  console.log("\nSkipped browser tests:");
  for (const [reason, count] of [...skippedBrowserBy].toSorted((a, b) => b[1] - a[1])) console.log(`  ${count} ${reason}`);
}
if (flakyBrowser.length > 0) {
  console.log("\nFlaky browser tests (failed once, passed on the retry; each is a bug to find):");
  for (const name of flakyBrowser) console.log(`  ${name}`);
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(status === 0 && totals.failed === 0 ? 0 : status || 1);
