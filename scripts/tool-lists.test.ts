// The generated tool lists (scripts/tool-lists.ts): fresh in the repo after Vitest's global setup
// wrote them, and the check fails, then passes, on a folder tree of its own.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const REPO = join(import.meta.dirname, "..");
const SCRIPT = join(REPO, "scripts/tool-lists.ts");
const run = (cwd: string, ...args: string[]) => execFileSync(process.execPath, [SCRIPT, ...args], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

describe("npm run tool-lists", () => {
  it("--check finds the repo's generated lists up to date", () => {
    expect(run(REPO, "--check")).toContain("up to date");
  });

  const dir = mkdtempSync(join(tmpdir(), "tool-lists-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("--check fails on stale lists, and the generator writes them from the folders", () => {
    const folder = join(dir, "app/tools/abc-to-xyz");
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "meta.ts"), 'export const tools = [{ slug: "abc-to-xyz", page: "shared/abc-tool.tsx" }];\n');
    writeFileSync(join(folder, "content.ts"), "export const content = {};\n");
    mkdirSync(join(dir, "app/tools/shared"));
    writeFileSync(join(dir, "app/tools/shared/abc-tool.tsx"), "export default function Abc() { return null; }\n");
    expect(() => run(dir, "--check")).toThrow(/Stale generated tool lists.*catalogue\.generated\.ts/);
    expect(run(dir)).toContain("wrote app/tools/catalogue.generated.ts");
    expect(run(dir, "--check")).toContain("up to date");
  });
});
