// Codemod: rewrites imports to the package.json "imports" aliases (#app/*, #codecs/*, #server/*,
// #cli/*, #tests/*) and to one style. Run from the repository:
// `node scripts/codemods/import-aliases.ts [--dry-run | --check]`; `--check` changes nothing and
// exits 1 listing every import that breaks the rule (tests/unit/import-aliases-codemod.test.ts runs
// it over the repository). Idempotent: an import that follows the rule is never touched again.
//
// The rule (docs/decisions/017-import-aliases.md):
// - every `~/x` import becomes `#app/x`;
// - a relative import that climbs (`../`) out of the importer's top-level folder, or climbs two
//   levels or more, becomes the alias of the folder it reaches;
// - `./x` and a one-level `../x` inside the same top-level folder stay relative, and so does an
//   import of a file outside the aliased folders (playwright.config, scripts/, build/...);
// - every import of a file, aliased or relative, names it with its extension (`#codecs/png/index.ts`,
//   `./meta.ts`, never `#codecs/png` or `./meta`): Node resolves neither without it, TypeScript
//   ("allowImportingTsExtensions") and Vite take both, so the extension is the one style all read.
//   React Router's generated route types (`./+types/home`) are left as its typegen names them.
// When no `~/` import is left, the tsconfig `~/*` path and Vite's tsconfigPaths go too.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, posix } from "node:path";
import { fileURLToPath } from "node:url";

/** Top-level folder -> alias prefix; keep in step with package.json "imports". */
export const ALIASES: Readonly<Record<string, string>> = { app: "#app", codecs: "#codecs", server: "#server", cli: "#cli", tests: "#tests" };

const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
/** A file whose text holds this line is left alone (this codemod's tests quote imports as data). */
export const SKIP_MARKER = "import-aliases: leave this file";
/** A specifier ending in one of these names its file in full. */
const FILE_EXTENSION = /\.(ts|tsx|js|mjs|cjs|json|css)$/;
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

/** The aliased form of one specifier seen in `file` (repository-relative, "/"-separated), or null to keep it (for now). */
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

/**
 * The specifier the rule wants for one seen in `file`: aliased (as `aliasFor` says), and naming its
 * file with the extension; null when it already follows the rule (or is a package, or generated route
 * types); "unresolved" when it names a file of the repository that is not there.
 */
export function styledFor(specifier: string, file: string, isFile: (path: string) => boolean): string | "unresolved" | null {
  // a specifier built in a template string (code that writes code) names no file yet
  if (specifier.includes("${")) return null;
  const aliased = aliasFor(specifier, file, isFile);
  if (aliased !== null) return aliased;
  const [path, query = ""] = specifier.split(/(?=[?#])/, 2) as [string, string?];
  if (path.startsWith("#")) {
    const folder = Object.keys(ALIASES).find((key) => path.startsWith(`${ALIASES[key]}/`));
    if (!folder) return null;
    const target = folder + path.slice(ALIASES[folder]!.length);
    if (isFile(target)) return null;
    const resolved = withExtension(target, isFile);
    return resolved ? `${ALIASES[folder]}${resolved.slice(folder.length)}${query}` : "unresolved";
  }
  if (!path.startsWith("./") && !path.startsWith("../")) return null;
  if (path.includes("/+types/")) return null;
  const target = posix.normalize(posix.join(posix.dirname(file), path)).replace(/\/$/, "");
  if (isFile(target)) return null;
  const resolved = withExtension(target, isFile);
  // a file that exists only after a build (server.js's build/server/index.js) is named in full already
  if (!resolved) return FILE_EXTENSION.test(path) ? null : "unresolved";
  return `${path.replace(/\/$/, "")}${resolved.slice(target.length)}${query}`;
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
      const aliased = styledFor(specifier, file, isFile);
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

/** The repository's source files (tracked, or new and not ignored), repository-relative. */
function sourceFiles(root: string): string[] {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" }).split("\n");
  return listed.filter((f) => SOURCE.test(f) && !f.startsWith("node_modules/") && !f.startsWith("build/") && existsSync(join(root, f)));
}

const fileIn = (root: string) => (path: string) => {
  const full = join(root, path);
  return existsSync(full) && statSync(full).isFile();
};

interface TreeRewrite {
  /** repository-relative path -> its new source, for each file that changes */
  files: Map<string, string>;
  changes: string[];
  unresolved: string[];
  tildeLeft: boolean;
}

function rewriteTree(root: string): TreeRewrite {
  const isFile = fileIn(root);
  const result: TreeRewrite = { files: new Map(), changes: [], unresolved: [], tildeLeft: false };
  for (const file of sourceFiles(root)) {
    const source = readFileSync(join(root, file), "utf8");
    if (source.includes(SKIP_MARKER)) continue;
    const rewrite = rewriteImports(source, file, isFile);
    result.changes.push(...rewrite.changes);
    result.unresolved.push(...rewrite.unresolved);
    if (/(from\s*|import\s*\(\s*|import\s*)["'`]~\//.test(rewrite.code)) result.tildeLeft = true;
    if (rewrite.code !== source) result.files.set(file, rewrite.code);
  }
  return result;
}

/** Every import under `root` that breaks the rule: "file: old -> wanted", or "file: specifier (no file found)". */
export function importProblems(root: string): string[] {
  const { changes, unresolved } = rewriteTree(root);
  return [...changes, ...unresolved.map((line) => `${line} (no file found)`)];
}

function main(root: string, mode: "write" | "dry-run" | "check"): void {
  if (mode === "check") {
    const problems = importProblems(root);
    for (const line of problems) console.error(line);
    console.error(problems.length ? `${problems.length} import(s) break the import rule (docs/decisions/017-import-aliases.md): run node scripts/codemods/import-aliases.ts` : "every import follows the rule");
    process.exitCode = problems.length ? 1 : 0;
    return;
  }
  const dryRun = mode === "dry-run";
  const { files, changes, unresolved, tildeLeft } = rewriteTree(root);
  if (!dryRun) for (const [file, code] of files) writeFileSync(join(root, file), code);
  const config = tildeLeft ? {} : dropTildeConfig(Object.fromEntries(["tsconfig.json", "vite.config.ts", "vitest.config.ts"].filter((f) => existsSync(join(root, f))).map((f) => [f, readFileSync(join(root, f), "utf8")])));
  if (!dryRun) for (const [file, text] of Object.entries(config)) writeFileSync(join(root, file), text);
  for (const line of unresolved) console.warn(`left as it is (no file found): ${line}`);
  if (tildeLeft) console.warn("some ~/ imports are left: the tsconfig path and tsconfigPaths stay");
  console.log(`${dryRun ? "would rewrite" : "rewrote"} ${changes.length} import(s) in ${files.size} file(s)${Object.keys(config).length ? `; ${dryRun ? "would edit" : "edited"} ${Object.keys(config).join(", ")}` : ""}`);
}

if (import.meta.main) {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  main(root, process.argv.includes("--check") ? "check" : process.argv.includes("--dry-run") ? "dry-run" : "write");
}
