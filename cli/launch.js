// `npm run convert`: runs the prebuilt CLI (build/cli/convert.js, plain JavaScript), building it
// first when it is missing or when a file it was built from changed since (build/cli/manifest.json
// lists them: a few dozen stat calls, about a millisecond). Plain JavaScript itself, so starting it
// costs no TypeScript stripping.
import { readFileSync, statSync } from "node:fs";
import module from "node:module";

const root = new URL("../", import.meta.url);

/** @returns {boolean} whether build/cli is there and newer than every file it was built from */
function builtAndFresh() {
  try {
    /** @type {{ builtAt: number, inputs: string[] }} */
    const manifest = JSON.parse(readFileSync(new URL("build/cli/manifest.json", root), "utf8"));
    return manifest.inputs.every((file) => statSync(new URL(file, root)).mtimeMs < manifest.builtAt);
  } catch {
    return false;
  }
}

if (!builtAndFresh()) {
  const { buildCli } = await import("../scripts/build-cli.ts");
  await buildCli();
}
// V8 keeps the compiled CLI between runs (in the OS temp folder), so later starts skip compiling it
module.enableCompileCache?.();
await import("../build/cli/convert.js");
