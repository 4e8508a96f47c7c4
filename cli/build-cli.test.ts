// The CLI's build: plain JavaScript with each conversion in its own chunk, and no UI in it: the tool
// registry it imports (cliConversions()) is plain data, with no stub standing in for React or a page.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildCli } from "../scripts/build-cli.ts";

const dir = mkdtempSync(join(tmpdir(), "cli-build-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("buildCli", () => {
  it("keeps the tool registry's pages and React out of the bundle", async () => {
    const entry = join(dir, "registry-entry.ts");
    const registry = resolve("app/tools/registry.ts");
    writeFileSync(entry, `import { TOOLS, findTool } from ${JSON.stringify(registry)};\nconsole.log(TOOLS.length, findTool("dds-to-png")?.slug);\n`);
    const build = await buildCli({ entry, outDir: join(dir, "out") });
    expect(build.inputs).toContain("app/tools/registry.ts");
    expect(build.inputs.filter((id) => /react|lucide|radix|\.tsx$/.test(id))).toEqual([]);
    // the registry and the metas only: a few kilobytes, where React alone would be ~10 KB minified
    expect(build.bytes).toBeLessThan(40_000);
    const code = readFileSync(join(dir, "out", "convert.js"), "utf8");
    expect(code).not.toMatch(/react\.(production|development)|__CLIENT_INTERNALS|useState/);
  });

  it("refuses a build that would contain a UI module", async () => {
    const entry = join(dir, "ui-entry.ts");
    writeFileSync(entry, `import { Button } from ${JSON.stringify(resolve("app/components/ui/button.tsx"))};\nconsole.log(Button);\n`);
    await expect(buildCli({ entry, outDir: join(dir, "ui") })).rejects.toThrow(/must not contain UI modules/);
  });

  it("splits the CLI so a run loads only its conversion's codecs", async () => {
    const build = await buildCli({ outDir: join(dir, "cli") });
    const entry = readFileSync(join(dir, "cli", "convert.js"), "utf8");
    const pdfChunk = build.files.find((f) => f.startsWith("images-to-pdf"));
    expect(pdfChunk).toBeDefined();
    // the entry reaches the PDF writer only through a dynamic import
    expect(entry).not.toContain(`from"./${pdfChunk}"`);
    expect(build.inputs).toEqual(expect.arrayContaining(["cli/convert.ts", "codecs/dds/dds.ts", "codecs/png/encode.ts", "node_modules/pdf-lib/cjs/index.js"]));
  });
});
