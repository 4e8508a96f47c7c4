// Codemod: rewrites imports to the package.json "imports" aliases (#app/*, #codecs/*, #server/*,
// #cli/*, #tests/*). Run from the repository: `node scripts/codemods/import-aliases.ts [--dry-run]`.
// Idempotent: an aliased import is never touched again.
//
// The rule (docs/decisions/017-import-aliases.md):
// - every `~/x` import becomes `#app/x`;
// - a relative import that climbs (`../`) out of the importer's top-level folder, or climbs two
//   levels or more, becomes the alias of the folder it reaches;
// - `./x` and a one-level `../x` inside the same top-level folder stay relative, and so does an
//   import of a file outside the aliased folders (playwright.config, scripts/, build/...);
// - an aliased import always names the file with its extension (`#codecs/png/index.ts`, never
//   `#codecs/png`): TypeScript and Node resolve "imports" targets without probing; only Vite would.
// When no `~/` import is left, the tsconfig `~/*` path and Vite's tsconfigPaths go too.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { posix } from "node:path";
import { fileURLToPath } from "node:url";

/** Top-level folder -> alias prefix; keep in step with package.json "imports". */
export const ALIASES: Readonly<Record<string, string>> = { app: "#app", codecs: "#codecs", server: "#server", cli: "#cli", tests: "#tests" };

const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
/** A file whose text holds this line is left alone (this codemod's tests quote imports as data). */
export const SKIP_MARKER = "import-aliases: leave this file";
const PROBES = [".ts", ".tsx", ".js", ".mjs", "/index.ts", "/index.tsx", "/index.js"];

// `from "x"`, `import "x"`, `import("x")` (also in types, with an optional /* comment */), and the
// module-naming calls of Vitest. Group 1 is what precedes the string, 2 its quote, 3 the specifier.
const SPECIFIER = /(\bfrom\s*|\bimport\s*|\bimport\s*\(\s*(?:\/\*[^*]*\*\/\s*)?|\bvi\.(?:mock|doMock|unmock|importActual|importMock)\(\s*)(["'])([^"'\n]+?)\2/g;
// a computed import whose template starts with `~/` (`~/${file}`): only its prefix can change
const TILDE_TEMPLATE = /(\bimport\s*\(\s*(?:\/\*[^*]*\*\/\s*)?)`~\//g;

export interface Rewrite {
  code: string;
  /** "file: old -> new" */
  changes: string[];
  /** "file: specifier" for imports the rule wants aliased but whose file was not found */
  unresolved: string[];
}

const topFolder = (path: string) => (path.includes("/") ? path.slice(0, path.indexOf("/")) : "");

/** The repository path a specifier names with its extension, or null when no file is there. */
function withExtension(path: string, isFile: (path: string) => boolean): string | null {
  if (isFile(path)) return path;
  for (const probe of PROBES) if (isFile(path + probe)) return path + probe;
  return null;
}

/** The aliased form of one specifier seen in `file` (repository-relative, "/"-separated), or null to keep it. */
export function aliasFor(specifier: string, file: string, isFile: (path: string) => boolean): string | "unresolved" | null {
  const [path, query = ""] = specifier.split(/(?=[?#])/, 2) as [string, string?];
  let target: string;
  if (path.startsWith("~/")) target = `app/${path.slice(2)}`;
  else if (path.startsWith("../")) {
    target = posix.normalize(posix.join(posix.dirname(file), path));
    const climbs = path.match(/^(\.\.\/)+/)![0].length / 3;
    if (climbs < 2 && topFolder(target) === topFolder(file)) return null;
  } else return null;
  const alias = ALIASES[topFolder(target)];
  if (!alias) return null;
  const resolved = withExtension(target, isFile);
  if (!resolved) return "unresolved";
  return `${alias}${resolved.slice(topFolder(target).length)}${query}`;
}

/** Rewrites the imports of one file's source. */
export function rewriteImports(source: string, file: string, isFile: (path: string) => boolean): Rewrite {
  const changes: string[] = [];
  const unresolved: string[] = [];
  const code = source
    .replace(TILDE_TEMPLATE, (_whole, before: string) => {
      // Vite resolves the rest of a computed #app/ import at run time (it probes extensions)
      changes.push(`${file}: \`~/... -> \`#app/...`);
      return `${before}\`#app/`;
    })
    .replace(SPECIFIER, (whole, before: string, quote: string, specifier: string) => {
      // `import x from "y"` reaches here through `from`; `import` alone is followed by a name, not a quote
      const aliased = aliasFor(specifier, file, isFile);
      if (aliased === null) return whole;
      if (aliased === "unresolved") {
        unresolved.push(`${file}: ${specifier}`);
        return whole;
      }
      changes.push(`${file}: ${specifier} -> ${aliased}`);
      return `${before}${quote}${aliased}${quote}`;
    });
  return { code, changes, unresolved };
}

/** Drops the `~/*` path and Vite's tsconfigPaths once nothing imports `~/` (text edits, formatting kept). */
export function dropTildeConfig(files: Readonly<Record<string, string>>): Record<string, string> {
  const edits: Record<string, string> = {};
  const tsconfig = files["tsconfig.json"];
  if (tsconfig !== undefined) {
    const json = JSON.parse(tsconfig) as { compilerOptions?: { paths?: Record<string, unknown> } };
    const paths = json.compilerOptions?.paths ?? {};
    if ("~/*" in paths) {
      const others = Object.keys(paths).filter((key) => key !== "~/*");
      edits["tsconfig.json"] =
        others.length === 0 ? tsconfig.replace(/^\s*"paths":\s*\{\s*"~\/\*":\s*\[[^\]]*\]\s*\},?\n/m, "") : tsconfig.replace(/"~\/\*":\s*\[[^\]]*\],?\s*/, "");
    }
  }
  for (const name of ["vite.config.ts", "vitest.config.ts"]) {
    const text = files[name];
    if (text !== undefined && /tsconfigPaths: true/.test(text)) edits[name] = text.replace(/^\s*resolve: \{ tsconfigPaths: true \},\n/m, "");
  }
  return edits;
}

function sourceFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" }).split("\n");
  return listed.filter((f) => SOURCE.test(f) && !f.startsWith("node_modules/") && !f.startsWith("build/") && existsSync(f));
}

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

function main(dryRun: boolean): void {
  const changes: string[] = [];
  const unresolved: string[] = [];
  let filesChanged = 0;
  let tildeLeft = false;
  for (const file of sourceFiles()) {
    const source = readFileSync(file, "utf8");
    if (source.includes(SKIP_MARKER)) continue;
    const result = rewriteImports(source, file, isFile);
    changes.push(...result.changes);
    unresolved.push(...result.unresolved);
    if (/(from\s*|import\s*\(\s*|import\s*)["'`]~\//.test(result.code)) tildeLeft = true;
    if (result.code !== source) {
      filesChanged += 1;
      if (!dryRun) writeFileSync(file, result.code);
    }
  }
  const config = tildeLeft ? {} : dropTildeConfig(Object.fromEntries(["tsconfig.json", "vite.config.ts", "vitest.config.ts"].filter(existsSync).map((f) => [f, readFileSync(f, "utf8")])));
  if (!dryRun) for (const [file, text] of Object.entries(config)) writeFileSync(file, text);
  for (const line of unresolved) console.warn(`left as it is (no file found): ${line}`);
  if (tildeLeft) console.warn("some ~/ imports are left: the tsconfig path and tsconfigPaths stay");
  console.log(`${dryRun ? "would rewrite" : "rewrote"} ${changes.length} import(s) in ${filesChanged} file(s)${Object.keys(config).length ? `; ${dryRun ? "would edit" : "edited"} ${Object.keys(config).join(", ")}` : ""}`);
}

if (import.meta.main) {
  process.chdir(fileURLToPath(new URL("../..", import.meta.url)));
  main(process.argv.includes("--dry-run"));
}
