// import-aliases: leave this file (its strings are imports as data)
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { aliasFor, dropTildeConfig, importProblems, rewriteImports, styledFor } from "../../scripts/codemods/import-aliases.ts";

// a small tree: which files exist
const FILES = new Set(["app/lib/seo.ts", "app/components/ui/button.tsx", "app/server/env.server.ts", "codecs/png/index.ts", "codecs/dds/dds.ts", "tests/support/test-db.ts", "server/page-cache.ts", "app/routes.ts", "playwright.config.ts", "app/app.css", "app/tools/x/local.ts", "app/tools/x/y-tool.tsx", "app/tools/shared/index.ts"]);
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

describe("styledFor", () => {
  it("names the file of a relative import with its extension, an index file included", () => {
    expect(styledFor("./local", "app/tools/x/y.ts", isFile)).toBe("./local.ts");
    expect(styledFor("./y-tool", "app/tools/x/meta.ts", isFile)).toBe("./y-tool.tsx");
    expect(styledFor("../shared", "app/tools/x/y.ts", isFile)).toBe("../shared/index.ts");
    expect(styledFor("../../playwright.config", "tests/e2e/a.spec.ts", isFile)).toBe("../../playwright.config.ts");
    expect(styledFor("./seo?raw", "app/lib/x.ts", isFile)).toBe("./seo.ts?raw");
  });

  it("names the file of an aliased import with its extension, and aliases as aliasFor says", () => {
    expect(styledFor("#codecs/png", "cli/x.ts", isFile)).toBe("#codecs/png/index.ts");
    expect(styledFor("#app/lib/seo", "server/x.ts", isFile)).toBe("#app/lib/seo.ts");
    expect(styledFor("../../../codecs/png", "app/tools/dds/x.ts", isFile)).toBe("#codecs/png/index.ts");
  });

  it("leaves what follows the rule, packages, generated route types and specifiers built in templates", () => {
    expect(styledFor("./local.ts", "app/tools/x/y.ts", isFile)).toBeNull();
    expect(styledFor("#codecs/dds/dds.ts", "app/x.ts", isFile)).toBeNull();
    expect(styledFor("../dds/dds.ts", "codecs/png/x.ts", isFile)).toBeNull();
    expect(styledFor("react-router", "app/x.ts", isFile)).toBeNull();
    expect(styledFor("./+types/home", "app/routes/site/home.tsx", isFile)).toBeNull();
    expect(styledFor("./${slug}/meta", "scripts/x.ts", isFile)).toBeNull();
    // named in full, made by a build
    expect(styledFor("./build/server/index.js", "server.js", isFile)).toBeNull();
  });

  it("reports an import it cannot find", () => {
    expect(styledFor("./missing", "app/tools/x/y.ts", isFile)).toBe("unresolved");
    expect(styledFor("#codecs/missing", "app/x.ts", isFile)).toBe("unresolved");
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
      '} from "./local.ts";',
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

describe("the repository", () => {
  it("follows the import rule everywhere (node scripts/codemods/import-aliases.ts rewrites what does not)", () => {
    expect(importProblems(fileURLToPath(new URL("../..", import.meta.url)))).toEqual([]);
  });
});
