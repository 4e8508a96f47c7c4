// import-aliases: leave this file (its strings are imports as data)
import { describe, expect, it } from "vitest";
import { aliasFor, dropTildeConfig, rewriteImports } from "../../scripts/codemods/import-aliases.ts";

// a small tree: which files exist
const FILES = new Set(["app/lib/seo.ts", "app/components/ui/button.tsx", "app/server/env.server.ts", "codecs/png/index.ts", "codecs/dds/dds.ts", "tests/support/test-db.ts", "server/page-cache.ts", "app/routes.ts", "playwright.config.ts", "app/app.css"]);
const isFile = (path: string) => FILES.has(path);

describe("aliasFor", () => {
  it("turns every ~/ import into #app/, adding the file's extension", () => {
    expect(aliasFor("~/lib/seo", "app/root.tsx", isFile)).toBe("#app/lib/seo.ts");
    expect(aliasFor("~/components/ui/button", "server/app.ts", isFile)).toBe("#app/components/ui/button.tsx");
    expect(aliasFor("~/server/env.server", "server/app.ts", isFile)).toBe("#app/server/env.server.ts");
    expect(aliasFor("~/routes", "tests/support/admin-routes.ts", isFile)).toBe("#app/routes.ts");
  });

  it("aliases a relative import that leaves its top-level folder or climbs two levels", () => {
    expect(aliasFor("../codecs/png/index.ts", "cli/convert-run.ts", isFile)).toBe("#codecs/png/index.ts");
    expect(aliasFor("../../../codecs/png", "app/tools/dds/x.ts", isFile)).toBe("#codecs/png/index.ts");
    expect(aliasFor("../../../tests/support/test-db", "app/server/db/x.test.ts", isFile)).toBe("#tests/support/test-db.ts");
    expect(aliasFor("../../lib/seo", "app/routes/site/home.tsx", isFile)).toBe("#app/lib/seo.ts");
    expect(aliasFor("../../server/page-cache", "tests/unit/x.test.ts", isFile)).toBe("#server/page-cache.ts");
  });

  it("keeps ./ imports, one level up inside the folder, and files outside the aliased folders", () => {
    expect(aliasFor("./seo", "app/lib/x.ts", isFile)).toBeNull();
    expect(aliasFor("../dds/dds.ts", "codecs/png/x.ts", isFile)).toBeNull();
    expect(aliasFor("../../playwright.config", "tests/e2e/a.spec.ts", isFile)).toBeNull();
    expect(aliasFor("react", "app/root.tsx", isFile)).toBeNull();
    expect(aliasFor("#codecs/png/index.ts", "app/x.ts", isFile)).toBeNull();
  });

  it("keeps a query and reports a file it cannot find", () => {
    expect(aliasFor("~/app.css?url", "app/x/y.tsx", isFile)).toBe("#app/app.css?url");
    expect(aliasFor("~/lib/missing", "app/x.ts", isFile)).toBe("unresolved");
  });
});

describe("rewriteImports", () => {
  const source = [
    'import { a } from "~/lib/seo";',
    'import type { B } from "../../../codecs/dds/dds.ts";',
    "export * from '../../../codecs/png';",
    'import "~/app.css";',
    "const m = await import(\"../../../codecs/png/index.ts\");",
    "type T = typeof import('~/lib/seo');",
    'import {\n  c,\n} from "./local";',
    "const r = await import(/* @vite-ignore */ `~/${file}`);",
    'const text = "see ../../codecs for more";',
  ].join("\n");

  it("rewrites static, side-effect, dynamic, type and computed imports, and nothing else", () => {
    const { code, unresolved } = rewriteImports(source, "app/tools/x/y.ts", isFile);
    expect(code.split("\n")).toEqual([
      'import { a } from "#app/lib/seo.ts";',
      'import type { B } from "#codecs/dds/dds.ts";',
      "export * from '#codecs/png/index.ts';",
      'import "#app/app.css";',
      'const m = await import("#codecs/png/index.ts");',
      "type T = typeof import('#app/lib/seo.ts');",
      "import {",
      "  c,",
      '} from "./local";',
      "const r = await import(/* @vite-ignore */ `#app/${file}`);",
      'const text = "see ../../codecs for more";',
    ]);
    expect(unresolved).toEqual([]);
  });

  it("is idempotent", () => {
    const once = rewriteImports(source, "app/tools/x/y.ts", isFile).code;
    const twice = rewriteImports(once, "app/tools/x/y.ts", isFile);
    expect([twice.code, twice.changes]).toEqual([once, []]);
  });
});

describe("dropTildeConfig", () => {
  it("removes the ~/* path and tsconfigPaths, keeping the rest as written", () => {
    const tsconfig = '{\n  "compilerOptions": {\n    "rootDirs": ["."],\n    "paths": { "~/*": ["./app/*"] },\n    "strict": true\n  }\n}\n';
    const vite = 'export default defineConfig({\n  resolve: { tsconfigPaths: true },\n  test: {},\n});\n';
    const edits = dropTildeConfig({ "tsconfig.json": tsconfig, "vitest.config.ts": vite });
    expect(edits["tsconfig.json"]).toBe('{\n  "compilerOptions": {\n    "rootDirs": ["."],\n    "strict": true\n  }\n}\n');
    expect(edits["vitest.config.ts"]).toBe("export default defineConfig({\n  test: {},\n});\n");
    expect(dropTildeConfig({ "tsconfig.json": edits["tsconfig.json"]!, "vitest.config.ts": edits["vitest.config.ts"]! })).toEqual({});
  });
});
