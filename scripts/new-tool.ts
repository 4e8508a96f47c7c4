// `npm run new-tool -- <slug> <category>`: writes app/tools/<slug>/ (meta, copy, page on the
// file-tool frame, worker, conversion with its unit test) and tests/e2e/<slug>.spec.ts, then
// regenerates the tool lists (scripts/tool-lists.ts), which pick the folder up. It edits no
// hand-written shared file. The developer then fills in the conversion and the copy.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ToolMeta } from "#app/tools/types.ts";
import { scaffoldFiles, toolNames } from "./new-tool-templates.ts";
import { writeToolLists } from "./tool-lists.ts";

const [slug, category] = process.argv.slice(2);
if (!slug || !category) {
  console.error("Usage: npm run new-tool -- <slug> <category>   (e.g. npm run new-tool -- abc-to-xyz-converter Document)");
  process.exit(2);
}
const root = process.cwd();
if (existsSync(join(root, "app/tools", slug))) {
  console.error(`app/tools/${slug} exists already`);
  process.exit(1);
}
// the new tool goes after the category's tools (the catalogue is plain data: Node imports it)
const { TOOLS } = (await import(pathToFileURL(join(root, "app/tools/registry.ts")).href)) as { TOOLS: readonly ToolMeta[] };
const last = Math.max(0, ...TOOLS.filter((t) => t.category === category).map((t) => t.order));
const names = toolNames(slug, category, last + 1);
for (const [path, text] of Object.entries(scaffoldFiles(names))) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text, { flag: "wx" });
  console.log(`wrote ${path}`);
}
for (const path of await writeToolLists(root)) console.log(`regenerated ${path}`);
