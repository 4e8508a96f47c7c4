import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaffoldFiles, toolNames } from "./new-tool-templates.ts";

const REPO = join(import.meta.dirname, "..");
// What the scaffold and tsc need of the repo (node_modules is linked, not copied).
const COPIED = ["app", "codecs", "server", "cli", "tests", "scripts", "bench", ".react-router", "tsconfig.json", "package.json", "vitest.config.ts", "vite.config.ts", "react-router.config.ts", "playwright.config.ts"];
const SLUG = "abc-to-xyz-converter";

describe("toolNames", () => {
  it("derives the names and extensions from the slug", () => {
    expect(toolNames(SLUG, "Document")).toEqual({
      slug: SLUG,
      category: "Document",
      camel: "abcToXyzConverter",
      pascal: "AbcToXyzConverter",
      constant: "ABC_TO_XYZ_CONVERTER",
      from: "abc",
      to: "xyz",
      order: 1,
    });
    expect(toolNames(SLUG, "Image", 8).order).toBe(8);
    expect(() => toolNames("Bad Slug", "Document")).toThrow(/not a slug/);
    expect(() => toolNames(SLUG, "Unit")).toThrow(/Category must be one of/);
  });
});

describe("npm run new-tool in a copy of the repo", () => {
  let dir = "";
  const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } });

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "new-tool-"));
    for (const name of COPIED) if (existsSync(join(REPO, name))) cpSync(join(REPO, name), join(dir, name), { recursive: true });
    symlinkSync(join(REPO, "node_modules"), join(dir, "node_modules"));
    // a repository of the copy, so git status shows what the scaffold changed
    run("git", ["init", "-q"]);
    cpSync(join(REPO, ".gitignore"), join(dir, ".gitignore"));
    run("git", ["add", "-A"]);
    run("git", ["-c", "user.name=scaffold-test", "-c", "user.email=scaffold@test.invalid", "commit", "-qm", "before the scaffold"]);
    run(process.execPath, ["scripts/new-tool.ts", SLUG, "Document"]);
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes the folder and the e2e spec", () => {
    for (const path of Object.keys(scaffoldFiles(toolNames(SLUG, "Document")))) expect(existsSync(join(dir, path)), path).toBe(true);
  });

  it("changes nothing outside the new folder and its e2e spec (the tool lists are generated, not kept)", () => {
    const status = run("git", ["status", "--porcelain"]).trimEnd().split("\n").toSorted();
    expect(status).toEqual([`?? app/tools/${SLUG}/`, `?? tests/e2e/${SLUG}.spec.ts`]);
    // the generator the scaffold ran put the folder in the lists
    expect(readFileSync(join(dir, "app/tools/catalogue.generated.ts"), "utf8")).toContain(`./${SLUG}/meta.ts`);
    expect(readFileSync(join(dir, "app/tools/pages.generated.ts"), "utf8")).toContain(`./${SLUG}/${SLUG}-tool.tsx`);
  });

  it("refuses to write over an existing folder", () => {
    expect(() => run(process.execPath, ["scripts/new-tool.ts", SLUG, "Document"])).toThrow(/exists already/);
  });

  it("typechecks with the whole project", () => {
    expect(() => run(process.execPath, [join(REPO, "node_modules/typescript/bin/tsc"), "--noEmit", "-p", "."])).not.toThrow();
  }, 300_000);

  it("runs its unit test, the registry test (the new tool is registered, with copy, accept rule and page) and the lists' check", () => {
    const out = run(process.execPath, [join(REPO, "node_modules/vitest/vitest.mjs"), "run", `app/tools/${SLUG}`, "app/tools/registry.test.ts", "scripts/tool-lists.test.ts"]);
    // execFileSync throws when vitest exits non-zero; the summary says all three files ran
    expect(out).toMatch(/Test Files\s+3 passed/);
  }, 300_000);
});

describe("the scaffold's worker client", () => {
  it("is a module constant in <slug>-client.ts, which the page imports (app/tools/README.md)", () => {
    const files = scaffoldFiles(toolNames(SLUG, "Image"));
    expect(files[`app/tools/${SLUG}/${SLUG}-client.ts`]).toContain("export const abcToXyzConverterClient = createWorkerClient<typeof api>(");
    const page = files[`app/tools/${SLUG}/${SLUG}-tool.tsx`];
    expect(page).toContain(`import { abcToXyzConverterClient } from "./${SLUG}-client.ts";`);
    expect(page).not.toContain("createWorkerClient");
  });
});
