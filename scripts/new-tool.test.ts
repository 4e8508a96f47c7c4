import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaffoldFiles, toolNames, withContentEntry, withRegistryEntry } from "./new-tool-templates.ts";

const REPO = join(import.meta.dirname, "..");
// What the scaffold and tsc need of the repo (node_modules is linked, not copied).
const COPIED = ["app", "codecs", "server", "cli", "tests", "scripts", "bench", ".react-router", "tsconfig.json", "package.json", "vitest.config.ts", "vite.config.ts", "react-router.config.ts", "playwright.config.ts"];
const SLUG = "abc-to-xyz-converter";

describe("toolNames and the registry edits", () => {
  it("derives the names and extensions from the slug", () => {
    expect(toolNames(SLUG, "Document")).toEqual({
      slug: SLUG,
      category: "Document",
      camel: "abcToXyzConverter",
      pascal: "AbcToXyzConverter",
      constant: "ABC_TO_XYZ_CONVERTER",
      from: "abc",
      to: "xyz",
    });
    expect(() => toolNames("Bad Slug", "Document")).toThrow(/not a slug/);
    expect(() => toolNames(SLUG, "Unit")).toThrow(/Category must be one of/);
  });

  it("adds the folder's meta and copy to the two lists, after the existing families", () => {
    const n = toolNames(SLUG, "Document");
    const registry = withRegistryEntry(readFileSync(join(REPO, "app/tools/registry.ts"), "utf8"), n);
    expect(registry.startsWith(`import { abcToXyzConverterTools } from "./${SLUG}/meta";\n`)).toBe(true);
    expect(registry).toMatch(/ {2}textTools,\n {2}abcToXyzConverterTools,\n\];/);
    const content = withContentEntry(readFileSync(join(REPO, "app/tools/registry-content.server.ts"), "utf8"), n);
    expect(content).toMatch(/const CONTENT_BY_FOLDER = \{ [^}]*, text, abcToXyzConverter \};/);
    expect(Object.keys(scaffoldFiles(n))).toContain(`tests/e2e/${SLUG}.spec.ts`);
  });
});

describe("npm run new-tool in a copy of the repo", () => {
  let dir = "";
  const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } });

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "new-tool-"));
    for (const name of COPIED) if (existsSync(join(REPO, name))) cpSync(join(REPO, name), join(dir, name), { recursive: true });
    symlinkSync(join(REPO, "node_modules"), join(dir, "node_modules"));
    run(process.execPath, ["scripts/new-tool.ts", SLUG, "Document"]);
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes the folder and the e2e spec", () => {
    for (const path of Object.keys(scaffoldFiles(toolNames(SLUG, "Document")))) expect(existsSync(join(dir, path)), path).toBe(true);
  });

  it("refuses to write over an existing folder", () => {
    expect(() => run(process.execPath, ["scripts/new-tool.ts", SLUG, "Document"])).toThrow(/exists already/);
  });

  it("typechecks with the whole project", () => {
    expect(() => run(process.execPath, [join(REPO, "node_modules/typescript/bin/tsc"), "--noEmit", "-p", "."])).not.toThrow();
  }, 300_000);

  it("runs its unit test and the registry test (the new tool is registered, with copy and accept rule)", () => {
    const out = run(process.execPath, [join(REPO, "node_modules/vitest/vitest.mjs"), "run", `app/tools/${SLUG}`, "app/tools/registry.test.ts"]);
    // execFileSync throws when vitest exits non-zero; the summary says both files ran
    expect(out).toMatch(/Test Files\s+2 passed/);
  }, 300_000);
});

describe("the scaffold's worker client", () => {
  it("is a module constant in <slug>-client.ts, which the page imports (app/tools/README.md)", () => {
    const files = scaffoldFiles(toolNames(SLUG, "Image"));
    expect(files[`app/tools/${SLUG}/${SLUG}-client.ts`]).toContain("export const abcToXyzConverterClient = createWorkerClient<typeof api>(");
    const page = files[`app/tools/${SLUG}/${SLUG}-tool.tsx`];
    expect(page).toContain(`import { abcToXyzConverterClient } from "./${SLUG}-client";`);
    expect(page).not.toContain("createWorkerClient");
  });
});
