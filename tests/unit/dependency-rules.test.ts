// The layers' import rules hold in the repository (tests/support/dependency-rules.ts reads every
// source file's imports), each rule can fail, and the test-harness routes exist only in the e2e build.
// import-aliases: leave this file (it quotes made-up imports as data)
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkSources, describeViolation, isProduction, isServerCode, isTestCode, ONLY_TESTS_RULE, readImports, repositorySources, RULES } from "../support/dependency-rules.ts";

/** The test-code-left-behind findings in made-up files, as "file what". */
const onlyTests = (files: Record<string, string>) =>
  checkSources(new Map(Object.entries(files)))
    .filter((v) => v.rule === ONLY_TESTS_RULE)
    .map((v) => `${v.file} ${v.what}`);

/** The route config as a build with E2E_TEST_TOOLS set to `flag` (or unset) reads it. */
async function routeConfig(flag: string | undefined): Promise<RouteConfigEntry[]> {
  vi.resetModules();
  vi.stubEnv("E2E_TEST_TOOLS", flag);
  return (await import("#app/routes.ts")).default;
}

describe("the repository keeps the layers' import rules", () => {
  it("no production file breaks a rule (each line: file, import, rule)", () => {
    const sources = repositorySources(process.cwd());
    // a sanity floor: the walk found the code, not an empty folder
    expect(sources.size).toBeGreaterThan(500);
    expect(checkSources(sources).map(describeViolation)).toEqual([]);
  });
});

describe("reading imports", () => {
  it("tells static, type-only, dynamic, TypeScript import-type, worker and glob imports apart, with their lines", () => {
    const source = [
      'import { a } from "./a.ts";',
      'import type { B } from "./b.ts";',
      'import { type C, d } from "./cd.ts";',
      'import { type E } from "./e.ts";',
      'import "./side-effect.css";',
      'export { f } from "./f.ts";',
      'export type { G } from "./g.ts";',
      'export * from "./h.ts";',
      'const i = await import("./i.ts");',
      "const j = await import(`#app/routes/${name}`);",
      'type K = typeof import("./k.ts");',
      'const w = new Worker(new URL("./w.worker.ts", import.meta.url), { type: "module" });',
      'const pages = import.meta.glob(["./*/page.tsx", "!./x/page.tsx"]);',
      '// import { z } from "./commented.ts"; import("./commented.ts")',
    ].join("\n");
    expect(readImports("app/x.ts", source).map((r) => `${r.line} ${r.kind} ${r.specifier}`)).toEqual([
      "1 static ./a.ts",
      "2 type ./b.ts",
      "3 static ./cd.ts",
      "4 type ./e.ts",
      "5 static ./side-effect.css",
      "6 static ./f.ts",
      "7 type ./g.ts",
      "8 static ./h.ts",
      "9 dynamic ./i.ts",
      "10 dynamic #app/routes/",
      "11 type ./k.ts",
      "12 worker ./w.worker.ts",
      "13 glob ./*/page.tsx",
    ]);
  });

  it("refuses a file it cannot parse rather than finding no imports in it", () => {
    expect(() => readImports("app/broken.ts", "import { from")).toThrow(/app\/broken\.ts/);
  });
});

describe("what counts as what", () => {
  it.each([
    ["tests/support/bytes.ts", true],
    ["codecs/png/png.test.ts", true],
    ["app/components/x.test.tsx", true],
    ["tests/e2e/home.spec.ts", true],
    ["codecs/dds/test-helpers.ts", true],
    ["codecs/dds/encode-test-support.ts", true],
    ["codecs/dds/blocks.test-support.ts", true],
    ["app/routes/test/slow-job.tsx", true],
    ["playwright.config.ts", true],
    ["codecs/png/png.ts", false],
    ["app/routes/site/tools.tsx", false],
    ["codecs/testing-bytes.ts", false],
  ])("%s is test code: %s", (path, expected) => {
    expect(isTestCode(path)).toBe(expected);
  });

  it("bench/ and the corpus runner are neither test code nor production", () => {
    expect([isProduction("bench/web.ts"), isProduction("scripts/corpus.ts"), isProduction("scripts/corpus/outcome.ts"), isProduction("scripts/new-tool.ts")]).toEqual([false, false, false, true]);
  });

  it("server code is server/, app/server/ and any .server module", () => {
    expect(["server/app.ts", "app/server/env.server.ts", "app/lib/site.server.ts", "app/lib/site.ts"].map(isServerCode)).toEqual([true, true, true, false]);
  });
});

describe("each rule fails on made-up files", () => {
  const FILES: Record<string, string> = {
    "app/server/db.server.ts": "export const db = 1; export type Row = { id: number };",
    "app/lib/site.server.ts": "export const site = 1;",
    "server/health.ts": "export const ok = true;",
    "cli/convert.ts": "export const run = 1;",
    "app/tools/shared/bytes.ts": "export const n = 1;",
    "tests/support/bytes.ts": "export const b = 1;",
    "codecs/png/png.test.ts": "export const t = 1;",
    "codecs/dds/test-helpers.ts": "export const h = 1;",
    "codecs/png/png.ts": "export const p = 1;",
    "app/lib/admin/ads-form.ts": "export const LABELS = {}; export type Labels = {};",
  };
  const violations = (file: string, source: string) => checkSources(new Map([...Object.entries(FILES), [file, source]])).filter((v) => v.file === file);
  const rulesBroken = (file: string, source: string) => violations(file, source).map((v) => RULES.findIndex((r) => r.name === v.rule));

  it.each([
    ['import { n } from "#app/tools/shared/bytes.ts";', [0]],
    ['import { ok } from "#server/health.ts";', [0]],
    ['import { run } from "../../cli/convert.ts";', [0]],
    ['import type { Row } from "#app/server/db.server.ts";', [0]],
    ['const m = await import("#app/tools/shared/bytes.ts");', [0]],
    ['import { b } from "#tests/support/bytes.ts";', [0, 3]],
    ['import { p } from "../png/png.ts";', []],
  ])("a codec file: %s breaks %j", (line, expected) => {
    expect(rulesBroken("codecs/ico/ico.ts", line)).toEqual(expected);
  });

  it.each([
    ['import { db } from "#app/server/db.server.ts";', [1]],
    ['import type { Row } from "#app/server/db.server.ts";', [1]],
    ['import { site } from "#app/lib/site.server.ts";', []],
  ])("a tool file: %s breaks %j", (line, expected) => {
    expect(rulesBroken("app/tools/png/page.tsx", line)).toEqual(expected);
  });

  it.each([
    ['import { db } from "#app/server/db.server.ts";', [2]],
    ['import { site } from "../../lib/site.server.ts";', [2]],
    ['import { ok } from "#server/health.ts";', [2]],
    ['export { site } from "#app/lib/site.server.ts";', [2]],
    ['import type { Row } from "#app/server/db.server.ts";', []],
    ['import { type Row } from "#app/server/db.server.ts";', []],
  ])("a component: %s breaks %j", (line, expected) => {
    expect(rulesBroken("app/components/site/header.tsx", line)).toEqual(expected);
  });

  it.each([
    ['import { LABELS } from "#app/lib/admin/ads-form.ts";', [4]],
    ['import { z } from "zod";', [4]],
    ['import type { Labels } from "#app/lib/admin/ads-form.ts";', []],
    ['import type { ZodType } from "zod";', []],
  ])("the public shell: %s breaks %j", (line, expected) => {
    expect(rulesBroken("app/components/site/ad-slot.tsx", line)).toEqual(expected);
    // an admin component may
    expect(rulesBroken("app/components/admin/ads.tsx", line)).toEqual([]);
  });

  it.each([
    ['import { b } from "#tests/support/bytes.ts";', [3]],
    ['import { t } from "#codecs/png/png.test.ts";', [3]],
    ['import { h } from "#codecs/dds/test-helpers.ts";', [3]],
    ['import { expect } from "vitest";', [3]],
    ['import type { Page } from "@playwright/test";', [3]],
    ['import { n } from "#app/tools/shared/bytes.ts";', []],
  ])("a production file: %s breaks %j", (line, expected) => {
    expect(rulesBroken("app/lib/util.ts", line)).toEqual(expected);
  });

  it("test code, bench/ and the corpus runner may import anything", () => {
    const line = 'import { db } from "#app/server/db.server.ts"; import { b } from "#tests/support/bytes.ts"; import { expect } from "vitest";';
    for (const file of ["codecs/png/png.test.ts", "app/components/x.test.tsx", "app/tools/x/page.test.tsx", "tests/support/x.ts", "bench/x.ts", "scripts/corpus/x.ts", "app/routes/test/x.tsx"]) {
      expect(violations(file, line), file).toEqual([]);
    }
  });

  it("names the file, the line, the kind of import and the rule", () => {
    const [found] = violations("codecs/ico/ico.ts", '\nimport { n } from "#app/tools/shared/bytes.ts";');
    expect(found && describeViolation(found)).toBe(`codecs/ico/ico.ts:2 static import "#app/tools/shared/bytes.ts" breaks: ${RULES[0]?.name}`);
  });

  it("a module of the production folders that only test code, bench/ or the corpus runner imports is test code left behind", () => {
    const helper = "export const make = 1;";
    const user = 'import { make } from "#codecs/dds/synthetic.ts";';
    expect(onlyTests({ "codecs/dds/synthetic.ts": helper, "codecs/dds/dds.test.ts": user, "bench/dds.ts": user, "scripts/corpus/run.ts": user })).toEqual([
      "codecs/dds/synthetic.ts imported only by bench/dds.ts, codecs/dds/dds.test.ts, scripts/corpus/run.ts",
    ]);
    expect(onlyTests({ "cli/run.ts": helper, "cli/convert.test.ts": 'import { make } from "./run.ts";' })).toEqual(["cli/run.ts imported only by cli/convert.test.ts"]);
    // one production importer, none at all (an entry), a route module (loaded by name), or tests/ itself: fine
    expect(onlyTests({ "codecs/dds/synthetic.ts": helper, "codecs/dds/dds.test.ts": user, "codecs/dds/encode.ts": user })).toEqual([]);
    expect(onlyTests({ "codecs/dds/synthetic.ts": helper })).toEqual([]);
    expect(onlyTests({ "app/routes/site/home.tsx": helper, "tests/unit/home.test.ts": 'import { make } from "#app/routes/site/home.tsx";' })).toEqual([]);
    expect(onlyTests({ "tests/support/make.ts": helper, "codecs/dds/dds.test.ts": 'import { make } from "#tests/support/make.ts";' })).toEqual([]);
  });
});

describe("the test-harness routes", () => {
  const paths = (entries: RouteConfigEntry[]): string[] => entries.flatMap((e) => [e.path ?? "", ...paths(e.children ?? [])]);
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("are in the route config only when the build runs with E2E_TEST_TOOLS=1", async () => {
    expect(paths(await routeConfig(undefined)).filter((p) => p.startsWith("__test"))).toEqual([]);
    expect(paths(await routeConfig("0")).filter((p) => p.startsWith("__test"))).toEqual([]);
    expect(paths(await routeConfig("1")).filter((p) => p.startsWith("__test"))).toEqual(["__test/file-tool", "__test/media", "__test/clock", "__test/share-target", "__test/deployment"]);
  });
});
