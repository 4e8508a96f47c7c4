// Builds the CLI (cli/convert.ts) into plain JavaScript in build/cli/, so `npm run convert` pays no
// TypeScript stripping at start. Each conversion stays a separate chunk the CLI loads only when it
// runs. The tool catalogue it reads is plain data (pages are reached only through app/tools/pages.ts),
// so no tool page or React is bundled, and the build fails if any UI module ends up in it.
// build/cli/manifest.json lists the files the build read, for cli/launch.js's freshness check. Run by `npm run build`, and by cli/launch.js when needed.
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { rolldown, type OutputChunk } from "rolldown";
import { writeToolLists } from "./tool-lists.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const CLI_ENTRY = "cli/convert.ts";
export const CLI_OUT = "build/cli";

/** Modules the CLI must never contain: React and its UI libraries, and .tsx components. */
const UI_MODULE = /(^|[\\/])node_modules[\\/](react|react-dom|scheduler|react-router|lucide-react|radix-ui|@radix-ui[\\/][^\\/]+|sonner)[\\/]|\.tsx$/;

/**
 * Each conversion's code (cli/conversions/<slug>.ts) is an entry of its own, built to
 * conversions/<slug>.js beside convert.js: cli/dispatch.ts loads it by the tool's slug.
 */
function conversionEntries(): Record<string, string> {
  const folder = resolve(ROOT, "cli/conversions");
  return Object.fromEntries(
    readdirSync(folder)
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
      .map((file) => [`conversions/${file.slice(0, -3)}`, resolve(folder, file)]),
  );
}

/**
 * The PNG worker thread's module (cli/png-worker.ts) is built apart into one file, png-worker.js,
 * holding only what a worker runs (about 30 KB, where the chunks it would share with the
 * conversions hold 120 KB: every worker parses what it loads). cli/png-pool.ts starts it from
 * beside itself, so png-pool.ts goes in a chunk of its own at the top of the build, never inlined
 * into a conversion under conversions/.
 */
const PNG_WORKER = { name: "png-worker", entry: "cli/png-worker.ts" };
const PNG_POOL_CHUNK = { name: "png-pool", test: /[\\/]cli[\\/]png-pool\.ts$/ };
/** The same for PDF → TXT's worker threads (cli/pdf-text-pool.ts, decision 061): pdf.js and the text reader in one file. */
const PDF_TEXT_WORKER = { name: "pdf-text-worker", entry: "cli/pdf-text-worker.ts" };
const PDF_TEXT_POOL_CHUNK = { name: "pdf-text-pool", test: /[\\/]cli[\\/]pdf-text-pool\.ts$/ };

/** Builds a worker thread's module into `dir` as one file; returns its chunk. */
async function buildPngWorker(dir: string, worker: { name: string; entry: string } = PNG_WORKER): Promise<OutputChunk> {
  const bundle = await rolldown({ cwd: ROOT, input: { [worker.name]: resolve(ROOT, worker.entry) }, platform: "node", logLevel: "warn" });
  try {
    const { output } = await bundle.write({ dir, format: "esm", entryFileNames: "[name].js", minify: true, codeSplitting: false });
    return output[0];
  } finally {
    await bundle.close();
  }
}

export interface CliBuild {
  /** the files written, relative to outDir */
  files: string[];
  /** the source files bundled, relative to the repository */
  inputs: string[];
  /** total size of the JavaScript written */
  bytes: number;
}

/** Builds `entry` into `outDir` (the CLI by default); paths are relative to the repository. */
export async function buildCli({ entry = CLI_ENTRY, outDir = CLI_OUT }: { entry?: string; outDir?: string } = {}): Promise<CliBuild> {
  // the catalogue's folder lists are generated files: a first `npm run convert` may come before any build
  await writeToolLists(ROOT);
  const builtAt = Date.now();
  const target = resolve(ROOT, outDir);
  const staging = `${target}.tmp-${process.pid}`;
  const bundle = await rolldown({ cwd: ROOT, input: { convert: resolve(ROOT, entry), ...(entry === CLI_ENTRY ? conversionEntries() : {}) }, platform: "node", logLevel: "warn" });
  try {
    const { output } = await bundle.write({ dir: staging, format: "esm", entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js", minify: true, codeSplitting: { groups: [PNG_POOL_CHUNK, PDF_TEXT_POOL_CHUNK] } });
    const chunks = output.flatMap((item): OutputChunk[] => (item.type === "chunk" ? [item] : []));
    if (entry === CLI_ENTRY) chunks.push(await buildPngWorker(staging), await buildPngWorker(staging, PDF_TEXT_WORKER));
    const inputs = [...new Set(chunks.flatMap((chunk) => chunk.moduleIds))].filter((id) => !id.startsWith("\0")).map((id) => relative(ROOT, id));
    const ui = inputs.filter((id) => UI_MODULE.test(id));
    if (ui.length > 0) throw new Error(`The CLI build must not contain UI modules, but it has: ${ui.join(", ")}`);
    // the folder too: a conversion added there changes its mtime
    inputs.push("scripts/build-cli.ts", "package.json", "cli/conversions");
    writeFileSync(`${staging}/manifest.json`, `${JSON.stringify({ builtAt, inputs }, null, 1)}\n`);
    // replace the old build at once, so a concurrent run never sees half of one
    mkdirSync(dirname(target), { recursive: true });
    rmSync(target, { recursive: true, force: true });
    renameSync(staging, target);
    return { files: chunks.map((c) => c.fileName), inputs, bytes: chunks.reduce((sum, c) => sum + c.code.length, 0) };
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  } finally {
    await bundle.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // node scripts/build-cli.ts [entry outDir]: the CLI by default
  const [entry = CLI_ENTRY, outDir = CLI_OUT] = process.argv.slice(2);
  const { files, bytes } = await buildCli({ entry, outDir });
  console.log(`CLI built: ${outDir}/ (${files.length} files, ${(bytes / 1024).toFixed(0)} KB)`);
}
