// `npm run new-tool -- <slug> <category>`: writes app/tools/<slug>/ (meta, copy, page on the
// file-tool frame, worker, conversion with its unit test) and tests/e2e/<slug>.spec.ts, and adds the
// folder to the registry. The developer then fills in the conversion and the copy.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { scaffoldFiles, toolNames, withContentEntry, withRegistryEntry } from "./new-tool-templates.ts";

const [slug, category] = process.argv.slice(2);
if (!slug || !category) {
  console.error("Usage: npm run new-tool -- <slug> <category>   (e.g. npm run new-tool -- abc-to-xyz-converter Document)");
  process.exit(2);
}
const root = process.cwd();
const names = toolNames(slug, category);
if (existsSync(join(root, "app/tools", slug))) {
  console.error(`app/tools/${slug} exists already`);
  process.exit(1);
}
for (const [path, text] of Object.entries(scaffoldFiles(names))) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text, { flag: "wx" });
  console.log(`wrote ${path}`);
}
const registry = join(root, "app/tools/registry.ts");
writeFileSync(registry, withRegistryEntry(readFileSync(registry, "utf8"), names));
const contents = join(root, "app/tools/registry-content.server.ts");
writeFileSync(contents, withContentEntry(readFileSync(contents, "utf8"), names));
console.log("added to app/tools/registry.ts and app/tools/registry-content.server.ts");
